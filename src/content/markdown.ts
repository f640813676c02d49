import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { Marked } from 'marked';

/** The only HTML a content field may produce: paragraphs, line breaks, emphasis, links and lists. */
export const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'a', 'ol', 'ul', 'li'];
export const ALLOWED_ATTR = ['href', 'target', 'rel'];

const purify = createDOMPurify(new JSDOM('').window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  // Links to other sites open in a new tab; any link that opens a new tab must not get a handle on this one.
  if (/^https?:\/\//i.test(node.getAttribute('href') ?? '')) node.setAttribute('target', '_blank');
  if (node.hasAttribute('target')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else {
    node.removeAttribute('rel');
  }
});

const marked = new Marked({ gfm: true, breaks: false, async: false });

// The same text always gives the same HTML; the editor and the dev server compile the whole site on every change,
// where sanitising every text again on a DOM made in Node costs about a second.
const rendered = new Map<string, string>();

/** Markdown to sanitised HTML, at build time only: neither library reaches the browser. */
export function renderMarkdown(source: string): string {
  const known = rendered.get(source);
  if (known !== undefined) return known;
  const html = marked.parse(source) as string;
  const clean = purify
    .sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false })
    .trim();
  if (rendered.size > 5000) rendered.clear();
  rendered.set(source, clean);
  return clean;
}
