/**
 * Word puts a list on the clipboard as paragraphs, not as a list: each of class MsoListParagraph* (or with an
 * `mso-list: l0 level1` style), its bullet or number written as text in a span marked `mso-list:Ignore`. Turned into
 * the lists they stand for (in place, in the parsed clipboard), so that the converter sees what a web page would give.
 */

const LIST_STYLE = /mso-list:\s*l\d+\s+level(\d+)/i;
const MARKER = /mso-list:\s*ignore/i;
/** "1." "a)" "(iv)" number an item; "·" "o" "§" "•" are bullets. */
const NUMBERED = /^\(?(?:\d+|[a-z]|[ivxlcdm]+)[.)]$/i;

interface Item { paragraph: HTMLElement; level: number; numbered: boolean }
interface Open { level: number; numbered: boolean; list: HTMLElement }

function isListParagraph(element: Element): element is HTMLElement {
  return element.tagName === 'P' && (/^MsoListParagraph/i.test(element.className) || LIST_STYLE.test(element.getAttribute('style') ?? ''));
}

/** The item's bullet or number, taken out of its text. */
function takeMarker(paragraph: HTMLElement): string {
  const marker = [...paragraph.querySelectorAll('span')].find((span) => MARKER.test(span.getAttribute('style') ?? ''));
  const text = marker?.textContent?.replace(/\s+/g, '') ?? '';
  marker?.remove();
  return text;
}

function itemOf(paragraph: HTMLElement): Item {
  const level = Number(LIST_STYLE.exec(paragraph.getAttribute('style') ?? '')?.[1] ?? 1);
  return { paragraph, level, numbered: NUMBERED.test(takeMarker(paragraph)) };
}

/** Paragraphs that follow each other are one list (Word's numbering restarts in a new list after any other paragraph). */
function runsOf(root: ParentNode): Item[][] {
  const runs: Item[][] = [];
  for (const paragraph of root.querySelectorAll('p')) {
    if (!isListParagraph(paragraph)) continue;
    const run = runs.at(-1);
    const last = run?.at(-1)?.paragraph;
    if (run && last && paragraph.previousElementSibling === last) run.push(itemOf(paragraph));
    else runs.push([itemOf(paragraph)]);
  }
  return runs;
}

/** One run of items as nested lists: a deeper level opens a list inside the item before it. */
function listsOf(run: Item[], document: Document): HTMLElement[] {
  const tops: HTMLElement[] = [];
  const open: Open[] = [];
  for (const item of run) {
    let here = open.at(-1);
    // Back out to the item's level; at that level, bullets after numbers (or the reverse) are a list of their own.
    while (here && (here.level > item.level || (here.level === item.level && here.numbered !== item.numbered))) {
      open.pop();
      here = open.at(-1);
    }
    if (!here || here.level < item.level) {
      const list = document.createElement(item.numbered ? 'ol' : 'ul');
      const holder = here?.list.lastElementChild;
      if (holder) holder.append(list);
      else tops.push(list);
      here = { level: item.level, numbered: item.numbered, list };
      open.push(here);
    }
    const entry = document.createElement('li');
    entry.append(...item.paragraph.childNodes);
    here.list.append(entry);
  }
  return tops;
}

export function wordListsToLists(root: HTMLElement): void {
  for (const run of runsOf(root)) {
    run[0].paragraph.before(...listsOf(run, root.ownerDocument));
    for (const item of run) item.paragraph.remove();
  }
}
