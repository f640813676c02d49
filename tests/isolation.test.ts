/**
 * The unit files share one module graph; a file that replaces a module for its tests (vi.mock) would find the real
 * one already loaded by another file and test nothing, so each such file runs in the unit-isolated project.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { OWN_MODULES } from '../vitest.config.ts';
import { importGraph, ROOT, sourceFiles } from './importGraph.ts';

/** Calls that replace a module for the file that makes them. */
const REPLACES_A_MODULE = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules|importMock)\(/;

const graph = importGraph(sourceFiles(['tests']));
const code = (file: string) => readFileSync(join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');

/** The test's own file and the helpers of tests/ it reaches. */
function reached(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !graph.has(file)) return seen;
  seen.add(file);
  for (const to of graph.get(file) ?? []) reached(to, seen);
  return seen;
}

const unitFiles = [...graph.keys()].filter((file) => /\.test\.tsx?$/.test(file) && !/^tests\/(e2e|live|editor\/browser)\//.test(file));
const projects = (config.test?.projects ?? []) as { test?: { name?: string; isolate?: boolean; include?: string[]; exclude?: string[]; setupFiles?: string[] } }[];
const project = (name: string) => projects.find((p) => p.test?.name === name)?.test;

describe('the unit files that replace a module', () => {
  it('are the files unit-isolated runs, and unit leaves out', () => {
    const replacing = unitFiles.filter((file) => [...reached(file)].some((f) => REPLACES_A_MODULE.test(code(f))));
    expect(replacing.sort()).toEqual([...OWN_MODULES].sort());
    expect(project('unit-isolated')?.include).toEqual(OWN_MODULES);
    expect(project('unit-isolated')?.isolate).toBeUndefined();
    for (const file of OWN_MODULES) expect(project('unit')?.exclude).toContain(file);
  });

  it('leave the rest sharing one module graph, each file\'s changes to the process put back when it ends', () => {
    expect(project('unit')?.isolate).toBe(false);
    expect(project('unit')?.setupFiles).toContain('tests/fileState.ts');
  });
});
