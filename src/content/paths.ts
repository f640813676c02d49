/** '/fees/' and '/fees?x#y' are the page '/fees'. Pure, so the browser and the server share it. */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0];
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}
