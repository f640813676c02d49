/**
 * History's actions of the editor API: the list of published versions, "Return to this version" and "Undo just this
 * change". Each refusal answers as a publish's does (409 with the problems or the places to choose for).
 */
import { editorCatalogue, type ContentError } from '../../src/content/errors.ts';
import type { Bundle } from '../../src/editor/model.ts';
import type { Json } from '../../src/editor/yaml/json.ts';
import type { ContentStore, PublishCheck } from './contentStore.ts';
import { PUBLISHED } from './publishOnHost.ts';
import { historyOf, HistoryRefusal, returnTo, undoVersion, whatReturnTakesBack } from './history.ts';
import { rebase } from './merge.ts';
import { choicesOf } from './opsBody.ts';
import { HttpError, readJson, type Body } from './request.ts';

/** What History needs of the editor API. */
export interface HistoryApi {
  store: ContentStore;
  bundle: Bundle;
  valueOf(text: string): Json | null;
  check(text: string): ContentError[];
}

const COMMIT = /^[0-9a-f]{40}$/;

export async function historyAction(api: HistoryApi, method: string, action: string, body: Body): Promise<unknown> {
  const post = method === 'POST';
  const asked = post ? await readJson(body) : {};
  const author = typeof asked.author === 'string' ? asked.author.replace(/[<>\0-\x1f\x7f-\x9f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100) : '';
  const place = await api.store.historyPlace?.(author || undefined);
  if (!place) throw new HttpError(409, editorCatalogue.HistoryCannot());
  if (method === 'GET' && action === 'history') return { versions: await historyOf(place.to, (text) => api.valueOf(text), api.bundle) };
  if (!post || !['history/return', 'history/undo', 'history/return-asks'].includes(action)) throw new HttpError(404, 'There is no such editor action.');
  const commit = typeof asked.commit === 'string' ? asked.commit : '';
  if (!COMMIT.test(commit)) throw new HttpError(400, editorCatalogue.HistoryNotHere());
  if (action === 'history/return-asks') return refusedInWords(() => whatReturnTakesBack(place.to, commit, (text) => api.valueOf(text), api.bundle));
  // A return is made only on the version its changes were shown on (history/return-asks).
  const seen = typeof asked.seen === 'string' ? asked.seen : '';
  if (action === 'history/return' && !COMMIT.test(seen)) throw new HttpError(400, editorCatalogue.HistoryNotAsked());
  const check: PublishCheck = (text) => {
    const problems = api.check(text);
    return problems.length ? { problems, message: editorCatalogue.HistoryUnfit(problems.length) } : undefined;
  };
  const choices = choicesOf(asked.choices);
  return refusedInWords(async () => {
    const made = action === 'history/return'
      ? await returnTo(place, commit, seen, check, (base, mine, theirs, who) => rebase(base, mine, theirs, choices, who, [], api.bundle))
      : await undoVersion(place, commit, choices, check, api.bundle);
    return { ok: true, commit: made, message: PUBLISHED };
  });
}

/** `work`'s answer, or its HistoryRefusal as an answer in words (with the problems or the places to choose for). */
async function refusedInWords<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HistoryRefusal) || error.result.ok) throw error;
    const { problems, conflicts } = error.result;
    throw new HttpError(error.status, error.result.message, { ...(problems ? { problems } : {}), ...(conflicts ? { conflicts } : {}) });
  }
}
