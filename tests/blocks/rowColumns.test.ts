import { describe, expect, it } from 'vitest';
import { rowColumns } from '../../src/ui/rowColumns.ts';

/** The rows a count of cards makes with the chosen column count. */
const rows = (count: number) => {
  const columns = rowColumns(count);
  return Array.from({ length: Math.ceil(count / columns) }, (_, i) => Math.min(columns, count - i * columns));
};

describe('rowColumns: no card alone at the end of a row', () => {
  it('keeps three to a row when the last row has two or three', () => {
    expect(rows(6)).toEqual([3, 3]);
    expect(rows(5)).toEqual([3, 2]);
  });
  it('makes four people two rows of two, and seven a row of four and one of three', () => {
    expect(rows(4)).toEqual([2, 2]);
    expect(rows(7)).toEqual([4, 3]);
  });
  it('puts a count that fits in one row in one row, one person included', () => {
    expect(rows(1)).toEqual([1]);
    expect(rows(3)).toEqual([3]);
  });
  it('leaves no lone card for any count from 2 to 40', () => {
    for (let count = 2; count <= 40; count++) expect(rows(count).at(-1), `${count} cards`).toBeGreaterThan(1);
  });
});
