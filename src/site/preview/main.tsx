import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { drawsIcons } from 'virtual:preview/facts';
import '../../styles/global.scss';
import { renderMarkdown } from '../../content/markdown.ts';
import { browserLayout, type CompiledSite } from '../../content/model.ts';
import { compileText } from '../../content/previewCompile.ts';
import validate from '../../generated/validate.js';
import { replaceLayout } from '../../ui/context.ts';
import { replacePage } from '../pages.ts';
import { UploadPictures, withPictures, type Pictures } from './pictures.ts';
import { askPicturesWithCors, EDITOR_ORIGIN, Preview } from './Preview.tsx';
import { DrawFailed } from './DrawFailed.tsx';
import { showRoutes } from './routes.ts';

/** What the editor (this page's parent) sends: the site file's text, the page to show, and the draft's uploads (pictures.ts). */
export interface PreviewRequest { type: 'editor:site'; text: string; path: string; uploads?: string[] }
/** The draft's uploads the website cannot serve yet, sent when they change (pictures.ts). */
export interface PreviewPictures { type: 'editor:pictures'; pictures: Pictures }
/** The answer, once the page is drawn: `current` is false when the text could not be shown and the last version stays. */
export interface PreviewShown { type: 'preview:shown'; current: boolean }

const tools = { renderMarkdown, drawsIcons };
askPicturesWithCors(document);
const element = document.getElementById('root');
if (!element) throw new Error('preview.html has no #root element');
const root = createRoot(element);

let shownText: string | null = null;
let version = 0;
const uploads = new UploadPictures();
/** The uploads' pictures drawn: a new set redraws the page, its text unchanged. */
let shownPictures: Pictures | null = null;

function compiled(text: string): CompiledSite | null {
  try {
    return compileText(text, validate, tools);
  } catch (error) {
    // Content the checker refuses (its checks come after the schema) may stop the compiler; the editor lists why.
    console.warn(error);
    return null;
  }
}

async function show({ text, path }: PreviewRequest): Promise<boolean> {
  let current = text === shownText && uploads.shown === shownPictures;
  if (!current) {
    const site = compiled(text);
    if (site) {
      const shown = uploads.shown;
      document.documentElement.lang = site.layout.site.language;
      replaceLayout(browserLayout(withPictures(site.layout, shown)));
      showRoutes(site.routes);
      await Promise.all(site.pages.map((page) => replacePage(page.id, withPictures(page, shown))));
      shownText = text;
      shownPictures = shown;
      version++;
      current = true;
    }
  }
  if (shownText === null) return false;
  let failed = false;
  // Drawn now, not when React next finds time: the editor is told when the change is on screen.
  flushSync(() => root.render(<DrawFailed key={`${version}:${path}`} failed={() => { failed = true; }}><Preview path={path} version={version} /></DrawFailed>));
  return current && !failed;
}

// Typing sends a version a keystroke: while one is being drawn, only the latest of those that came meanwhile is next.
let next: PreviewRequest | null = null;
let latest: PreviewRequest | null = null;
let drawing = false;
async function drawLatest() {
  if (drawing) return;
  drawing = true;
  try {
    while (next) {
      const request = next;
      next = null;
      let current = false;
      try {
        current = await show(request);
      } catch (error) {
        // One version that cannot be drawn must not stop the next: the editor is told, and the next one is tried.
        console.warn(error);
      }
      window.parent.postMessage({ type: 'preview:shown', current } satisfies PreviewShown, EDITOR_ORIGIN);
    }
  } finally {
    drawing = false;
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  // Only the editor's page, from its own origin: this page has none (sandboxed), so it cannot be compared with ours.
  if (event.source !== window.parent || event.origin !== EDITOR_ORIGIN) return;
  const data = event.data as (Partial<PreviewRequest> | Partial<PreviewPictures>) | null;
  if (data?.type === 'editor:pictures') {
    uploads.receive(data.pictures);
    next ??= latest;
  } else if (data?.type === 'editor:site' && typeof data.text === 'string' && typeof data.path === 'string') {
    uploads.name(data.uploads);
    next = latest = { type: 'editor:site', text: data.text, path: data.path };
  } else return;
  void drawLatest();
});
