/** `npm start` on a site.yaml with mistakes: the checker's messages and one sentence, never a stack trace. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { limit } from '../../bench/machineSpeed.ts';

const root = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'site-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm start with a broken site.yaml', () => {
  it('prints the problems and why it did not start, exits 1, and shows no stack trace', () => {
    const fixture = join(root, 'tests', 'fixtures', 'minimal-site');
    symlinkSync(join(fixture, 'public'), join(work, 'public'));
    const file = join(work, 'site.yaml');
    writeFileSync(file, readFileSync(join(fixture, 'site.yaml'), 'utf8').replace('postcode: "2999"', 'postcode: 2999'));
    const result = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/start.ts'), '--dist', join(work, 'dist')], {
      cwd: root, encoding: 'utf8', env: { ...process.env, SITE: file, PORT: '0' }, timeout: limit(120_000),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('contact > address > postcode [contact.address.postcode]  2999 was read as a number, but text is expected here. Put it in quotes: "2999".');
    expect(result.stderr).toContain('The site was not started, because it could not be built. Fix what is listed above, then run `npm start` again.');
    expect(`${result.stdout}\n${result.stderr}`).not.toMatch(/^\s+at |node:internal|Error: Command failed/m);
  }, limit(150_000));
});
