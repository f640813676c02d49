import type { ClipboardEvent } from 'react';
import { markdownFromHtml } from './markdownFromHtml.ts';

/**
 * Text pasted into a formatted text keeps its shape: what Word or a web page put on the clipboard as HTML goes in as
 * the field's markdown, lists, bold, italics and links kept. A clipboard of plain text only is pasted by the browser,
 * as it always was.
 */
export function pasteAsMarkdown(event: ClipboardEvent<HTMLTextAreaElement>) {
  const html = event.clipboardData.getData('text/html');
  const markdown = html ? markdownFromHtml(html) : '';
  if (!markdown) return;
  event.preventDefault();
  const box = event.currentTarget;
  const { selectionStart: start, selectionEnd: end, value } = box;
  const text = asBlocks(markdown, value.slice(0, start), value.slice(end));
  // As typing: the browser's own Undo takes the whole paste back in one step, and the box hears of it as of a key.
  if (document.execCommand('insertText', false, text)) return;
  box.setRangeText(text, start, end, 'end');
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Paragraphs or a list pasted after a sentence start a paragraph of their own (a list run on after a sentence is
 * read as its words), and the text after them too; words of one line go in where the caret is.
 */
function asBlocks(markdown: string, before: string, after: string): string {
  if (!/\n|^(?:- |\d+\. )/.test(markdown)) return markdown;
  const gap = (next: string) => (next === '' || next.startsWith('\n\n') ? '' : next.startsWith('\n') ? '\n' : '\n\n');
  const opening = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  return `${opening}${markdown}${gap(after)}`;
}
