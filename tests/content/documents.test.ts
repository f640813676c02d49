import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { loadSite } from '../../src/content/load.ts';
import { madeFiles, publicDirFor } from '../../src/content/siteFiles.ts';
import { practiceDetails, renderImage, writeMadeFiles } from '../../build/documents.ts';
import { parseDocumentText } from '../../build/documentText.ts';
import { renderPdf } from '../../build/pdfDocument.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { limit } from '../../bench/machineSpeed.ts';

// This practice's documents, frozen: the facts asserted below are theirs.
const siteFile = SALTBUSH_SITE_FILE;
const publicDir = publicDirFor(siteFile);
const practice = practiceDetails(siteFile);
// What the build writes into dist/: made once here, into a private folder.
let outDir = '';
beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'site-documents-'));
  await writeMadeFiles(siteFile, outDir);
}, limit(120_000));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
/** A linked file as a visitor gets it: from public/, or made by the build. */
const served = (href: string) => [join(publicDir, href), join(outDir, href)].find(existsSync) ?? join(publicDir, href);

/** The words drawn on a PDF's pages, in order: every `<hex> Tj` of every content stream, decoded. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const words: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Type'))) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) words.push(Buffer.from(match[1], 'hex').toString('latin1'));
  }
  return words.join(' ');
}

/** Every value in the compiled site that points at a file: link hrefs, image srcs, and links inside markdown. */
function linkedFiles(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const isFile = (s: string) => s.startsWith('/') && /\.[a-z0-9]+$/i.test(s.split(/[?#]/)[0]);
    if (isFile(value)) found.add(value.split(/[?#]/)[0]);
    for (const match of value.matchAll(/(?:href|src)="([^"]+)"/g)) if (isFile(match[1])) found.add(match[1].split(/[?#]/)[0]);
  } else if (Array.isArray(value)) {
    value.forEach((v) => linkedFiles(v, found));
  } else if (value && typeof value === 'object') {
    Object.values(value).forEach((v) => linkedFiles(v, found));
  }
  return found;
}

/** Image objects ({ src, width, height }) anywhere in the site, to compare with the files' real sizes. */
function images(value: unknown, found: { src: string; width: number; height: number }[] = []) {
  if (Array.isArray(value)) value.forEach((v) => images(v, found));
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.src === 'string' && typeof o.width === 'number' && typeof o.height === 'number') found.push({ src: o.src, width: o.width, height: o.height });
    Object.values(o).forEach((v) => images(v, found));
  }
  return found;
}

describe('the document markdown', () => {
  it('reads headings, paragraphs, bullets, checkboxes, notes and bold words', () => {
    const nodes = parseDocumentText([
      '# Title', '', 'First line', 'joined to the second.', '', '## Part', '- a bullet', '  that continues', '- [ ] a box',
      '[ ] another box', '### Small', '> a **bold** note', '> on two lines',
    ].join('\n'));
    expect(nodes.map((n) => n.kind)).toEqual(['title', 'paragraph', 'h2', 'bullet', 'checkbox', 'checkbox', 'h3', 'note']);
    const text = (i: number) => { const n = nodes[i]; return 'runs' in n ? n.runs.map((r) => r.text).join('') : n.text; };
    expect(text(1)).toBe('First line joined to the second.');
    expect(text(3)).toBe('a bullet that continues');
    expect(text(5)).toBe('another box');
    const note = nodes[7];
    expect('runs' in note && note.runs).toEqual([{ text: 'a ', bold: false }, { text: 'bold', bold: true }, { text: ' note on two lines', bold: false }]);
  });
});

describe('the PDF generator', () => {
  const long = ['# A long leaflet', '', ...Array.from({ length: 60 }, (_, i) => `- [ ] Milestone number ${i + 1}, written out at some length so that it wraps onto a second line of the page`)].join('\n');

  it('makes a real A4 PDF with the title, the practice name and the text, breaking pages as needed', async () => {
    const bytes = await renderPdf(long, practice, 'long.md');
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(2);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(pdf.getTitle()).toBe('A long leaflet');
    expect(pdf.getAuthor()).toBe(practice.name);
    const text = await pdfText(bytes);
    expect(text).toContain(practice.name);
    expect(text).toContain('Milestone number 60,');
    expect(text).toContain(`Page ${pdf.getPageCount()} of ${pdf.getPageCount()}`);
  });

  it('gives the same bytes for the same text (fixed dates, no random ids)', async () => {
    const [a, b] = await Promise.all([renderPdf(long, practice), renderPdf(long, practice)]);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
  });

  it('says which line holds a character the PDF cannot print', async () => {
    await expect(renderPdf('# Title\n\nGo here → now', practice, 'scripts/documents/x.md')).rejects.toThrow(/x\.md:3: the character "→"/);
    await expect(renderPdf('no title here', practice, 'y.md')).rejects.toThrow(/y\.md: the first heading must be a title/);
  });

  it('takes the header from site.yaml', () => {
    expect(practice.name).toBe((loadSite(siteFile) as { ok: true; site: { site: { name: string } } }).site.site.name);
  });
});

describe('the downloads the build makes from documents/', () => {
  const made = madeFiles(siteFile);
  const sources = made.filter((f) => f.kind === 'pdf');
  const svgs = made.filter((f) => f.kind === 'picture');

  it.each(svgs)('$href is a WebP picture, with a 480 px copy', async ({ href, source }) => {
    const { width, height } = await renderImage(readFileSync(source));
    expect(await sharp(join(outDir, href)).metadata()).toMatchObject({ format: 'webp', width, height });
    expect((await sharp(join(outDir, href.replace(/\.webp$/, '-480.webp'))).metadata()).width).toBe(480);
  });

  it('has the Blue Book guide and twelve development checklists with what parents look for', async () => {
    const checklists = sources.filter((f) => f.href.startsWith('/downloads/development-checklist-'));
    expect(checklists).toHaveLength(12);
    for (const { href } of checklists) {
      const text = await pdfText(readFileSync(join(outDir, href)));
      expect(text).toMatch(/^.*Development checklist:/);
      expect(text).toContain('When to talk to a doctor');
    }
    const blueBook = await pdfText(readFileSync(join(outDir, 'downloads/blue-book.pdf')));
    for (const fact of ['$10.00', '18 other languages', '2019 edition', '1300 733 606']) expect(blueBook).toContain(fact);
  });
});

describe('every file linked from any page', () => {
  const result = loadSite(siteFile);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  const files = [...linkedFiles(result.compiled)].sort();

  it('includes the Blue Book, the twelve checklists and the three pictures', () => {
    expect(files.filter((f) => f.startsWith('/downloads/development-checklist-') && f.endsWith('.pdf'))).toHaveLength(12);
    expect(files).toContain('/downloads/blue-book.pdf');
    expect(files.filter((f) => f.startsWith('/downloads/') && f.endsWith('.webp'))).toHaveLength(3);
  });

  it.each(files)('%s exists and is a readable PDF or picture', async (href) => {
    const path = served(decodeURIComponent(href));
    expect(existsSync(path)).toBe(true);
    const bytes = readFileSync(path);
    if (href.endsWith('.pdf')) {
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBeGreaterThan(0);
      expect((await pdfText(bytes)).replace(/\s/g, '').length).toBeGreaterThan(200);
    } else if (href.endsWith('.svg')) {
      expect(bytes.toString('utf8')).toMatch(/<svg[\s>]/);
    } else {
      const meta = await sharp(bytes).metadata();
      expect(meta.width).toBeGreaterThan(0);
      for (const image of images(result.compiled).filter((i) => i.src === href)) {
        expect([meta.width, meta.height]).toEqual([image.width, image.height]);
      }
    }
  });

  it('fails the content check when a linked file is missing', () => {
    const text = readFileSync(siteFile, 'utf8').replace('/downloads/development-checklist-3-months.pdf', '/downloads/no-such-checklist.pdf');
    const broken = loadSite(siteFile, text);
    expect(broken.ok).toBe(false);
    if (!broken.ok) {
      expect(broken.errors).toEqual([expect.objectContaining({ name: 'MissingFile', message: expect.stringContaining('/downloads/no-such-checklist.pdf') })]);
    }
  });
});
