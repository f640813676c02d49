import type { Json } from '../yaml/json.ts';
import { pathKey, type Op } from './op.ts';

/**
 * The operations of a draft as staff made them, since the last publish. Typing into one field is one operation:
 * a set that follows a set of the same place replaces it, keeping what its author first saw there.
 */
export function withOps(draft: Op[], ops: Op[]): Op[] {
  const out = [...draft];
  for (const op of ops) {
    const last = out[out.length - 1];
    if (op.op === 'set' && last?.op === 'set' && pathKey(last.path) === pathKey(op.path)) {
      const was: { was?: Json } = 'was' in last ? { was: last.was } : {};
      out[out.length - 1] = { op: 'set', path: op.path, value: op.value, ...was };
    } else {
      out.push(op);
    }
  }
  return out;
}
