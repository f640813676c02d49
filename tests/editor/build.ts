import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildInfoDir } from '../../server/local/buildInfo.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const tsx = (script: string, args: string[], siteFile: string) =>
  execFileSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, script), ...args], {
    cwd: ROOT, stdio: 'pipe', encoding: 'utf8', env: { ...process.env, SITE: siteFile },
  });

export interface Built {
  out: string;
  /** The prerendered HTML of a route ('/', '/fees'). */
  html(route: string): string;
  /** Removes the output folder and the build's internals kept beside it (<out>.build-info). */
  cleanup(): void;
}

/** `npm run check` on a practice's file: throws with its messages unless it is green. */
export function check(siteFile: string): string {
  return tsx('scripts/check.ts', [], siteFile);
}

/** A production build of a practice's file into a temporary folder, as `npm run build` makes it. */
export function build(siteFile: string): Built {
  const out = mkdtempSync(join(tmpdir(), 'editor-built-'));
  const cleanup = () => {
    rmSync(out, { recursive: true, force: true });
    rmSync(buildInfoDir(out), { recursive: true, force: true });
  };
  try {
    tsx('scripts/build.ts', ['--outDir', out], siteFile);
  } catch (error) {
    cleanup();
    throw error;
  }
  return {
    out,
    cleanup,
    html: (route) => {
      const file = join(out, route.replace(/^\/+|\/+$/g, ''), 'index.html');
      if (!existsSync(file)) throw new Error(`The build has no page ${route} (${file}).`);
      return readFileSync(file, 'utf8');
    },
  };
}
