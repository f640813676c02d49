import type { Plugin } from 'vite';

/**
 * The preview is the site in a frame beside the form, and the site moves the keyboard focus to its main content after
 * a navigation (in development React runs that effect twice on the first render, so it also happens on every load).
 * A page loading in the frame would then take the focus, and the keystrokes, from the field staff are typing in: a
 * letter went into the frame before the editor could take the focus back. In the preview a page may move the focus
 * only while the frame already has it (someone clicked or tabbed into the preview); the site itself is unchanged.
 */
export const FOCUS_GUARD = `(() => {
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (options) { if (document.hasFocus()) focus.call(this, options); };
})();`;

/** Inline scripts every page of the preview starts with (the policy allows them by their exact text). */
export function previewScripts(scripts: string[]): Plugin {
  return {
    name: 'editor-preview-scripts',
    transformIndexHtml: () => scripts.map((children) => ({ tag: 'script', children, injectTo: 'head-prepend' as const })),
  };
}
