/**
 * History's actions of the editor API: the list of published versions, "Return to this version" and "Undo just this
 * change". Each refusal answers as a publish's does (409 with the problems or the places to choose for).
 */
import { editorCatalogue, type ContentError } from '../../src/content/errors.ts';
import type { Bundle } from '../../src/editor/model.ts';
import type { Json } from '../../src/editor/yaml/json.ts';
import { HISTORY_LIMIT, HISTORY_PAGES } from './gitHost.ts';
import type { ContentStore } from './contentStore.ts';
import type { PublishCheck } from './publishing.ts';
import { PUBLISHED } from './publishOnHost.ts';
import { historyOf, HistoryRefusal, returnTo, siteParts, undoVersion, whatReturnTakesBack } from './history.ts';
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

/** A page of the history as asked (History counts them from 0, the newest), or undefined for no page that can be. */
function pageOf(asked: unknown): number | undefined {
  const page = typeof asked === 'string' && /^\d{1,9}$/.test(asked) ? Number(asked) : asked ?? 0;
  return typeof page === 'number' && Number.isInteger(page) && page >= 0 && page < HISTORY_PAGES ? page : undefined;
}

/** `query`: a GET's (history?page=1, the versions before the newest HISTORY_LIMIT). */
export async function historyAction(api: HistoryApi, method: string, action: string, body: Body, query = new URLSearchParams()): Promise<unknown> {
  const post = method === 'POST';
  const asked = post ? await readJson(body) : {};
  const author = typeof asked.author === 'string' ? asked.author.replace(/[<>\0-\x1f\x7f-\x9f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100) : '';
  const place = await api.store.historyPlace?.(author || undefined);
  if (!place) throw new HttpError(409, editorCatalogue.HistoryCannot());
  const page = pageOf(post ? asked.page : query.get('page') ?? undefined);
  if (page === undefined) throw new HttpError(400, 'There is no such page of the history.');
  if (method === 'GET' && action === 'history') {
    const valueOf = (text: string) => api.valueOf(text);
    const versions = await historyOf(place.to, valueOf, api.bundle, page);
    // A full page whose oldest version had one before it: there may be older ones (a page more says for sure).
    const more = versions.length === HISTORY_LIMIT && !versions[versions.length - 1].first;
    // With the newest page, the parts to search by: today's, which older pages do not change.
    return { versions, more, ...(page === 0 ? { parts: await siteParts(place.to, valueOf, api.bundle) } : {}) };
  }
  if (!post || !['history/return', 'history/undo', 'history/return-asks'].includes(action)) throw new HttpError(404, 'There is no such editor action.');
  const commit = typeof asked.commit === 'string' ? asked.commit : '';
  if (!COMMIT.test(commit)) throw new HttpError(400, editorCatalogue.HistoryNotHere());
  if (action === 'history/return-asks') return refusedInWords(() => whatReturnTakesBack(place.to, commit, (text) => api.valueOf(text), api.bundle, page));
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
      ? await returnTo(place, commit, seen, check, (base, mine, theirs, who) => rebase(base, mine, theirs, choices, who, [], api.bundle), page)
      : await undoVersion(place, commit, choices, check, api.bundle, page);
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
