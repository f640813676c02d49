/**
 * How many cards a full-width row holds so that the last row is never one card on its own: `widest` when the count
 * allows, else fewer, else more (4 people make two rows of 2; 7 make rows of 4 and 3). A count that fits in one
 * row is that row.
 */
export function rowColumns(count: number, widest = 3): number {
  if (count <= widest) return Math.max(count, 1);
  for (let columns = widest; columns >= 2; columns--) if (count % columns !== 1) return columns;
  let columns = widest + 1;
  while (count % columns === 1) columns++;
  return columns;
}

/**
 * The grid's column count as an attribute its stylesheet sizes the row by (the site's CSP allows no style
 * attribute, so it cannot be a custom property set inline).
 */
export const columnsAttribute = (count: number, widest?: number) => ({ 'data-columns': rowColumns(count, widest) });
