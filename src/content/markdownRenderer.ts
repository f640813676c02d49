import createDOMPurify from 'dompurify';
import { Marked, Tokenizer } from 'marked';

/** The only HTML a content field may produce: paragraphs, line breaks, emphasis, links and lists. */
export const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'a', 'ol', 'ul', 'li'];
export const ALLOWED_ATTR = ['href', 'target', 'rel'];

/** A window whose document DOMPurify sanitises in: JSDOM's at build time, the browser's own in the editor's preview. */
export type MarkdownWindow = NonNullable<Parameters<typeof createDOMPurify>[0]> & { document: Document };

/** The link rules every sanitiser applies. */
function linkRules(node: Element) {
  if (node.nodeName !== 'A') return;
  // Links to other sites open in a new tab; any link that opens a new tab must not get a handle on this one.
  if (/^https?:\/\//i.test(node.getAttribute('href') ?? '')) node.setAttribute('target', '_blank');
  if (node.hasAttribute('target')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else {
    node.removeAttribute('rel');
  }
}

/**
 * How deep lists and quotes may nest; text deeper than that reads as plain text. Each level is read again by the
 * level around it, so a field of "- - - - ..." or ">>>>..." a few kilobytes long took seconds, or overflowed the
 * stack, before the checker could answer. No page needs more than three or four levels.
 */
export const MAX_NESTING = 8;
let depth = 0;
function nested<T>(read: () => T): T | undefined {
  if (depth >= MAX_NESTING) return undefined;
  depth++;
  try {
    return read();
  } finally {
    depth--;
  }
}

const marked = new Marked({ gfm: true, breaks: false, async: false }, {
  tokenizer: {
    list(src) { return nested(() => Tokenizer.prototype.list.call(this, src)); },
    blockquote(src) { return nested(() => Tokenizer.prototype.blockquote.call(this, src)); },
  },
});

/**
 * Links that open a new tab get the site's words for screen readers (ui.newTab), as every other new-tab link does.
 * Added to the sanitised tree as an element holding text, never to its HTML as a string: after sanitising, no text
 * may become markup (a string replacement read "$`" in the words as "all the HTML before the link").
 */
function announceNewTabs(document: Document, container: HTMLElement, label: string) {
  for (const link of container.querySelectorAll('a[target="_blank"]')) {
    const words = document.createElement('span');
    words.className = 'visually-hidden';
    words.textContent = ` ${label}`;
    link.append(words);
  }
}

/**
 * Markdown to sanitised HTML, with the sanitiser of this window. Patients' pages get it made at build time: neither
 * library reaches them; only the editor's preview renders in the browser.
 */
export function markdownRenderer(window: MarkdownWindow): (source: string, newTabLabel?: string) => string {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', linkRules);
  // The same text always gives the same HTML; the editor and the dev server compile the whole site on every change,
  // where sanitising every text again on a DOM made in Node costs about a second.
  const rendered = new Map<string, string>();
  return (source, newTabLabel) => {
    const key = JSON.stringify([source, newTabLabel ?? null]);
    const known = rendered.get(key);
    if (known !== undefined) return known;
    const html = marked.parse(source) as string;
    const body = window.document.createElement('body');
    body.append(purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false, RETURN_DOM_FRAGMENT: true }));
    if (newTabLabel) announceNewTabs(window.document, body, newTabLabel);
    const clean = body.innerHTML.trim();
    if (rendered.size > 5000) rendered.clear();
    rendered.set(key, clean);
    return clean;
  };
}
