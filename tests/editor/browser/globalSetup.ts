import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext { editorFolder: string }
}

/**
 * A folder for what the editor's files share (the practice of harness.ts), removed when the project ends: vitest
 * stops the files' process at the end rather than letting it exit, so the process cannot clean up after itself.
 */
export default (project: TestProject) => {
  const folder = mkdtempSync(join(tmpdir(), 'editor-shared-'));
  project.provide('editorFolder', folder);
  return () => rmSync(folder, { recursive: true, force: true });
};
