/**
 * One document's text laid out as an A4 PDF: wrapped text, page breaks, the practice's name and phone in the header,
 * page numbers in the footer. Same input, same bytes: dates are fixed.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { parseDocumentText, type DocNode, type Run } from './documentText.ts';

/** Fixed, so that the same text always gives the same file. */
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 56;
const TOP = 96; // below the header
const BOTTOM = 64; // above the footer
const COLOURS = { brand: rgb(0.043, 0.333, 0.388), ink: rgb(0.106, 0.165, 0.188), muted: rgb(0.29, 0.353, 0.38), line: rgb(0.84, 0.875, 0.886), note: rgb(0.992, 0.953, 0.925), accent: rgb(0.76, 0.337, 0.114) };

export interface PracticeDetails { name: string; phone?: string; areaCode?: string; address?: string; website?: string }

interface Fonts { regular: PDFFont; bold: PDFFont }

type Word = { text: string; bold: boolean; width: number; spaceBefore: boolean };

class DocumentWriter {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];

  constructor(private readonly pdf: PDFDocument, private readonly fonts: Fonts, private readonly file: string) {
    this.newPage();
  }

  private newPage() {
    this.page = this.pdf.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - TOP;
  }

  private get width() {
    return A4[0] - MARGIN_X * 2;
  }

  /** Room for `height` more points on this page, or a new page. */
  private ensure(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  private font(bold: boolean) {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /** Checks every character can be printed with the standard PDF fonts, and says where one cannot. */
  check(text: string, line: number) {
    for (const char of text) {
      try {
        this.fonts.regular.encodeText(char);
      } catch {
        throw new Error(`${this.file}:${line}: the character "${char}" cannot be printed in the PDF. Use plain text instead (e.g. "-" or "to").`);
      }
    }
  }

  private words(runs: Run[], size: number, line: number): Word[] {
    const words: Word[] = [];
    let pendingSpace = false;
    for (const run of runs) {
      this.check(run.text, line);
      const parts = run.text.split(/(\s+)/);
      for (const part of parts) {
        if (!part) continue;
        if (/^\s+$/.test(part)) {
          pendingSpace = words.length > 0;
          continue;
        }
        words.push({ text: part, bold: run.bold, width: this.font(run.bold).widthOfTextAtSize(part, size), spaceBefore: pendingSpace });
        pendingSpace = false;
      }
    }
    return words;
  }

  /** Breaks words into lines no wider than `width`. */
  private lines(words: Word[], size: number, width: number): Word[][] {
    const lines: Word[][] = [];
    let current: Word[] = [];
    let used = 0;
    for (const word of words) {
      const space = current.length && word.spaceBefore ? this.font(false).widthOfTextAtSize(' ', size) : 0;
      if (current.length && used + space + word.width > width) {
        lines.push(current);
        current = [{ ...word, spaceBefore: false }];
        used = word.width;
      } else {
        current.push(current.length ? word : { ...word, spaceBefore: false });
        used += space + word.width;
      }
    }
    if (current.length) lines.push(current);
    return lines;
  }

  private drawLine(words: Word[], x: number, size: number, colour: RGB) {
    let cursor = x;
    for (const word of words) {
      if (word.spaceBefore) cursor += this.font(false).widthOfTextAtSize(' ', size);
      this.page.drawText(word.text, { x: cursor, y: this.y, size, font: this.font(word.bold), color: colour });
      cursor += word.width;
    }
  }

  heading(text: string, level: 'title' | 'h2' | 'h3', line: number) {
    const size = level === 'title' ? 22 : level === 'h2' ? 15 : 12.5;
    const leading = size * 1.25;
    const before = level === 'title' ? 0 : level === 'h2' ? 16 : 10;
    const lines = this.lines(this.words([{ text, bold: true }], size, line), size, this.width);
    // Keep a heading with at least two lines of what follows it.
    this.ensure(before + lines.length * leading + 30);
    if (this.y !== A4[1] - TOP) this.y -= before;
    for (const words of lines) {
      this.y -= size;
      this.drawLine(words, MARGIN_X, size, level === 'h3' ? COLOURS.ink : COLOURS.brand);
      this.y -= leading - size;
    }
    if (level === 'title') {
      this.y -= 4;
      this.page.drawRectangle({ x: MARGIN_X, y: this.y, width: 64, height: 3, color: COLOURS.accent });
      this.y -= 14;
    } else {
      this.y -= 6;
    }
  }

  block(runs: Run[], kind: 'paragraph' | 'bullet' | 'checkbox' | 'note', line: number) {
    const size = 11;
    const leading = 15.5;
    const indent = kind === 'bullet' ? 16 : kind === 'checkbox' ? 22 : kind === 'note' ? 14 : 0;
    const lines = this.lines(this.words(runs, size, line), size, this.width - indent - (kind === 'note' ? 10 : 0));
    const pad = kind === 'note' ? 8 : 0;
    this.ensure(Math.min(lines.length, 2) * leading + pad * 2);
    if (kind === 'note') this.y -= pad;
    lines.forEach((words, i) => {
      this.ensure(leading + (i === lines.length - 1 ? pad : 0));
      const baseline = this.y - size;
      if (kind === 'note') {
        this.page.drawRectangle({ x: MARGIN_X, y: baseline - (leading - size) - (i === lines.length - 1 ? pad : 0), width: this.width, height: leading + (i === 0 ? pad : 0) + (i === lines.length - 1 ? pad : 0), color: COLOURS.note });
        this.page.drawRectangle({ x: MARGIN_X, y: baseline - (leading - size) - (i === lines.length - 1 ? pad : 0), width: 3, height: leading + (i === 0 ? pad : 0) + (i === lines.length - 1 ? pad : 0), color: COLOURS.accent });
      }
      if (i === 0 && kind === 'bullet') this.page.drawCircle({ x: MARGIN_X + 5, y: baseline + 3.6, size: 2.2, color: COLOURS.brand });
      if (i === 0 && kind === 'checkbox') this.page.drawRectangle({ x: MARGIN_X + 1, y: baseline - 1.5, width: 11, height: 11, borderColor: COLOURS.brand, borderWidth: 1.2 });
      this.y = baseline;
      this.drawLine(words, MARGIN_X + indent, size, COLOURS.ink);
      this.y -= leading - size;
    });
    this.y -= kind === 'paragraph' ? 8 : kind === 'note' ? pad + 10 : 5;
  }

  /** Practice details at the top of every page, the title and page number at the bottom. */
  frame(practice: PracticeDetails, title: string) {
    const { regular, bold } = this.fonts;
    const total = this.pages.length;
    this.pages.forEach((page, i) => {
      const top = A4[1] - 40;
      page.drawText(practice.name, { x: MARGIN_X, y: top, size: 13, font: bold, color: COLOURS.brand });
      const contact = [practice.phone && `Phone ${practice.phone}`, practice.website].filter(Boolean).join('   ');
      if (contact) page.drawText(contact, { x: A4[0] - MARGIN_X - regular.widthOfTextAtSize(contact, 9), y: top + 2, size: 9, font: regular, color: COLOURS.muted });
      if (practice.address) page.drawText(practice.address, { x: MARGIN_X, y: top - 14, size: 9, font: regular, color: COLOURS.muted });
      page.drawLine({ start: { x: MARGIN_X, y: top - 24 }, end: { x: A4[0] - MARGIN_X, y: top - 24 }, thickness: 0.8, color: COLOURS.line });
      page.drawLine({ start: { x: MARGIN_X, y: 44 }, end: { x: A4[0] - MARGIN_X, y: 44 }, thickness: 0.8, color: COLOURS.line });
      page.drawText(title, { x: MARGIN_X, y: 30, size: 8.5, font: regular, color: COLOURS.muted });
      const number = `Page ${i + 1} of ${total}`;
      page.drawText(number, { x: A4[0] - MARGIN_X - regular.widthOfTextAtSize(number, 8.5), y: 30, size: 8.5, font: regular, color: COLOURS.muted });
    });
  }
}

/** One markdown source to PDF bytes. `file` is only used in error messages. */
export async function renderPdf(source: string, practice: PracticeDetails, file = 'document.md'): Promise<Uint8Array> {
  const nodes = parseDocumentText(source);
  const titleNode = nodes.find((n): n is Extract<DocNode, { text: string }> => n.kind === 'title');
  if (!titleNode) throw new Error(`${file}: the first heading must be a title line starting with '# '.`);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const writer = new DocumentWriter(pdf, fonts, file);
  for (const node of nodes) {
    if ('runs' in node) writer.block(node.runs, node.kind, node.line);
    else writer.heading(node.text, node.kind, node.line);
  }
  writer.check(practice.name, 0);
  writer.frame(practice, titleNode.text);
  const summary = nodes.find((n): n is Extract<DocNode, { runs: Run[] }> => n.kind === 'paragraph');
  pdf.setTitle(titleNode.text, { showInWindowTitleBar: true });
  pdf.setAuthor(practice.name);
  if (summary) pdf.setSubject(summary.runs.map((r) => r.text).join('').slice(0, 200));
  pdf.setLanguage('en-AU');
  pdf.setCreator('scripts/generate-documents.ts');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  return pdf.save({ useObjectStreams: false });
}
