import TurndownService from 'turndown';
import { wordListsToLists } from './wordLists.ts';

/**
 * What a formatted text may hold, made from the HTML a program puts on the clipboard (Word, a web page, an e-mail):
 * paragraphs, lists, bold, italics and links, as the site's markdown writes them (src/content/markdown.ts draws no
 * more). Everything else keeps its words without its markup; scripts, styles and pictures go altogether.
 */

/** A link is kept to a web page, an e-mail address, a phone number or a page of this site; any other is its words alone. */
const KEPT_ADDRESS = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/))/i;
/** Bold or not, italic or not, as a style says it (Google Docs marks its text so); Word's `mso-bidi-` styles are not these. */
const WEIGHT = /(?:^|;)\s*font-weight:\s*([a-z]+|\d+)/i;
const SLANT = /(?:^|;)\s*font-style:\s*([a-z]+)/i;

const styleOf = (node: Node) => (node instanceof Element ? node.getAttribute('style') ?? '' : '');

function isBold(node: Node): boolean {
  const weight = WEIGHT.exec(styleOf(node))?.[1].toLowerCase();
  if (weight !== undefined) return weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;
  return node.nodeName === 'STRONG' || node.nodeName === 'B';
}

function isItalic(node: Node): boolean {
  const slant = SLANT.exec(styleOf(node))?.[1].toLowerCase();
  if (slant !== undefined) return slant === 'italic' || slant === 'oblique';
  return node.nodeName === 'EM' || node.nodeName === 'I';
}

const EMPHASIS = ['STRONG', 'B', 'EM', 'I', 'SPAN'];

/** Whether an element around this one marks its text so already (Word's `<b><span style="font-weight:bold">` is one bold). */
function inside(node: Node, test: (node: Node) => boolean): boolean {
  for (let above = node.parentNode; above; above = above.parentNode) if (EMPHASIS.includes(above.nodeName) && test(above)) return true;
  return false;
}

function emphasis(content: string, node: HTMLElement): string {
  if (!content.trim()) return content;
  const italic = isItalic(node) && !inside(node, isItalic) ? `*${content}*` : content;
  return isBold(node) && !inside(node, isBold) ? `**${italic}**` : italic;
}

/** The address as markdown holds it: spaces and brackets written as %20, %28... so that the link ends where it should. */
const addressOf = (href: string) => href.trim().replace(/[\s()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

const service = new TurndownService();
// What is not text at all, and Office's own elements (`<o:p>`, a paragraph's end). A rule, not `remove`: turndown's own
// rules (a picture's) come before its list of removals.
const NOT_TEXT = ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE', 'META', 'LINK', 'IFRAME', 'OBJECT', 'EMBED', 'IMG', 'PICTURE', 'SVG', 'CANVAS', 'VIDEO', 'AUDIO', 'BUTTON', 'SELECT', 'TEXTAREA', 'INPUT', 'O:P'];
service.addRule('notText', { filter: (node) => NOT_TEXT.includes(node.nodeName.toUpperCase()), replacement: () => '' });
service.addRule('emphasis', { filter: (node) => EMPHASIS.includes(node.nodeName), replacement: emphasis });
// The site draws no headings inside a text (a page's headings are its blocks'): a heading becomes a bold line.
service.addRule('heading', {
  filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  replacement: (content) => (content.trim() ? `\n\n**${content.replace(/\*\*/g, '').trim()}**\n\n` : ''),
});
service.addRule('rule', { filter: 'hr', replacement: () => '\n\n' });
service.addRule('link', {
  filter: 'a',
  replacement: (content, node) => {
    const href = node.getAttribute('href') ?? '';
    return KEPT_ADDRESS.test(href.trim()) && content.trim() ? `[${content}](${addressOf(href)})` : content;
  },
});
// "- " and "1. " as the site's texts write them (turndown's own are "-   " and "1.  "), nested lists under their item.
service.addRule('listItem', {
  filter: 'li',
  replacement: (content, node) => {
    const list = node.parentNode;
    const numbered = list instanceof Element && list.nodeName === 'OL';
    const place = list ? [...list.childNodes].filter((n) => n.nodeName === 'LI').indexOf(node) : 0;
    const start = numbered ? Number(list.getAttribute('start') ?? 1) || 1 : 1;
    const marker = numbered ? `${start + place}. ` : '- ';
    const text = content.replace(/^\n+|\n+$/g, '').replace(/\n/g, `\n${' '.repeat(marker.length)}`);
    return `${marker}${text}${node.nextSibling ? '\n' : ''}`;
  },
});

/**
 * Spaces as Word spaces its text: runs of non-breaking spaces (under a list's bullet, between sentences) become one
 * space, and none is left at the start or end of a line; three or more line breaks are a paragraph's two.
 */
function tidy(markdown: string): string {
  return markdown
    .replace(/[ \u00a0]*\u00a0[ \u00a0]*/g, (run) => (run.length > 1 ? ' ' : run))
    .replace(/^\u00a0+|\u00a0+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The clipboard's HTML as the markdown of a formatted text; "" when it holds no words. */
export function markdownFromHtml(html: string): string {
  // Parsed into a document of its own, which runs no script and fetches nothing.
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  wordListsToLists(body);
  return tidy(service.turndown(body));
}
