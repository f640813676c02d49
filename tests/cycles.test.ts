/**
 * No file imports a file that imports it back, however far round: each folder reads from its leaves up, and a
 * bundler or a test can load any file without first loading half the program in an order that happens to work.
 */
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, sourceFiles } from './importGraph.ts';

const CODE = ['src', 'scripts', 'server', 'bench', 'supabase', 'tests'];

describe('imports', () => {
  it('go round in no circle, in any folder of code', () => {
    const graph = importGraph(sourceFiles(CODE));
    expect(graph.size).toBeGreaterThan(500);
    expect(cycles(graph).map((group) => group.join(' <-> '))).toEqual([]);
  });

  it('finds a circle of two files and of three, and nothing in a chain', () => {
    const graph = new Map([
      ['a.ts', ['b.ts', 'node:fs']], ['b.ts', ['a.ts']],
      ['c.ts', ['d.ts']], ['d.ts', ['e.ts']], ['e.ts', ['c.ts']],
      ['f.ts', ['g.ts']], ['g.ts', ['h.ts']], ['h.ts', []],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts'], ['c.ts', 'd.ts', 'e.ts']]);
  });
});
