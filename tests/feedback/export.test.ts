import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackStore, listFeedback, openFeedbackDatabase } from '../../server/local/feedbackStore.ts';
import { limit } from '../../bench/machineSpeed.ts';

const root = resolve(import.meta.dirname, '..', '..');
let dir: string;
let dataDir: string;

/** `npm run feedback:export` as the practice manager runs it. */
function exportFeedback(args: string[] = [], data = dataDir) {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/feedback-export.ts'), ...args], {
    cwd: root,
    env: { ...process.env, FEEDBACK_DATA_DIR: data },
    encoding: 'utf8',
    timeout: limit(120_000),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const tricky = 'Line one, with "quotes"\nLine two';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'feedback-export-'));
  dataDir = join(dir, 'feedback');
  const database = await openFeedbackDatabase(dataDir);
  const store = feedbackStore(database.db);
  await store.submit({ name: 'Ann', email: 'ann@example.com', phone: '', feedbackType: 'compliment', message: 'Lovely staff.' }, null);
  await store.submit({ name: '=HYPERLINK("http://x")', email: '', phone: '+61 8 8377 1234', feedbackType: 'complaint', message: tricky }, null);
  await database.close();
}, limit(120_000));
afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

describe('npm run feedback:export', () => {
  it('prints every submission as JSON Lines, oldest first', () => {
    const { status, stdout, stderr } = exportFeedback();
    expect(status).toBe(0);
    const rows = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows).toMatchObject([
      { id: 1, feedbackType: 'compliment', name: 'Ann', email: 'ann@example.com', message: 'Lovely staff.' },
      { id: 2, feedbackType: 'complaint', phone: '+61 8 8377 1234', message: tricky },
    ]);
    expect(Date.parse(rows[0].createdAt as string)).not.toBeNaN();
    expect(stderr).toContain('2 submissions');
  }, limit(120_000));

  it('prints CSV with --csv: quoted where needed, formulas defused', () => {
    const { status, stdout } = exportFeedback(['--csv']);
    expect(status).toBe(0);
    const lines = stdout.split('\r\n');
    expect(lines[0]).toBe('id,createdAt,feedbackType,name,email,phone,message');
    expect(lines[1]).toMatch(/^1,\d{4}-\d\d-\d\dT[^,]+,compliment,Ann,ann@example\.com,,Lovely staff\.$/);
    expect(stdout).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(stdout).toContain(`'+61 8 8377 1234`);
    expect(stdout).toContain('"Line one, with ""quotes""\nLine two"');
  }, limit(120_000));

  it('lists by id as a number (1, 2, ... 9, 10, 11, 12), and shows bidirectional controls as their codes', async () => {
    const numbered = join(dir, 'numbered');
    const database = await openFeedbackDatabase(numbered);
    const store = feedbackStore(database.db);
    for (let i = 1; i <= 12; i++) {
      await store.submit({ name: '', email: '', phone: '', feedbackType: 'general', message: i === 11 ? 'invoice \u202Efdp.exe\u2066 x\u2069' : `number ${i}` }, null);
    }
    await database.close();
    const { status, stdout } = exportFeedback([], numbered);
    expect(status).toBe(0);
    const rows = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: number; message: string });
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows[10].message).toBe('invoice [U+202E]fdp.exe[U+2066] x[U+2069]');
    const csv = exportFeedback(['--csv'], numbered).stdout;
    expect(csv).toContain('invoice [U+202E]fdp.exe[U+2066] x[U+2069]');
    expect(csv.split('\r\n').slice(1, -1).map((line) => Number(line.split(',')[0]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(stdout + csv).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    // What was sent is what is stored.
    const again = await openFeedbackDatabase(numbered);
    try {
      expect((await listFeedback(again.db))[10].message).toBe('invoice \u202Efdp.exe\u2066 x\u2069');
    } finally {
      await again.close();
    }
  }, limit(180_000));

  it('refuses, with a clear message, while the server holds the data', async () => {
    const database = await openFeedbackDatabase(dataDir);
    try {
      const { status, stderr } = exportFeedback();
      expect(status).toBe(1);
      expect(stderr).toMatch(/open in another program .*Stop that program/s);
    } finally {
      await database.close();
    }
  }, limit(120_000));

  it('says so when nothing has been stored yet', () => {
    const { status, stdout, stderr } = exportFeedback([], join(dir, 'never-used'));
    expect(status).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/No feedback has been stored yet/);
  }, limit(60_000));
});
