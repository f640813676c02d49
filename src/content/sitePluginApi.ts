/**
 * What the site's development server offers a program that writes the site file itself (the staff editor), apart
 * from the Vite plugin: the editor's API names it without loading Vite (it also runs as a Supabase function).
 */
import type { CheckResult } from './checkSite.ts';

export type PagesShow = 'updated' | 'reload' | 'unchanged';

/** For a program that writes the site file itself (the staff editor): it hands over what it wrote. */
export interface SitePluginApi {
  /**
   * Shows text just written to the site file on the open pages at once (with its check, when the writer has it):
   * no waiting for the file watcher, no second check. With `reloadPages: false` pages that need a reload are not
   * told, and the answer says so: the writer reloads them itself.
   */
  show(text: string, checked?: CheckResult, options?: { reloadPages: boolean }): PagesShow;
}
