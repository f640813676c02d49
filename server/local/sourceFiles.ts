import { closeSync, existsSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { extname, join, normalize, relative, sep } from 'node:path';
import { sniff, type Kind } from '../editor/upload.ts';

/** The kinds the editor uploads, by extension, as their bytes must say they are. */
const KINDS: Record<string, Kind['type']> = { '.jpg': 'jpeg', '.jpeg': 'jpeg', '.png': 'png', '.webp': 'webp', '.avif': 'avif', '.pdf': 'pdf' };

/** The first bytes of a file, enough to tell what it is. */
function head(file: string): Uint8Array {
  const bytes = new Uint8Array(16);
  const fd = openSync(file, 'r');
  try {
    return bytes.subarray(0, readSync(fd, bytes, 0, bytes.length, 0));
  } finally {
    closeSync(fd);
  }
}

export interface SourceFile { file: string; address: string }

/**
 * Files of public/ that the build in dist/ does not have yet: a picture or a PDF published from /admin is committed
 * (and written into the checkout) while `npm start` runs, and dist/ has it only after the next build; until then its
 * address would answer "not found" on the very computer it was published from. A file is served from public/ when
 * dist/ has none at its address, or one older than public/'s copy (`builtAt`: when dist/ was built, 0 when unknown,
 * and then only missing files). Only pictures and PDFs, each only when its bytes are what its name says, and only
 * inside public/ once links are followed (a link there could point anywhere on this computer).
 */
export function sourceFiles(publicDir: string, builtAt: number): (pathname: string, inDist: string | null) => SourceFile | null {
  const root = normalize(publicDir + sep);
  const realRoot = existsSync(root) ? join(realpathSync(root), sep) : root;
  return (pathname, inDist) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const kind = KINDS[extname(decoded).toLowerCase()];
    const file = normalize(join(root, decoded));
    if (!kind || decoded.includes('\0') || !file.startsWith(root) || !existsSync(file)) return null;
    const stat = statSync(file);
    if (!stat.isFile() || !realpathSync(file).startsWith(realRoot)) return null;
    if (inDist && (!builtAt || stat.mtimeMs <= Math.max(builtAt, statSync(inDist).mtimeMs))) return null;
    if (sniff(head(file))?.type !== kind) return null;
    return { file, address: `/${relative(root, file).split(sep).join('/')}` };
  };
}
