/**
 * History's actions of the editor API: the list of published versions, "Return to this version" and "Undo just this
 * change". Each refusal answers as a publish's does (409 with the problems or the places to choose for).
 */
import { editorCatalogue, type ContentError } from '../../src/content/errors.ts';
import type { Bundle } from '../../src/editor/model.ts';
import type { Json } from '../../src/editor/yaml/json.ts';
import type { ContentStore, PublishCheck } from './contentStore.ts';
import { PUBLISHED } from './publishOnHost.ts';
import { historyOf, HistoryRefusal, returnTo, undoVersion } from './history.ts';
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
  if (!post || (action !== 'history/return' && action !== 'history/undo')) throw new HttpError(404, 'There is no such editor action.');
  const commit = typeof asked.commit === 'string' ? asked.commit : '';
  if (!COMMIT.test(commit)) throw new HttpError(400, editorCatalogue.HistoryNotHere());
  const check: PublishCheck = (text) => {
    const problems = api.check(text);
    return problems.length ? { problems, message: editorCatalogue.HistoryUnfit(problems.length) } : undefined;
  };
  const choices = choicesOf(asked.choices);
  try {
    const made = action === 'history/return'
      ? await returnTo(place, commit, check, (base, mine, theirs, who) => rebase(base, mine, theirs, choices, who, [], api.bundle))
      : await undoVersion(place, commit, choices, check, api.bundle);
    return { ok: true, commit: made, message: PUBLISHED };
  } catch (error) {
    if (!(error instanceof HistoryRefusal) || error.result.ok) throw error;
    const { problems, conflicts } = error.result;
    throw new HttpError(error.status, error.result.message, { ...(problems ? { problems } : {}), ...(conflicts ? { conflicts } : {}) });
  }
}
