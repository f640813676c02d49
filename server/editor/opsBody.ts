import { MAX_OPS_PER_SAVE, type Op, type Step } from '../../src/editor/ops/op.ts';
import { isObject } from '../../src/editor/yaml/json.ts';
import type { Choices } from './merge.ts';

/** The operations and choices a request carries, checked for shape: anything else is a request the editor did not send. */

export class BadBody extends Error {}

const isStep = (step: unknown): step is Step => {
  if (typeof step === 'string') return true;
  if (!isObject(step)) return false;
  const keys = Object.keys(step).sort().join(',');
  if (keys === 'id') return typeof step.id === 'string';
  if (keys === 'value') return step.value === null || ['string', 'number', 'boolean'].includes(typeof step.value);
  if (keys === 'at,of') return Number.isInteger(step.at) && Number.isInteger(step.of);
  return false;
};

const isPath = (path: unknown): path is Step[] => Array.isArray(path) && path.length <= 64 && path.every(isStep);

function isOp(op: unknown): op is Op {
  if (!isObject(op) || !isPath(op.path)) return false;
  if (op.op === 'set') return 'value' in op;
  if (op.op === 'remove') return 'was' in op;
  if (op.op === 'insert' || op.op === 'move') return (op.after === null || isStep(op.after)) && (op.op === 'move' || 'value' in op);
  return false;
}

export function opsOf(value: unknown): Op[] {
  if (Array.isArray(value) && value.length > MAX_OPS_PER_SAVE) {
    throw new BadBody(`The editor sent more changes at once than it takes (at most ${MAX_OPS_PER_SAVE}), and none of them was saved. Reload the page; the work saved before is kept.`);
  }
  if (Array.isArray(value) && value.every(isOp)) return value;
  throw new BadBody('The editor sent a change it could not read. Reload the page.');
}

export function choicesOf(value: unknown): Choices {
  if (value === undefined) return {};
  if (isObject(value) && Object.values(value).every((v) => v === 'mine' || v === 'theirs')) return value as Choices;
  throw new BadBody('The editor sent a choice it could not read. Reload the page.');
}
