import { isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { cents, formatCents } from '../../src/content/money.ts';

/**
 * Ordinary edits that practice staff make, written against whatever site.yaml holds (the first fee, the first
 * doctor, the page that lists news...), so they apply to any version of the file. Each says whether it found
 * something to change; one that did not is left out of `applied`.
 */
interface Content {
  entities: { feeGroups?: { items: { price: string }[] }[]; doctors?: { slug: string; listed?: boolean }[]; news?: { id: string }[] };
  hours: { regular: { closes?: string; days?: string[] }[] };
  nav: { items: { label: string; href?: string }[] };
  pages: { id: string; path: string; each?: string; blocks: { type: string; items?: unknown[]; doctors?: unknown }[] }[];
}

type Edit = (doc: Document, data: Content) => boolean;

const NEW_DOCTOR = 'dr-alexandra-konstantinopoulou';

export const STAFF_EDITS: Record<string, Edit> = {
  'a fee $5 higher': (doc, data) => {
    const price = data.entities.feeGroups?.[0]?.items[0]?.price;
    if (price === undefined || cents(price) === null) return false;
    doc.setIn(['entities', 'feeGroups', 0, 'items', 0, 'price'], formatCents((cents(price) ?? 0) + 500));
    return true;
  },
  'the phone number': (doc) => {
    doc.setIn(['contact', 'phone'], '8377 4321');
    return true;
  },
  "a doctor's name": (doc, data) => {
    if (!data.entities.doctors?.length) return false;
    doc.setIn(['entities', 'doctors', 0, 'name'], 'Dr Amelia Hart-Collins');
    return true;
  },
  'the weekday closing time': (doc, data) => {
    const weekday = data.hours.regular.findIndex((range) => range.closes !== undefined);
    if (weekday < 0) return false;
    doc.setIn(['hours', 'regular', weekday, 'closes'], '18:30');
    return true;
  },
  'Saturday morning hours': (doc, data) => {
    if (data.hours.regular.some((range) => range.days?.includes('Saturday'))) return false;
    const regular = doc.getIn(['hours', 'regular']);
    if (!isSeq(regular)) return false;
    regular.items.push(doc.createNode({ label: 'Saturday', days: ['Saturday'], opens: '09:00', closes: '12:00' }));
    return true;
  },
  'an FAQ answer': (doc, data) => {
    const faq = locateBlock(data.pages, 'faq');
    if (!faq) return false;
    doc.setIn(['pages', faq.page, 'blocks', faq.block, 'items', 0, 'answer'], 'Yes. Ask at reception and we will explain the options.');
    return true;
  },
  'a news item on the page that lists news': (doc, data) => {
    const news = doc.getIn(['entities', 'news']);
    if (!data.pages.some((p) => p.blocks.some((b) => b.type === 'news-list')) || !data.entities.news || !isSeq(news)) return false;
    const id = freshId('extended-hours-2026', data.entities.news.map((n) => n.id));
    news.items.unshift(doc.createNode({
      id, date: '2026-11-23', title: 'Longer hours on weekdays',
      summary: 'From December we are open until 6:30 PM on weekdays.', body: 'Phone reception to book an evening appointment.',
    }));
    // A list that names its items gets it too; one that shows the newest news has it by itself.
    const list = locateBlock(data.pages, 'news-list');
    const items = list && doc.getIn(['pages', list.page, 'blocks', list.block, 'items']);
    if (isSeq(items)) items.items.unshift(doc.createNode(id));
    return true;
  },
  'a news item taken down': (doc, data) => {
    const last = data.entities.news?.at(-1);
    if (!last || data.entities.news!.length < 2) return false;
    removeEverywhere(doc, ['entities', 'news'], data.entities.news!.length - 1, last.id);
    return true;
  },
  'a doctor joins, without a picture, with a long name': (doc, data) => {
    const doctors = doc.getIn(['entities', 'doctors']);
    if (!isSeq(doctors) || data.entities.doctors?.some((d) => d.slug === NEW_DOCTOR)) return false;
    doctors.items.push(doc.createNode({
      slug: NEW_DOCTOR, name: 'Dr Alexandra Konstantinopoulou', qualifications: 'MBBS, FRACGP', specialties: ["Women's health", 'Sports medicine'],
      summary: 'A GP with an interest in sports medicine and women\'s health, new to the practice this year.', listed: true,
      bio: 'Dr Alexandra Konstantinopoulou joined the practice in 2026.\n\nShe sees patients of all ages.\n', areas: ['Sports injuries', "Women's health"],
    }));
    // On every list of doctors the site shows, as staff add her to the doctors page and the carousel.
    for (const { page, block } of blocksListingDoctors(data.pages)) {
      const list = doc.getIn(['pages', page, 'blocks', block, 'doctors']);
      if (isSeq(list)) list.items.push(doc.createNode(NEW_DOCTOR));
    }
    return true;
  },
  'a doctor leaves': (doc, data) => {
    const doctors = data.entities.doctors ?? [];
    // The last one listed, not the first (whose name another edit changes).
    const index = doctors.findLastIndex((d, i) => i > 0 && d.listed !== false && d.slug !== NEW_DOCTOR);
    if (index < 0) return false;
    removeEverywhere(doc, ['entities', 'doctors'], index, doctors[index].slug);
    return true;
  },
  'a menu label': (doc, data) => {
    const index = data.nav.items.findIndex((item) => item.href !== undefined && item.href !== '/');
    if (index < 0) return false;
    doc.setIn(['nav', 'items', index, 'label'], 'Our Team');
    return true;
  },
  'a service page added': (doc, data) => {
    // A copy of an existing page that is not the home page nor a template, at a new address, as staff would start one.
    const index = data.pages.findIndex((p) => p.path !== '/' && !p.each && p.blocks.some((b) => b.type === 'page-header'));
    const pages = doc.getIn(['pages']);
    if (index < 0 || !isSeq(pages)) return false;
    const copy = structuredClone(data.pages[index]) as Content['pages'][number] & { title: string; aliases?: unknown };
    delete copy.aliases;
    const ids = data.pages.map((p) => p.id);
    copy.id = freshId('travel-health', ids);
    copy.path = `/services/${copy.id}`;
    copy.title = 'Travel Health';
    pages.items.push(doc.createNode(copy));
    return true;
  },
  'a block moved up': (doc, data) => {
    // The page with the most blocks: its last block one place earlier.
    const page = data.pages.reduce((best, p, i) => (p.blocks.length > data.pages[best].blocks.length ? i : best), 0);
    const blocks = doc.getIn(['pages', page, 'blocks']);
    if (!isSeq(blocks) || blocks.items.length < 3) return false;
    const last = blocks.items.pop();
    blocks.items.splice(blocks.items.length - 1, 0, last);
    return true;
  },
};

/** Applies every edit (or those named) to a site file's text; `applied` names the edits that found their place. */
export function applyStaffEdits(text: string, names: string[] = Object.keys(STAFF_EDITS)): { text: string; applied: string[] } {
  const doc = parseDocument(text);
  const applied: string[] = [];
  for (const name of names) {
    // Each edit reads the content as the edits before it left it.
    if (STAFF_EDITS[name](doc, doc.toJS() as Content)) applied.push(name);
  }
  return { text: String(doc), applied };
}

function freshId(wanted: string, taken: string[]): string {
  let id = wanted;
  for (let n = 2; taken.includes(id); n++) id = `${wanted}-${n}`;
  return id;
}

function locateBlock(pages: Content['pages'], type: string) {
  for (const [page, { blocks }] of pages.entries()) {
    const block = blocks.findIndex((b) => b.type === type && Array.isArray(b.items) && b.items.length > 0);
    if (block >= 0) return { page, block };
  }
  return undefined;
}

function blocksListingDoctors(pages: Content['pages']) {
  return pages.flatMap(({ blocks }, page) => blocks.flatMap((b, block) => (Array.isArray(b.doctors) ? [{ page, block }] : [])));
}

/** Removes an entry, and its id from every list that names it, as staff take someone or something off the site. */
function removeEverywhere(doc: Document, collection: string[], index: number, id: string) {
  doc.deleteIn([...collection, index]);
  const visit = (node: unknown) => {
    if (isSeq(node)) {
      node.items = node.items.filter((item) => !(isScalar(item) && item.value === id));
      node.items.forEach(visit);
    } else if (isMap(node)) {
      node.items.forEach((pair) => visit(pair.value));
    }
  };
  visit(doc.get('pages', true));
}
