import type { TestProject } from 'vitest/node';
import { siteFileFromEnv } from '../../src/content/siteFiles.ts';
import { buildAndServe } from '../e2e/buildAndServe.ts';

/** The live site.yaml (or $SITE), as staff left it: only invariants are asserted on it. */
export default (project: TestProject) => buildAndServe(project, siteFileFromEnv());
