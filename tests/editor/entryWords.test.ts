/**
 * One word for one entry of each list: the checker's messages (describePath) and the editor's navigator name an
 * entry with no name of its own the same way, for every list the schema has.
 */
import { describe, expect, it } from 'vitest';
import { bundleSchema } from '../../server/editor/schemaBundle.ts';
import { describePath } from '../../src/content/locate.ts';
import { collectionDefs, navigator } from '../../src/editor/model.ts';

const bundle = bundleSchema();

describe('the words for an entry of a list', () => {
  const lists = Object.keys(collectionDefs(bundle));
  it('cover every list of the schema', () => expect(lists.length).toBeGreaterThanOrEqual(8));

  it.each(lists)('%s: the navigator and the checker say the same word', (list) => {
    // An entry with no name of its own: both fall back to the list's word and its number.
    const doc = { entities: { [list]: [{}] } };
    const group = navigator(doc, bundle).find((g) => g.list?.[1] === list);
    const navigatorWord = group?.targets[0]?.label.replace(/ 1$/, '');
    const checkerWord = describePath(doc, ['entities', list, 0]).replace(/^.*> /, '').replace(/ (1|#1|\d+)$/, '');
    expect(navigatorWord).toBeTruthy();
    expect(checkerWord.toLowerCase()).toContain(String(navigatorWord).toLowerCase());
  });
});
