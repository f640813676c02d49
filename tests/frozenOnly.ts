/**
 * Setup of the engine's test projects: opening the live site.yaml fails the test that does it. The live file is the
 * practice's to change; a test that read it would pin today's content, and a correct staff edit would turn CI red.
 * Only tests/live/ reads it (a project without this setup). Builds a test starts get $SITE, the frozen copy.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Found from this file's place rather than by new URL(): the component tests run with a DOM whose URL class Node's
// path functions do not take.
export const LIVE_SITE_FILE = resolve(import.meta.dirname, '..', 'site.yaml');

export const LIVE_READ = `A test outside tests/live/ opened the live site.yaml (${LIVE_SITE_FILE}). `
  + 'Read tests/fixtures/saltbush/site.yaml (the frozen copy) instead, or move an invariant of the live file to tests/live/.';

const isLive = (target: unknown) => {
  const href = target instanceof Object && 'href' in target ? String(target.href) : undefined;
  const path = typeof target === 'string' ? target : href?.startsWith('file:') ? fileURLToPath(href) : undefined;
  return path !== undefined && resolve(path) === LIVE_SITE_FILE;
};

type AnyFunction = (...args: never[]) => unknown;
// A project whose files share one process (isolate off) runs this file once per test file: one guard is enough.
const GUARDED = Symbol('guarded against the live site file');

/** Wraps `holder[name]` so that a call whose first argument is the live site.yaml throws (or rejects). */
function guard<T extends object>(holder: T, name: keyof T & string, rejects = false) {
  const original = holder[name] as unknown as AnyFunction;
  if (typeof original !== 'function' || GUARDED in original) return;
  const wrapped = function (this: unknown, ...args: never[]) {
    if (isLive(args[0])) {
      if (rejects) return Promise.reject(new Error(LIVE_READ));
      throw new Error(LIVE_READ);
    }
    return original.apply(this, args);
  };
  Object.defineProperty(wrapped, GUARDED, { value: true });
  Object.defineProperty(holder, name, { value: wrapped, writable: true, configurable: true });
}

for (const name of ['readFileSync', 'readFile', 'openSync', 'open', 'createReadStream', 'copyFileSync', 'copyFile', 'cpSync', 'cp'] as const) guard(fs, name);
for (const name of ['readFile', 'open', 'copyFile', 'cp'] as const) guard(fs.promises, name, true);
// Modules that import { readFileSync } from 'node:fs' see the guarded functions too.
syncBuiltinESMExports();
