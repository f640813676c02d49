// What an open editor makes of each look at what colleagues did, turn by turn, as the server answers them: the
// order of the answers is an input, set here, including a look that lands while an approval's publish finishes.
import { describe, expect, it } from 'vitest';
import { editorCatalogue } from '../../src/content/errors.ts';
import type { News } from '../../src/editor/api.ts';
import { whenWords } from '../../src/editor/ConflictChoices.tsx';
import { keptAfter, newsTurn } from '../../src/editor/news.tsx';

const ASKED = { at: '2026-12-07T09:10:00+10:30', message: 'New fax number' };
const waitingFor = (head: string): News => ({ head, draft: 3, asked: ASKED });
const ben = { asked: true, me: 'Ben Lowe', idle: true };

/** Each answer judged against the one kept before it, as the screen keeps them (a later turn keeps the old version). */
function turns(answers: News[], here = ben) {
  let known = answers[0];
  return answers.slice(1).map((news) => {
    const turn = newsTurn(known, news, here);
    known = keptAfter(known, news, turn);
    return turn;
  });
}

describe("an open editor's news", () => {
  it('says a request was approved once its publish has cleared the draft', () => {
    expect(turns([waitingFor('a1'), { head: 'b2', draft: 0, published: { by: 'Ben Lowe' } }])).toEqual([{ said: editorCatalogue.NewsApproved(), reload: true }]);
  });

  it('still says so when a look lands between the approved version and the clearing of its draft', () => {
    const finishing: News = { head: 'b2', draft: 3, asked: ASKED, published: { by: 'Ben Lowe' } };
    const settled: News = { head: 'b2', draft: 0, published: { by: 'Ben Lowe' } };
    expect(turns([waitingFor('a1'), finishing, settled])).toEqual([{ later: true }, { said: editorCatalogue.NewsApproved(), reload: true }]);
  });

  it("tells someone who asked that a colleague published something else, and keeps the request's draft", () => {
    const at = '2026-12-07T09:15:00+10:30';
    const other: News = { head: 'c3', draft: 3, asked: ASKED, published: { by: 'Karen Mills', at } };
    expect(turns([waitingFor('a1'), other])).toEqual([{ said: editorCatalogue.NewsPublished('Karen Mills', whenWords(at), true), reload: false }]);
  });

  it("says nothing of a person's own publish from another window, and reads the form again once its draft is gone", () => {
    const karen = { asked: false, me: 'Karen Mills', idle: true };
    const own: News = { head: 'd4', draft: 2, published: { by: 'Karen Mills' } };
    expect(turns([{ head: 'a1', draft: 2 }, own, { head: 'd4', draft: 0 }], karen)).toEqual([{}, { reload: true }]);
  });

  it('says a request came back with its note, once', () => {
    const back: News = { head: 'a1', draft: 3, returned: { note: 'The phone stays.', by: 'Karen Mills' } };
    expect(turns([waitingFor('a1'), back, back], { ...ben, asked: false })).toEqual([{ said: editorCatalogue.NewsSentBack('Karen Mills') }, {}]);
  });
});
