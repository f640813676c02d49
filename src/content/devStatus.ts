/**
 * The preview's own problem panel (npm run dev), in place of Vite's developer overlay: the checker's messages in
 * plain words, the lines around the first one, and whether the page underneath is an older version. It stays until
 * the file is fixed (Esc does not hide it); warnings are a small note that does not block the page.
 */
import status from 'virtual:site/status';
import type { PreviewStatus } from './previewStatus.ts';

const PANEL = 'site-problems';
const NOTE = 'site-warnings';

function element(tag: string, text?: string, className?: string): HTMLElement {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

const STYLE = `
#${PANEL}{position:fixed;inset:0 0 auto 0;z-index:2147483647;max-height:70vh;overflow:auto;background:#fff8e6;color:#1d1d1d;
  border-bottom:4px solid #b3261e;box-shadow:0 4px 16px rgba(0,0,0,.25);font:16px/1.5 system-ui,sans-serif;padding:16px 20px}
#${PANEL} h2{margin:0 0 8px;font-size:20px;color:#8c1d18} #${PANEL} li{margin:6px 0} #${PANEL} pre{background:#fff;border:1px solid #e0c48a;
  padding:8px;overflow:auto;font-size:14px} #${PANEL} .where{font-weight:600} #${PANEL} .stale{font-weight:600}
#${NOTE}{position:fixed;right:12px;bottom:12px;z-index:2147483646;max-width:min(560px,calc(100vw - 24px));background:#fff;color:#1d1d1d;
  border:2px solid #8a6d00;border-radius:8px;padding:10px 14px;font:14px/1.45 system-ui,sans-serif;box-shadow:0 2px 10px rgba(0,0,0,.2)}
#${NOTE} ul{margin:6px 0 0;padding-left:18px} #${NOTE} button{font:inherit;margin-top:6px}`;

export function render(state: PreviewStatus): void {
  document.getElementById(PANEL)?.remove();
  document.getElementById(NOTE)?.remove();
  if (!document.getElementById(`${PANEL}-style`)) {
    const style = element('style', STYLE);
    style.id = `${PANEL}-style`;
    // The page's policy allows the stylesheets the dev server marks with its nonce (see server/local/devPolicy.ts).
    style.nonce = document.querySelector<HTMLMetaElement>('meta[property=csp-nonce]')?.nonce ?? '';
    document.head.append(style);
  }
  if (state.errors.length) {
    const panel = element('section');
    panel.id = PANEL;
    panel.setAttribute('role', 'alert');
    panel.setAttribute('aria-labelledby', `${PANEL}-heading`);
    const count = state.errors.length === 1 ? '1 problem' : `${state.errors.length} problems`;
    const heading = element('h2', `${state.file} has ${count}. Fix ${state.errors.length === 1 ? 'it' : 'them'} and save the file again.`);
    heading.id = `${PANEL}-heading`;
    panel.append(heading);
    panel.append(element('p', state.stale
      ? `The page below is from the last version of ${state.file} that worked, not from what you saved. It updates by itself once the file is fixed.`
      : `The site cannot be shown until the file is fixed. This page updates by itself when you save.`, 'stale'));
    const list = element('ul');
    for (const problem of state.errors) {
      const item = element('li');
      item.append(element('span', `Line ${problem.line}, ${problem.where}: `, 'where'), problem.message);
      list.append(item);
    }
    panel.append(list);
    if (state.frame) panel.append(element('pre', state.frame));
    document.body.prepend(panel);
  }
  if (state.warnings.length) {
    const note = element('aside');
    note.id = NOTE;
    note.setAttribute('role', 'status');
    note.append(element('strong', state.warnings.length === 1 ? '1 warning (the site still works):' : `${state.warnings.length} warnings (the site still works):`));
    const list = element('ul');
    for (const problem of state.warnings) list.append(element('li', `Line ${problem.line}, ${problem.where}: ${problem.message}`));
    const hide = element('button', 'Hide this note');
    hide.setAttribute('type', 'button');
    hide.addEventListener('click', () => note.remove());
    note.append(list, hide);
    document.body.append(note);
  }
}

render(status);
import.meta.hot?.on('site:status', (next: PreviewStatus) => render(next));
