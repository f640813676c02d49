import { opsBetween } from '../../src/editor/review/changes.ts';
import type { Op } from '../../src/editor/ops/op.ts';
import { withoutUndefined, type Json } from '../../src/editor/yaml/json.ts';
import { patchOps, PatchError, valueOfText } from '../../src/editor/yaml/patch.ts';

/** The operations that turn the value `source` reads as into `next`: what the forms send for that change. */
export function opsFor(before: unknown, next: unknown): Op[] {
  return opsBetween(withoutUndefined(before), withoutUndefined(next));
}

/** `source` with the operations that make it read as `next` written into it (the writer's whole job, driven by operations). */
export function writeValue(source: string, next: unknown): string {
  const before = valueOfText(source);
  if (before === undefined) throw new PatchError('The file has a mistake that stops it being read, so the change cannot be placed in it.');
  const { text, conflicts } = patchOps(source, opsFor(before, next));
  if (conflicts.length) throw new Error(`Unexpected conflicts: ${JSON.stringify(conflicts)}`);
  return text;
}

export type { Json };
