/**
 * A page's own stylesheet: the rules of the modules it uses and every rule of no module, in order, with grouping
 * rules kept only around rules that stay. The built pages are checked in tests/live/budgets.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { moduleHashes, stylesheetFor } from '../../build/pageStyles.ts';

const CSS = [
  'html{color:#123}',
  '.card_aaaaa{padding:1rem}.card_aaaaa:hover .title_aaaaa{color:red}',
  '.menu_bbbbb{display:none}',
  '@media (min-width:60rem){.menu_bbbbb{display:block}.card_aaaaa{padding:2rem}}',
  '@media print{.menu_bbbbb{display:none}}',
  '.quote_ccccc:before{content:"{ not a block }"}',
  '@keyframes spin_bbbbb{to{transform:rotate(1turn)}}',
  '@view-transition{navigation:auto}',
  '.a_aaaaa,.b_bbbbb{margin:0}',
].join('');

describe('stylesheetFor', () => {
  it('keeps global rules, the used modules\' rules and the grouping rules around them, in order', () => {
    expect(stylesheetFor(CSS, new Set(['aaaaa']))).toBe([
      'html{color:#123}',
      '.card_aaaaa{padding:1rem}.card_aaaaa:hover .title_aaaaa{color:red}',
      '@media (min-width:60rem){.card_aaaaa{padding:2rem}}',
      '@keyframes spin_bbbbb{to{transform:rotate(1turn)}}',
      '@view-transition{navigation:auto}',
      '.a_aaaaa,.b_bbbbb{margin:0}',
    ].join(''));
  });

  it('reads a brace inside a quoted value as text', () => {
    expect(stylesheetFor(CSS, new Set(['ccccc']))).toContain('.quote_ccccc:before{content:"{ not a block }"}');
    expect(stylesheetFor(CSS, new Set(['ccccc']))).not.toContain('card_aaaaa');
  });

  it('keeps all of it when every module is used', () => {
    expect(stylesheetFor(CSS, moduleHashes(CSS))).toBe(CSS);
  });

  it('says where a stylesheet is cut off', () => {
    expect(() => stylesheetFor('.a_aaaaa{color:red}.b_bbbbb{color:blue', new Set())).toThrow('The stylesheet has a "{" with no "}" after ".b_bbbbb".');
  });
});

describe('moduleHashes', () => {
  it('finds the module of each class the build named, in HTML or a script, and nothing else', () => {
    expect([...moduleHashes('<li class="card grid_85951 top_3a680"><a href="/x_1">item_12</a></li>')]).toEqual(['85951', '3a680']);
    expect([...moduleHashes('const s={hidden:"hidden_9f0e1",shown:"shown_9f0e1"}')]).toEqual(['9f0e1']);
  });
});
