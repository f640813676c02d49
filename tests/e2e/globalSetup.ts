import type { TestProject } from 'vitest/node';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { buildAndServe } from './buildAndServe.ts';

/** The browser suites assert this practice's pages, so they run on its frozen copy, not on the live site.yaml. */
export default (project: TestProject) => buildAndServe(project, SALTBUSH_SITE_FILE);
