import type { Plugin } from 'vite';

/**
 * The preview is the site in a frame beside the form, and the site moves the keyboard focus to its main content after
 * a navigation (in development React runs that effect twice on the first render, so it also happens on every load).
 * A page loading in the frame would then take the focus, and the keystrokes, from the field staff are typing in: a
 * letter went into the frame before the editor could take the focus back. In the preview a page may move the focus
 * only while the frame already has it (someone clicked or tabbed into the preview); the site itself is unchanged.
 *
 * The same script keeps the development server's corner note of warnings off the preview (src/content/devStatus.ts:
 * the file's line numbers and words such as 'Add "listed: false"'): the editor lists the same warnings beside the
 * form, in staff's words, each with its button. (The panel of problems stays: tests/editor/browser/policy.test.ts
 * checks that the site's policy lets it show in the editor's frame.)
 */
export const FOCUS_GUARD = `(() => {
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (options) { if (document.hasFocus()) focus.call(this, options); };
  const quiet = () => document.getElementById('site-warnings')?.remove();
  new MutationObserver(quiet).observe(document.documentElement, { childList: true, subtree: true });
})();`;

/** Inline scripts every page of the preview starts with (the policy allows them by their exact text). */
export function previewScripts(scripts: string[]): Plugin {
  return {
    name: 'editor-preview-scripts',
    transformIndexHtml: () => scripts.map((children) => ({ tag: 'script', children, injectTo: 'head-prepend' as const })),
  };
}
