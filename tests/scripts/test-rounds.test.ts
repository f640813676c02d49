/** npm test runs every vitest project once, and never two browser projects of the frozen copy at once. */
import { describe, expect, it } from 'vitest';
import { ROUNDS } from '../../scripts/test.ts';
import config from '../../vitest.config.ts';

const projects = (config.test?.projects ?? []) as { test?: { name?: string; fileParallelism?: boolean } }[];

describe('the rounds of npm test', () => {
  it('name every project of the vitest config exactly once', () => {
    const names = projects.map((p) => p.test?.name);
    expect(ROUNDS.flat().sort()).toEqual([...names].sort());
  });

  it('pair at most two projects, and the editor (which times its preview) runs alone', () => {
    for (const round of ROUNDS) expect(round.length).toBeLessThanOrEqual(2);
    expect(ROUNDS.find((round) => round.includes('editor'))).toEqual(['editor']);
  });

  it('run each browser project one file at a time', () => {
    for (const name of ['e2e', 'live', 'live-edited', 'editor']) expect(projects.find((p) => p.test?.name === name)?.test?.fileParallelism).toBe(false);
  });
});
