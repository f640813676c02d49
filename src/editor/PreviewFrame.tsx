import { useEffect, useMemo, useRef, useState } from 'react';
import type { DraftPictures } from './draftPictures.ts';
import { openFromPreview, openRequest } from './previewFiles.ts';
import { getAt, type Target } from './model.ts';
import { isObject, type Json } from './yaml/json.ts';

/** A block of the previewed page: its place among the page's blocks, and its anchor when it has one. */
export interface ShownBlock { index: number; anchor?: string }

/**
 * The practice details a part of the Practice holds, by the names blocks show them with (a block's `fact` or
 * `facts`, schema/defs/fact.schema.json; drawn by src/ui/Fact.tsx).
 */
const FACTS_OF: Readonly<Record<string, readonly string[]>> = {
  hours: ['opening-hours', 'after-hours'],
  contact: ['phone', 'fax', 'email', 'address', 'emergency', 'after-hours-gp', 'mental-health-line'],
};

/** Whether a block shows one of `facts` (in its `fact` or `facts`, at any depth). */
function showsFact(node: Json | undefined, facts: readonly string[]): boolean {
  if (Array.isArray(node)) return node.some((item) => showsFact(item, facts));
  if (!isObject(node)) return false;
  return Object.entries(node).some(([key, value]) =>
    (key === 'fact' && typeof value === 'string' && facts.includes(value))
    || (key === 'facts' && Array.isArray(value) && value.some((v) => typeof v === 'string' && facts.includes(v)))
    || (typeof value === 'object' && showsFact(value, facts)));
}

/**
 * The block the preview should show for a target: the block itself, or for a part of the Practice (the opening
 * hours, the contact details) the first block of the previewed page (`path`) that shows its details. Undefined for
 * anything else.
 */
export function shownBlock(doc: Json, target: Target, path?: string): ShownBlock | undefined {
  const facts = target.kind === 'section' ? FACTS_OF[String(target.path[0])] : undefined;
  if (facts && isObject(doc) && Array.isArray(doc.pages)) {
    const page = doc.pages.find((p) => isObject(p) && p.path === path);
    const blocks = isObject(page) && Array.isArray(page.blocks) ? page.blocks : [];
    const index = blocks.findIndex((block) => showsFact(block, facts));
    return index === -1 ? undefined : { index };
  }
  if (target.kind !== 'block' || typeof target.index !== 'number') return undefined;
  const block = getAt(doc, target.path);
  const anchor = isObject(block) && typeof block.anchor === 'string' && block.anchor ? block.anchor : undefined;
  return { index: target.index, ...(anchor ? { anchor } : {}) };
}

/**
 * The hosted editor's preview page (the admin build's preview.html, src/site/preview/): it draws the site's pages
 * from the content it is sent, in the browser, where the editor on this computer frames its dev server instead.
 */
export const PREVIEW_PAGE = `${import.meta.env.BASE_URL}preview.html`;

/**
 * The preview page's HTML, shown in the frame as its own document (srcdoc) rather than loaded into it: a document
 * made by the editor is under the editor's policy, so no header has to let /admin/ be framed (a static host sends the
 * site's `frame-ancestors 'none'` to every path, /admin/ included). The frame is sandboxed: its scripts run with no
 * origin of their own, so nothing drawn there (the site's code on staff's content) can read the sign-in /admin keeps
 * in this origin's storage, or reach into the editor's page. A link to another site opens its own tab, as on the site,
 * and that tab is an ordinary one; a link to a file of the site is opened by the editor (previewFiles.ts), which can
 * read the draft's uploads.
 */
const PREVIEW_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
let previewHtml: Promise<string> | undefined;
/** Shown in the frame when the preview page cannot be fetched (the editor goes on working without it). */
const PREVIEW_MISSING = '<!doctype html><p>The preview could not be loaded. Reload the page to try again; your work is kept.</p>';
function previewPage(): Promise<string> {
  previewHtml ??= fetch(PREVIEW_PAGE).then((res) => {
    if (!res.ok) throw new Error(`The preview page answered ${res.status}.`);
    return res.text();
  });
  previewHtml.catch(() => { previewHtml = undefined; });
  return previewHtml;
}

/** Whether the preview page shows the last version it was sent, and if not why (null: it does). */
export type Behind = 'unfit' | 'silent' | null;
/**
 * How long the preview page may take to answer a version before the editor says it is behind. A page draws in tens
 * of milliseconds; a machine busy with other work can take seconds.
 */
const PREVIEW_ANSWERS_MS = 10_000;
/** The preview page's answer to a version: whether it is on screen (src/site/preview/main.tsx), or undefined for another message. */
function shownAnswer(data: unknown): boolean | undefined {
  const answer = data as { type?: unknown; current?: unknown } | null;
  return answer?.type === 'preview:shown' && typeof answer.current === 'boolean' ? answer.current : undefined;
}

/** What the preview page is sent: the document and the page to show. */
export interface PreviewContent { doc: Json; path: string }

/**
 * The site in a frame: at phone width as it is, at desktop width drawn 1280 px wide and scaled down to the pane.
 * When a field of a block is focused or changed, the page in the frame shows that block (server/editor/previewBlock.ts).
 * With `content`, the frame is the preview page instead of `src`, sent the document after every change and on every
 * load, and `pictures` (the draft's uploads the website cannot show yet) when they change and on every load: apart
 * from the document, which goes a keystroke, since a picture is megabytes.
 */
export function PreviewFrame({ width, src, reload, title, block, content, pictures, onBehind }: {
  width: 'phone' | 'desktop'; src: string; reload: number; title: string; block?: ShownBlock; content?: PreviewContent; pictures?: DraftPictures;
  /** Told whether the preview page shows the last version it was sent: 'unfit' it could not draw it, 'silent' it did not answer. */
  onBehind?(behind: Behind): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  // The document as JSON: YAML reads JSON as it is, and JSON.stringify takes a millisecond where a YAML writer takes
  // tens. The document rather than the file as saved: it is here at once after each change, with no round trip for
  // the file's text, and it holds the same values (the server makes the same changes to the file).
  const doc = content?.doc;
  const text = useMemo(() => (doc === undefined ? null : JSON.stringify(doc)), [doc]);
  // Only to the preview page: a frame of another page (npm run edit's) reads uploads from this computer's disk.
  const latestPictures = useRef<DraftPictures | undefined>(undefined);
  const latestSite = useRef<{ text: string; path: string } | null>(null);
  const unanswered = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latestBehind = useRef(onBehind);
  latestBehind.current = onBehind;
  useEffect(() => () => clearTimeout(unanswered.current), []);
  const sendSite = useRef(() => {
    const frame = box.current?.querySelector('iframe');
    // Each version names the uploads, whose bytes come apart (src/site/preview/pictures.ts).
    const uploads = Object.keys(latestPictures.current ?? {});
    // To any origin: the sandboxed frame has none to name. It holds the preview page and no link takes it elsewhere (src/site/preview/Preview.tsx).
    if (latestSite.current && frame?.contentWindow) {
      frame.contentWindow.postMessage({ type: 'editor:site', ...latestSite.current, uploads }, '*');
      clearTimeout(unanswered.current);
      unanswered.current = setTimeout(() => latestBehind.current?.('silent'), PREVIEW_ANSWERS_MS);
    }
  });
  const sendPictures = useRef((always: boolean) => {
    const frame = box.current?.querySelector('iframe');
    const shown = latestPictures.current;
    if (shown && (always || Object.keys(shown).length) && frame?.contentWindow) frame.contentWindow.postMessage({ type: 'editor:pictures', pictures: shown }, '*');
  });
  const path = content?.path;
  const [html, setHtml] = useState<string | null>(null);
  const wantsPage = content !== undefined;
  useEffect(() => {
    latestPictures.current = wantsPage ? pictures : undefined;
    sendPictures.current(true);
  }, [pictures, wantsPage]);
  useEffect(() => {
    if (!wantsPage) return;
    let live = true;
    previewPage().then((text) => { if (live) setHtml(text); }, () => { if (live) setHtml(PREVIEW_MISSING); });
    return () => { live = false; };
  }, [wantsPage]);
  useEffect(() => {
    latestSite.current = text === null || path === undefined ? null : { text, path };
    sendSite.current();
  }, [text, path]);
  // The preview page has no sign-in to read the draft's uploads with (a PDF the website has only once published), so
  // it asks the editor to open a file's link.
  useEffect(() => {
    if (!wantsPage) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const frame = box.current?.querySelector('iframe');
      const shown = shownAnswer(event.data);
      if (shown !== undefined && frame?.contentWindow && event.source === frame.contentWindow) {
        clearTimeout(unanswered.current);
        latestBehind.current?.(shown ? null : 'unfit');
      }
      const address = openRequest(event.data);
      // Only from the preview page in this frame: its sandbox gives it no origin of its own to compare.
      if (address !== undefined && frame?.contentWindow && event.source === frame.contentWindow) openFromPreview(address);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [wantsPage]);
  const latestBlock = useRef(block);
  useEffect(() => { latestBlock.current = block; }, [block]);
  const showBlock = useRef(() => {
    const frame = box.current?.querySelector('iframe');
    const shown = latestBlock.current;
    if (shown && frame?.contentWindow) frame.contentWindow.postMessage({ type: 'editor:show-block', ...shown }, frame.src ? new URL(frame.src).origin : '*');
  });
  // Typing sends a message a keystroke; the page needs one once the person pauses.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onEdit = (e: Event) => {
      if (!(e.target instanceof Element) || !e.target.closest('.form')) return;
      clearTimeout(timer);
      timer = setTimeout(showBlock.current, 150);
    };
    const events = ['focusin', 'input', 'change'] as const;
    for (const name of events) document.addEventListener(name, onEdit);
    return () => {
      clearTimeout(timer);
      for (const name of events) document.removeEventListener(name, onEdit);
    };
  }, []);
  const [size, setSize] = useState({ w: 0, h: 0 });
  // Inert unless the pointer is over it: a page loading in the frame cannot then take the focus (and the keystrokes)
  // from a field being typed in. Keyboard users open the preview in its own tab with the link above it.
  const [pointerOver, setPointerOver] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // The page in the frame may move focus into itself when it loads (the site focuses its main content after a
  // navigation): while staff type in a form, that would send their keystrokes to the preview. Focus goes back to
  // where it was unless the pointer is over the preview or Tab was just pressed (then they chose to go there).
  useEffect(() => {
    let over = false;
    let tabbed = 0;
    let last: HTMLElement | null = null;
    const frame = () => box.current?.querySelector('iframe');
    const onFocusIn = (e: FocusEvent) => { if (e.target instanceof HTMLElement && e.target.tagName !== 'IFRAME') last = e.target; };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Tab') tabbed = Date.now(); };
    const onBlur = () => {
      setTimeout(() => {
        if (document.activeElement === frame() && !over && Date.now() - tabbed > 500 && last?.isConnected) last.focus();
      }, 0);
    };
    const enter = () => { over = true; };
    const leave = () => { over = false; };
    const el = box.current;
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKey, true);
    window.addEventListener('blur', onBlur);
    el?.addEventListener('pointerenter', enter);
    el?.addEventListener('pointerleave', leave);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKey, true);
      window.removeEventListener('blur', onBlur);
      el?.removeEventListener('pointerenter', enter);
      el?.removeEventListener('pointerleave', leave);
    };
  }, []);
  const scale = width === 'desktop' && size.w > 0 ? Math.min(1, size.w / 1280) : 1;
  const style = width === 'desktop' ? { transform: `scale(${scale})`, height: size.h ? `${size.h / scale}px` : '100%' } : undefined;
  return (
    <div ref={box} className={`frame ${width}`} onPointerEnter={() => setPointerOver(true)} onPointerLeave={() => setPointerOver(false)}>
      {(!wantsPage || html !== null) && (
        <iframe key={`${wantsPage ? 'page' : src}:${reload}`} title={title} {...(wantsPage ? { srcDoc: html ?? '', sandbox: PREVIEW_SANDBOX } : { src })} style={style} inert={!pointerOver}
          onLoad={() => { sendPictures.current(false); sendSite.current(); if (document.activeElement?.closest('.form')) showBlock.current(); }} />
      )}
    </div>
  );
}
