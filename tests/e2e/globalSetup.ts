import type { TestProject } from 'vitest/node';
import { E2E_BUILT_AT, SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { buildAndServe } from './buildAndServe.ts';

/**
 * The browser suites assert this practice's pages, so they run on its frozen copy, not on the live site.yaml, built
 * as on a fixed day: no test depends on the day it runs.
 */
export default (project: TestProject) => buildAndServe(project, SALTBUSH_SITE_FILE, E2E_BUILT_AT);
