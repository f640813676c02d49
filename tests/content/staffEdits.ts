import { isMap, isSeq, parseDocument, type Document } from 'yaml';
import { cents, formatCents } from '../../src/content/money.ts';

/**
 * Six ordinary edits that practice staff make, written against whatever site.yaml holds (the first fee, the first
 * doctor...), so they apply to any version of the file: a fee $5 higher, a new phone number, a doctor's name, a later
 * weekday closing time, a reworded FAQ answer, and a news item posted on the page that lists news.
 */
export function applyStaffEdits(text: string): { text: string; applied: string[] } {
  const doc = parseDocument(text);
  const applied: string[] = [];
  const data = doc.toJS() as {
    entities: { feeGroups?: { items: { price: string }[] }[]; doctors?: unknown[]; news?: { id: string }[] };
    hours: { regular: { closes?: string }[] };
    pages: { blocks: { type: string; items?: unknown[] }[] }[];
  };

  const price = data.entities.feeGroups?.[0]?.items[0]?.price;
  if (price !== undefined && cents(price) !== null) {
    doc.setIn(['entities', 'feeGroups', 0, 'items', 0, 'price'], formatCents((cents(price) ?? 0) + 500));
    applied.push('a fee $5 higher');
  }
  doc.setIn(['contact', 'phone'], '8377 4321');
  applied.push('the phone number');
  if (data.entities.doctors?.length) {
    doc.setIn(['entities', 'doctors', 0, 'name'], 'Dr Amelia Hart-Collins');
    applied.push("a doctor's name");
  }
  const weekday = data.hours.regular.findIndex((range) => range.closes !== undefined);
  if (weekday >= 0) {
    doc.setIn(['hours', 'regular', weekday, 'closes'], '18:30');
    applied.push('the weekday closing time');
  }
  const faq = locateBlock(data.pages, 'faq');
  if (faq) {
    doc.setIn(['pages', faq.page, 'blocks', faq.block, 'items', 0, 'answer'], 'Yes. Ask at reception and we will explain the options.');
    applied.push('an FAQ answer');
  }
  const list = locateBlock(data.pages, 'news-list');
  if (list && data.entities.news) {
    const taken = new Set(data.entities.news.map((n) => n.id));
    let id = 'extended-hours-2026';
    for (let n = 2; taken.has(id); n++) id = `extended-hours-2026-${n}`;
    addNews(doc, id);
    const items = doc.getIn(['pages', list.page, 'blocks', list.block, 'items']);
    if (isSeq(items)) items.items.unshift(doc.createNode(id));
    applied.push('a news item on the page that lists news');
  }
  return { text: String(doc), applied };
}

function locateBlock(pages: { blocks: { type: string; items?: unknown[] }[] }[], type: string) {
  for (const [page, { blocks }] of pages.entries()) {
    const block = blocks.findIndex((b) => b.type === type && Array.isArray(b.items) && b.items.length > 0);
    if (block >= 0) return { page, block };
  }
  return undefined;
}

function addNews(doc: Document, id: string) {
  const news = doc.getIn(['entities', 'news']);
  if (!isSeq(news)) return;
  const item = doc.createNode({
    id, date: '2026-11-23', title: 'Longer hours on weekdays',
    summary: 'From December we are open until 6:30 PM on weekdays.', body: 'Phone reception to book an evening appointment.',
  });
  if (isMap(item)) news.items.unshift(item);
}
