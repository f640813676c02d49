/**
 * Setup of the unit project, whose files share one process and one module graph: what a file changed for the
 * process is put back when it ends, even when a test failed halfway, so that the next file starts as if alone.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
