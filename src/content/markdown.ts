import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { Marked } from 'marked';

/** The only HTML a content field may produce (SPEC section 5). */
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

/** Markdown to sanitised HTML, at build time only: neither library reaches the browser. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source) as string;
  return purify
    .sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false })
    .trim();
}
