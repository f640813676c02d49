import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, ApiError, type DocumentState, type Problem } from './api.ts';
import {
  allTargets, duplicateOf, getAt, keyOf, navigator, parseDotted, previewPath, searchText, setAt, skeleton, targetFor,
  type Bundle, type NavGroup, type Path, type Target,
} from './model.ts';
import { Publish, Review } from './Review.tsx';
import { YamlView } from './YamlView.tsx';
import { uiSchemaFor } from './uiSchema.ts';
import { buttonTemplates, fields, widgets, type EditorContext } from './widgets.tsx';
import { isObject, type Json } from './yaml/json.ts';

// The schema carries the engine's own keywords (entityRef, markdown, href...); the form's validator ignores them.
// Problems are reported by the site's checker, not by the form.
const validator = customizeValidator({ ajvOptionsOverrides: { strict: false, discriminator: true } });

type SaveState = { state: 'saved' | 'saving' | 'waiting' } | { state: 'error' | 'conflict'; message: string };

const previewOrigin = document.querySelector<HTMLMetaElement>('meta[name="preview-origin"]')?.content ?? '';

function errorSchemaFor(problems: Problem[], target: Target): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const p of problems) {
    const path = parseDotted(p.path);
    if (!target.path.every((k, i) => String(k) === String(path[i]))) continue;
    let node = root;
    for (const key of path.slice(target.path.length)) {
      node[String(key)] ??= {};
      node = node[String(key)] as Record<string, unknown>;
    }
    const list = (node.__errors as string[] | undefined) ?? [];
    node.__errors = [...list, p.message];
  }
  return root as ErrorSchema;
}

function problemsUnder(problems: Problem[], target: Target): Problem[] {
  return problems.filter((p) => {
    const path = parseDotted(p.path);
    return target.path.every((k, i) => String(k) === String(path[i]));
  });
}

/** Focus the field a data path names, or the nearest field around it. */
function focusField(target: Target, path: Path) {
  const rest = path.slice(target.path.length).map(String);
  for (let n = rest.length; n >= 0; n--) {
    const el = document.getElementById(['root', ...rest.slice(0, n)].join('_'));
    const focusable = el && (el.matches('input, select, textarea, button, fieldset') ? el : el.querySelector<HTMLElement>('input, select, textarea'));
    if (focusable instanceof HTMLElement) {
      focusable.scrollIntoView({ block: 'center' });
      focusable.focus();
      return;
    }
  }
  document.getElementById('form-heading')?.focus();
}

export function App() {
  const [bundle, setBundle] = useState<Bundle | null>(null);
  const [loaded, setLoaded] = useState<DocumentState | null>(null);
  const [doc, setDoc] = useState<Json | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [files, setFiles] = useState<string[]>([]);
  const [selected, setSelected] = useState<string>('hours');
  const [save, setSave] = useState<SaveState>({ state: 'saved' });
  const [fatal, setFatal] = useState('');
  const [width, setWidth] = useState<'phone' | 'desktop'>('desktop');
  const [dialog, setDialog] = useState<'review' | 'publish' | null>(null);
  const [query, setQuery] = useState('');
  const [previewKey, setPreviewKey] = useState(0);
  const [mode, setMode] = useState<'form' | 'yaml'>('form');
  const [yamlText, setYamlText] = useState<string | null>(null);
  const hash = useRef('');
  const pending = useRef<Json | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saving = useRef(false);
  const focusAfter = useRef<Path | null>(null);

  const load = useCallback(async () => {
    try {
      const [schema, state, list] = await Promise.all([api.schema(), api.document(), api.files()]);
      setBundle(schema);
      setLoaded(state);
      hash.current = state.hash;
      setDoc(state.value);
      setProblems(state.problems);
      setFiles(list.files);
      setSave({ state: 'saved' });
      setFatal(state.value === null ? 'site.yaml cannot be read as it is (see the problems below). Fix it in a text editor, then press "Load again".' : '');
    } catch (error) {
      setFatal(error instanceof Error ? error.message : String(error));
    }
  }, []);
  useEffect(() => { void load(); }, [load]);

  const flush = useCallback(async () => {
    if (saving.current || pending.current === null) return;
    const value = pending.current;
    pending.current = null;
    saving.current = true;
    setSave({ state: 'saving' });
    try {
      const result = await api.save(value, hash.current);
      hash.current = result.hash;
      setProblems(result.problems);
      // The server answers once the preview has read the file: reload it now to show the change (a draft with
      // problems cannot be shown, so the preview keeps the last version without them).
      if (result.problems.length === 0) setPreviewKey((k) => k + 1);
      setSave(pending.current ? { state: 'waiting' } : { state: 'saved' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setSave({ state: error instanceof ApiError && error.conflict ? 'conflict' : 'error', message });
    } finally {
      saving.current = false;
      if (pending.current !== null) void flush();
    }
  }, []);

  const update = useCallback((next: Json) => {
    setDoc(next);
    pending.current = next;
    setSave({ state: 'waiting' });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), 400);
  }, [flush]);

  const groups = useMemo<NavGroup[]>(() => (doc && bundle ? navigator(doc, bundle) : []), [doc, bundle]);
  const targets = useMemo(() => allTargets(groups), [groups]);
  const target = targets.find((t) => t.key === selected) ?? targets[0];

  const select = useCallback((key: string, focus?: Path) => {
    setSelected(key);
    focusAfter.current = focus ?? null;
  }, []);

  useEffect(() => {
    if (!target || !focusAfter.current) return;
    const path = focusAfter.current;
    focusAfter.current = null;
    requestAnimationFrame(() => focusField(target, path));
  });

  const goToProblem = (p: Problem) => {
    const path = parseDotted(p.path);
    const t = targetFor(targets, path);
    if (t) select(t.key, path);
  };

  const context = useMemo<EditorContext>(() => ({
    doc: doc ?? null, files, previewOrigin,
    upload: async (file: File) => {
      const result = await api.upload(file);
      setFiles((f) => [...f, result.href]);
      return result;
    },
    markdown: api.markdown,
  }), [doc, files]);

  if (fatal && !doc) {
    return (
      <main className="fatal">
        <h1>Site editor</h1>
        <p role="alert">{fatal}</p>
        {loaded?.problems.map((p) => <p key={`${p.line}:${p.col}:${p.message}`}>Line {p.line}: {p.message}</p>)}
        <button type="button" onClick={() => void load()}>Load again</button>
      </main>
    );
  }
  if (!doc || !bundle || !target) return <main className="loading"><p role="status">Loading the editor...</p></main>;

  const path = previewPath(doc, target);
  const errorCount = problems.length;
  const results = searchText(doc, query);

  const listActions = (t: Target) => {
    if (t.list === undefined || t.index === undefined) return null;
    const list = getAt(doc, t.list);
    if (!Array.isArray(list)) return null;
    const i = t.index;
    const move = (to: number) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      next.splice(to, 0, item);
      update(setAt(doc, t.list as Path, next));
      select(keyOf([...(t.list as Path), to]));
    };
    const what = t.kind === 'block' ? 'block' : t.kind === 'page' ? 'page' : 'entry';
    return (
      <div className="actions" role="group" aria-label={`Arrange this ${what}`}>
        <button type="button" onClick={() => {
          const next = [...list];
          next.splice(i + 1, 0, duplicateOf(list[i], list));
          update(setAt(doc, t.list as Path, next));
          select(keyOf([...(t.list as Path), i + 1]));
        }}>Duplicate</button>
        <button type="button" disabled={i === 0} onClick={() => move(i - 1)}>Move up</button>
        <button type="button" disabled={i === list.length - 1} onClick={() => move(i + 1)}>Move down</button>
        <button type="button" className="danger" onClick={() => {
          if (!window.confirm(`Remove "${t.label}"? You can undo this in Review changes.`)) return;
          const next = list.filter((_, k) => k !== i);
          update(setAt(doc, t.list as Path, next));
          select(next.length ? keyOf([...(t.list as Path), Math.max(0, i - 1)]) : 'hours');
        }}>Remove</button>
      </div>
    );
  };

  const addTo = (list: Path, def: string) => {
    const current = getAt(doc, list);
    const items = Array.isArray(current) ? current : [];
    update(setAt(doc, list, [...items, skeleton({ $ref: `#/definitions/${def}` }, bundle)]));
    select(keyOf([...list, items.length]));
  };

  const saveWords = save.state === 'error' || save.state === 'conflict' ? save.message
    : save.state === 'saved' ? 'All changes saved' : save.state === 'saving' ? 'Saving...' : 'Changes not saved yet';

  return (
    <div className="editor">
      <header className="topbar">
        <h1>Site editor <span className="file">{loaded?.file}</span></h1>
        <p className={`save-state ${save.state}`} role="status" aria-live="polite">{saveWords}</p>
        {save.state === 'conflict' && <button type="button" onClick={() => void load()}>Load again</button>}
        <a className={errorCount ? 'problem-count has' : 'problem-count'} href="#problems">{errorCount === 0 ? 'No problems' : errorCount === 1 ? '1 problem' : `${errorCount} problems`}</a>
        <button type="button" onClick={() => setDialog('review')}>Review changes</button>
        <button type="button" className="primary" onClick={() => setDialog('publish')}>Publish</button>
      </header>

      <nav className="navigator" aria-label="Parts of the site">
        <label htmlFor="search">Search all text</label>
        <input id="search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="e.g. flu vaccine" />
        {query.trim().length >= 2 && (
          <ul className="search-results" aria-label="Search results">
            {results.length === 0 && <li>Nothing found.</li>}
            {results.map((r) => {
              const t = targetFor(targets, r.path);
              return (
                <li key={keyOf(r.path)}>
                  <button type="button" onClick={() => { if (t) select(t.key, r.path); }}>
                    <strong>{t?.label ?? 'Site'}</strong> {String(r.path[r.path.length - 1])}: {r.text.length > 70 ? `${r.text.slice(0, 67)}...` : r.text}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {groups.map((group) => (
          <section key={group.label} aria-labelledby={`group-${group.label}`}>
            <h2 id={`group-${group.label}`}>{group.label}</h2>
            <ul>
              {group.targets.map((t) => (
                <li key={t.key}><button type="button" aria-current={t.key === target.key ? 'true' : undefined} onClick={() => select(t.key)}>{t.label}</button></li>
              ))}
              {group.children?.map((child) => (
                <li key={child.page.key}>
                  <button type="button" aria-current={child.page.key === target.key ? 'true' : undefined} onClick={() => select(child.page.key)}>{child.page.label}</button>
                  {(child.page.key === target.key || child.blocks.some((b) => b.key === target.key)) && (
                    <ul className="blocks">
                      {child.blocks.map((b) => (
                        <li key={b.key}><button type="button" aria-current={b.key === target.key ? 'true' : undefined} onClick={() => select(b.key)}>{b.label}</button></li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
            {group.list && group.def && group.label !== 'Pages' && (
              <button type="button" className="add" onClick={() => addTo(group.list as Path, group.def as string)}>Add to {group.label}</button>
            )}
            {group.label === 'Pages' && <button type="button" className="add" onClick={() => addTo(['pages'], 'defs.page')}>Add a page</button>}
          </section>
        ))}
      </nav>

      <main className="workspace" id="main">
        <section id="problems" className="problems" aria-labelledby="problems-heading" tabIndex={-1}>
          <h2 id="problems-heading">{errorCount === 0 ? 'No problems: the site can be published' : `Problems (${errorCount}): fix these before publishing`}</h2>
          {errorCount > 0 && (
            <ul>
              {problems.map((p) => (
                <li key={`${p.path}:${p.message}`}><button type="button" onClick={() => goToProblem(p)}><strong>{p.where}</strong>: {p.message}</button></li>
              ))}
            </ul>
          )}
        </section>
        <div className="mode" role="group" aria-label="How to edit">
          <button type="button" aria-pressed={mode === 'form'} onClick={() => { setMode('form'); setYamlText(null); }}>Form</button>
          <button type="button" aria-pressed={mode === 'yaml'} onClick={() => {
            setMode('yaml');
            // The file as saved, once the last change has been written.
            void (async () => { await flush(); setYamlText((await api.document()).text); })();
          }}>YAML</button>
        </div>
        {mode === 'yaml' && yamlText !== null && (
          <YamlView text={yamlText} problems={problems} bundle={bundle} path={target.path} onSave={async (text) => {
            const saved = await api.saveText(text, hash.current);
            hash.current = saved.hash;
            setProblems(saved.problems);
            const state = await api.document();
            hash.current = state.hash;
            if (state.value !== null) setDoc(state.value);
            if (saved.problems.length === 0) setPreviewKey((k) => k + 1);
          }} />
        )}
        {mode === 'form' && <TargetForm key={target.key} target={target} doc={doc} bundle={bundle} problems={problems} context={context}
          actions={listActions(target)} onChange={(value) => update(setAt(doc, target.path, value))}
          onAddBlock={(type) => {
            const list = [...target.path.slice(0, 2), 'blocks'];
            const def = bundle.blockTypes[type];
            if (!def) return;
            const blocks = getAt(doc, list);
            const items = Array.isArray(blocks) ? blocks : [];
            update(setAt(doc, list, [...items, skeleton({ $ref: `#/definitions/${def}` }, bundle)]));
            select(keyOf([...list, items.length]));
          }} />}
      </main>

      <aside className="preview" aria-label="Preview">
        <div className="preview-bar">
          <span>Preview of <a href={`${previewOrigin}${path}`} target="_blank" rel="noreferrer">{path}</a></span>
          <div role="group" aria-label="Preview width">
            <button type="button" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>Phone</button>
            <button type="button" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>Desktop</button>
            <button type="button" onClick={() => setPreviewKey((k) => k + 1)}>Reload</button>
          </div>
        </div>
        {errorCount > 0 && <p className="preview-note">The preview shows the site as it was before the problems listed on the left. Fix them to see your latest changes here.</p>}
        <PreviewFrame width={width} src={`${previewOrigin}${path}`} reload={previewKey} title={`Preview of the page ${path}`} />
      </aside>

      {dialog === 'review' && <Review hash={hash} onClose={() => setDialog(null)} onUndone={(state) => { hash.current = state.hash; setProblems(state.problems); void load(); }} />}
      {dialog === 'publish' && <Publish problems={errorCount} saving={save.state !== 'saved'} onClose={() => setDialog(null)} onShowProblems={() => { setDialog(null); document.getElementById('problems')?.focus(); }} />}
    </div>
  );
}

function TargetForm(props: {
  target: Target; doc: Json; bundle: Bundle; problems: Problem[]; context: EditorContext; actions: ReactNode;
  onChange(value: Json): void; onAddBlock(type: string): void;
}) {
  const { target, doc, bundle, problems, context, actions, onChange, onAddBlock } = props;
  const definition = bundle.definitions[target.def];
  const schema = useMemo(() => ({ $ref: `#/definitions/${target.def}`, definitions: bundle.definitions }) as RJSFSchema, [target.def, bundle]);
  const uiSchema = useMemo<UiSchema>(() => {
    const ui = uiSchemaFor({ $ref: `#/definitions/${target.def}` }, bundle);
    if (target.kind === 'page') ui.blocks = { 'ui:field': 'nothing' };
    // The heading above the form already names it and gives its description.
    return { ...ui, 'ui:title': '', 'ui:description': '', 'ui:submitButtonOptions': { norender: true } };
  }, [target.def, target.kind, bundle]);
  // The same messages keep the same object: a new one makes the form re-read its data from the props, which can be
  // a keystroke behind while the user types (the form reports changes asynchronously), and that keystroke is lost.
  const errorText = JSON.stringify(errorSchemaFor(problems, target));
  const extraErrors = useMemo(() => JSON.parse(errorText) as ErrorSchema, [errorText]);
  const own = problemsUnder(problems, target);
  const formData = getAt(doc, target.path);
  const [blockType, setBlockType] = useState('');
  const description = typeof definition?.description === 'string' ? definition.description : '';
  return (
    <section className="form" aria-labelledby="form-heading">
      <h2 id="form-heading" tabIndex={-1}>{target.label}</h2>
      {description && <p className="form-description">{description}</p>}
      {actions}
      {own.length > 0 && <p className="form-problems" role="note">{own.length === 1 ? '1 problem here' : `${own.length} problems here`}: see the messages in red beside the fields.</p>}
      {target.kind === 'page' && (
        <div className="add-block">
          <label htmlFor="block-type">Add a block to this page</label>
          <select id="block-type" value={blockType} onChange={(e) => setBlockType(e.target.value)}>
            <option value="">Choose a kind of block...</option>
            {Object.keys(bundle.blockTypes).sort().map((type) => <option key={type} value={type}>{type.replace(/-/g, ' ')}</option>)}
          </select>
          <button type="button" disabled={!blockType} onClick={() => onAddBlock(blockType)}>Add block</button>
        </div>
      )}
      {isObject(formData) || Array.isArray(formData) ? (
        <Form schema={schema} uiSchema={uiSchema} formData={formData} validator={validator} widgets={widgets} fields={fields}
          formContext={context} templates={{ ButtonTemplates: buttonTemplates }} extraErrors={extraErrors} showErrorList={false} noHtml5Validate
          experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipDefaults' }}
          onChange={(event) => onChange(event.formData as Json)} />
      ) : (
        <p>This part is empty.</p>
      )}
    </section>
  );
}

/** The site in a frame: at phone width as it is, at desktop width drawn 1280 px wide and scaled down to the pane. */
function PreviewFrame({ width, src, reload, title }: { width: 'phone' | 'desktop'; src: string; reload: number; title: string }) {
  const box = useRef<HTMLDivElement>(null);
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
      <iframe key={`${src}:${reload}`} title={title} src={src} style={style} inert={!pointerOver} />
    </div>
  );
}
