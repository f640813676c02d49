import { useLayout } from './context.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Links in text that open a new tab get the site's words for screen readers (ui.newTab), as every other new-tab link
 * does. The HTML was sanitised at build time, so anchors never nest; the words are escaped.
 */
export function announceNewTabs(html: string, label: string | undefined): string {
  if (!label) return html;
  const words = `<span class="visually-hidden"> ${escapeHtml(label)}</span>`;
  return html.replace(/(<a\b[^>]*\btarget="_blank"[^>]*>)([\s\S]*?)<\/a>/g, (_all, open: string, inner: string) => `${open}${inner}${words}</a>`);
}

/** HTML that was rendered from markdown and sanitised at build time (src/content/markdown.ts). */
export function RichText({ html, className }: { html: string; className?: string }) {
  const label = useLayout().ui.newTab;
  return <div className={['prose', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: announceNewTabs(html, label) }} />;
}
