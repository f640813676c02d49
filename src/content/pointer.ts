/** JSON pointer helpers (RFC 6901) shared by validation and compilation. */
export function parsePointer(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : part));
}

export function getAt(root: unknown, path: (string | number)[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

export function setAt(root: unknown, path: (string | number)[], value: unknown): void {
  const parent = getAt(root, path.slice(0, -1));
  if (parent !== null && typeof parent === 'object') (parent as Record<string | number, unknown>)[path[path.length - 1]] = value;
}

/** 'pages.3.blocks.0.heading' style, for people. */
export function dotted(path: (string | number)[]): string {
  return path.length ? path.join('.') : '(top of file)';
}
