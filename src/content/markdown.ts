import { JSDOM } from 'jsdom';
import { markdownRenderer, type MarkdownWindow } from './markdownRenderer.ts';

export { ALLOWED_ATTR, ALLOWED_TAGS, MAX_NESTING } from './markdownRenderer.ts';

/** Markdown to sanitised HTML at build time, on a DOM made in Node. */
export const renderMarkdown = markdownRenderer(new JSDOM('').window as unknown as MarkdownWindow);
