/**
 * The editor's `ops` action at its limit. Each operation once read the whole practice file again: 300 of them held
 * the server for 21 seconds. Now a save carries at most MAX_OPS_PER_SAVE operations (the editor sends more as several
 * saves), all done on the value and written into the text at once: the file is read once and read back once.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { hashOf } from '../../server/editor/contentStore.ts';
import { applyOp } from '../../src/editor/ops/apply.ts';
import { MAX_OPS_PER_SAVE } from '../../src/editor/ops/op.ts';
import type { Json } from '../../src/editor/yaml/json.ts';
import { patchOps, valueOfText } from '../../src/editor/yaml/patch.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { comments } from './lineDiff.ts';
import { opsMix } from './opsMix.ts';
import { call, editorPerTest } from './request.ts';
import { limit } from '../../bench/machineSpeed.ts';

/** Reads of the whole file (the writer also reads a value or two of a line, to see how to write it). */
const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock('yaml', async (original) => {
  const yaml = await original<typeof import('yaml')>();
  return {
    ...yaml,
    parseDocument: (...args: Parameters<typeof yaml.parseDocument>) => {
      if (args[0].length > 100_000) reads.count++;
      return yaml.parseDocument(...args);
    },
  };
});

const SITE = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
if (SITE.length <= 100_000) throw new Error('Reads of the whole file are told apart by their length: the frozen practice must be longer.');
const start = valueOfText(SITE) as Json;
const open = editorPerTest();

/** The value `ops` make of `value`, done one after the other as the browser does them. */
function done(value: Json, ops: ReturnType<typeof opsMix>): Json {
  return ops.reduce((next, op) => {
    const applied = applyOp(next, op);
    return applied.kind === 'done' ? applied.value : next;
  }, value);
}

describe('the most operations a save takes', () => {
  const ops = opsMix(start, MAX_OPS_PER_SAVE);

  it('are a mix of typing, entries added and entries removed, on the practice\'s whole file', () => {
    expect(ops).toHaveLength(MAX_OPS_PER_SAVE);
    const kinds = new Set(ops.map((op) => op.op));
    expect([...kinds].sort()).toEqual(['insert', 'remove', 'set']);
  });

  it('are written with the file read once and read back once, reading as what they make, every comment kept', () => {
    reads.count = 0;
    const { text, conflicts } = patchOps(`${SITE}\n`, ops);
    expect(reads.count).toBe(2);
    expect(conflicts).toEqual([]);
    expect(valueOfText(text)).toEqual(done(start, ops));
    expect(comments(text)).toEqual(comments(SITE));
  });

  it('are saved by the editor\'s server well within 5 seconds (they took 15 to 20 when each read the file)', async () => {
    const { editor, box } = await open('real');
    const started = performance.now();
    const answer = await call(editor, 'POST', '/api/ops', { ops, hash: await hashOf(SITE) });
    expect(performance.now() - started).toBeLessThan(limit(5000));
    expect(answer.status).toBe(200);
    expect(answer.body.conflicts).toEqual([]);
    expect(valueOfText(readFileSync(box.siteFile, 'utf8'))).toEqual(done(start, ops));
  }, limit(60_000));

  it('and one more are refused in plain words, nothing written', async () => {
    const { editor, box } = await open('real');
    const answer = await call(editor, 'POST', '/api/ops', { ops: opsMix(start, MAX_OPS_PER_SAVE + 1), hash: await hashOf(SITE) });
    expect(answer).toEqual({
      status: 400,
      body: { error: `The editor sent more changes at once than it takes (at most ${MAX_OPS_PER_SAVE}), and none of them was saved. Reload the page; the work saved before is kept.` },
    });
    expect(readFileSync(box.siteFile, 'utf8')).toBe(SITE);
    expect(box.git(['status', '--porcelain'])).toBe('');
  }, limit(60_000));
});
