import { useLayout } from './context.ts';

/**
 * Links in text that open a new tab get the site's words for screen readers (ui.newTab), as every other new-tab link
 * does. The HTML was sanitised at build time, so anchors never nest; the words cannot open a tag.
 */
export const announceNewTabs = (html: string, label?: string) => (label
  ? html.replace(/(_blank"[^>]*>[\s\S]*?)<\/a>/g, `$1<span class="visually-hidden"> ${label.replace(/</g, '&lt;')}</span></a>`)
  : html);

/** HTML that was rendered from markdown and sanitised at build time (src/content/markdown.ts). */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={['prose', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: announceNewTabs(html, useLayout().ui.newTab) }} />;
}
