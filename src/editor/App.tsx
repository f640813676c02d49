import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, ApiError, type DocumentState, type FileConflict, type Problem, type Saved } from './api.ts';
import { ListActions } from './ListActions.tsx';
import {
  allTargets, getAt, keyOf, navigator, parseDotted, previewPath, setAt, skeleton, targetFor,
  type Bundle, type NavGroup, type Path,
} from './model.ts';
import { Navigator } from './Navigator.tsx';
import { applyOp } from './ops/apply.ts';
import { MAX_OPS_PER_SAVE, pathOf, stepOf, type Op } from './ops/op.ts';
import { PreviewFrame, shownBlock } from './PreviewFrame.tsx';
import { FileConflicts } from './FileConflicts.tsx';
import { useDraftPictures } from './draftPictures.ts';
import { fieldPath, keyFieldOf, keyFromName, nameFieldOf, shownProblems, withMadeKey, type NewEntry } from './newEntry.ts';
import { focusField, formWords, placeInWords, problemsUnder, sameProblems } from './problems.ts';
import { Publish, Review } from './Review.tsx';
import { opsBetween } from './review/changes.ts';
import { TargetForm } from './TargetForm.tsx';
import { Warnings } from './Warnings.tsx';
import { YamlView } from './YamlView.tsx';
import type { EditorContext } from './widgets.tsx';
import { isObject, withoutUndefined, type Json } from './yaml/json.ts';

type SaveState = { state: 'saved' | 'saving' | 'waiting' } | { state: 'error' | 'conflict'; message: string };

const previewOrigin = document.querySelector<HTMLMetaElement>('meta[name="preview-origin"]')?.content ?? '';

/** The signed-in person of the hosted editor: their name goes with what they publish, and they can sign out. */
export interface SignedIn { name: string; email: string; signOut(): void }

export function App({ signedIn }: { signedIn?: SignedIn } = {}) {
  const [bundle, setBundle] = useState<Bundle | null>(null);
  const [loaded, setLoaded] = useState<DocumentState | null>(null);
  const [doc, setDoc] = useState<Json | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [warnings, setWarnings] = useState<Problem[]>([]);
  const [newEntry, setNewEntryState] = useState<NewEntry | null>(null);
  /** The same, for the form's reports, which may come after a render. */
  const newEntryRef = useRef<NewEntry | null>(null);
  const setNewEntry = useCallback((next: NewEntry | null | ((entry: NewEntry | null) => NewEntry | null)) => {
    newEntryRef.current = typeof next === 'function' ? next(newEntryRef.current) : next;
    setNewEntryState(newEntryRef.current);
  }, []);
  const [files, setFiles] = useState<string[]>([]);
  const { pictures, keep, listed } = useDraftPictures(doc);
  const [selected, setSelected] = useState<string>('hours');
  const [save, setSave] = useState<SaveState>({ state: 'saved' });
  const [fatal, setFatal] = useState('');
  const [width, setWidth] = useState<'phone' | 'desktop'>('desktop');
  const [dialog, setDialog] = useState<'review' | 'publish' | null>(null);
  const [previewKey, setPreviewKey] = useState(0);
  const [mode, setMode] = useState<'form' | 'yaml'>('form');
  const [yamlText, setYamlText] = useState<string | null>(null);
  const [fileConflicts, setFileConflicts] = useState<FileConflict[]>([]);
  const hash = useRef('');
  /** The document as this page has it, ahead of React's state while changes come faster than renders. */
  const docRef = useRef<Json | null>(null);
  /** Operations made and not sent yet. */
  const pending = useRef<Op[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saving = useRef(false);
  const focusAfter = useRef<Path | null>(null);

  /** The checker's answer to a version of the file: problems (which stop a publish) and warnings (which do not). */
  const showChecked = useCallback((answer: { problems: Problem[]; warnings: Problem[] }) => {
    setProblems((before) => sameProblems(before, answer.problems));
    setWarnings((before) => sameProblems(before, answer.warnings));
  }, []);

  const load = useCallback(async () => {
    try {
      const [schema, state, list] = await Promise.all([api.schema(), api.document(), api.files()]);
      setBundle(schema);
      setLoaded(state);
      hash.current = state.hash;
      docRef.current = state.value;
      pending.current = [];
      setDoc(state.value);
      setFileConflicts([]);
      showChecked(state);
      setFiles(list.files);
      listed(list.uploads ?? []);
      setSave({ state: 'saved' });
      setFatal(state.value === null ? 'site.yaml cannot be read as it is (see the problems below). Fix it in a text editor, then press "Load again".' : '');
    } catch (error) {
      setFatal(error instanceof Error ? error.message : String(error));
    }
  }, [showChecked]);
  useEffect(() => { void load(); }, [load]);

  // The server answers once it has handed the change to the preview. The page in the preview shows most changes by
  // itself; a change of routes (a page added, removed or moved) needs it reloaded. A draft with problems cannot be
  // shown, so the preview keeps the last version without them.
  const showInPreview = useCallback((saved: Saved) => {
    if (saved.problems.length === 0 && saved.preview === 'reload') setPreviewKey((k) => k + 1);
  }, []);

  // Operations go as they are made, a fifth of a second of quiet after the last. The server does them on the file as
  // it is: when another program changed it meanwhile, they are merged into that version, and its value comes back.
  const flush = useCallback(async () => {
    if (saving.current || pending.current.length === 0) return;
    // More than a save takes go as several saves, one after the other (see the finally below).
    const ops = pending.current.splice(0, MAX_OPS_PER_SAVE);
    saving.current = true;
    setSave({ state: 'saving' });
    try {
      const result = await api.ops(ops, hash.current);
      hash.current = result.hash;
      if (result.value !== undefined && result.value !== null) {
        // The file as it is now, with what was made here since this request left.
        let next: Json = result.value;
        for (const op of pending.current) {
          const done = applyOp(next, op);
          if (done.kind === 'done') next = done.value;
        }
        docRef.current = next;
        setDoc(next);
      }
      if (result.conflicts.length) setFileConflicts((before) => [...before.filter((c) => !result.conflicts.some((n) => n.key === c.key)), ...result.conflicts]);
      showChecked(result);
      showInPreview(result);
      setSave(pending.current.length ? { state: 'waiting' } : { state: 'saved' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setSave({ state: error instanceof ApiError && error.conflict ? 'conflict' : 'error', message });
    } finally {
      saving.current = false;
      if (pending.current.length) void flush();
    }
  }, [showInPreview, showChecked]);

  const queue = useCallback((next: Json, ops: Op[]) => {
    docRef.current = next;
    setDoc(next);
    if (!ops.length) return;
    pending.current.push(...ops);
    setSave({ state: 'waiting' });
    clearTimeout(timer.current);
    // A pause of a fifth of a second in typing saves: a fast typist still saves about once a word.
    timer.current = setTimeout(() => void flush(), 200);
  }, [flush]);

  /** Operations made here (list actions, new entries): done on this page's document, then sent. */
  const change = useCallback((ops: Op[]) => {
    let next = docRef.current;
    if (next === null) return;
    for (const op of ops) {
      const done = applyOp(next, op);
      if (done.kind === 'done') next = done.value;
    }
    queue(next, ops);
  }, [queue]);

  /** A form's new value for the part at `path`: the operations are what changed in it, by path and entry id. */
  const edit = useCallback((path: Path, form: Json) => {
    const before = docRef.current;
    if (before === null) return;
    const reported = withMadeKey(form, path, newEntryRef.current);
    const value = withoutUndefined(reported);
    const prefix = pathOf(before, path);
    const ops = opsBetween(withoutUndefined(getAt(before, path) ?? null), value).map((op) => ({ ...op, path: [...prefix, ...op.path] }));
    // The form's own object goes into the document, so that the form knows it as its own report (TargetForm).
    queue(setAt(before, path, reported), ops);
  }, [queue]);

  const groups = useMemo<NavGroup[]>(() => (doc && bundle ? navigator(doc, bundle) : []), [doc, bundle]);
  const targets = useMemo(() => allTargets(groups), [groups]);
  const target = targets.find((t) => t.key === selected) ?? targets[0];

  const select = useCallback((key: string, focus?: Path) => {
    setSelected(key);
    // Away from a new entry, its problems show like any others.
    setNewEntry((entry) => (entry && entry.key === key ? entry : null));
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
    doc: doc ?? null, files, previewOrigin, picture: (src) => pictures[src],
    upload: async (file: File) => {
      const result = await api.upload(file);
      setFiles((f) => [...f, result.href]);
      await keep(result.href, file);
      return result;
    },
    markdown: api.markdown,
  }), [doc, files, pictures, keep]);

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
  // Publish is refused while anything is wrong; the list and the form wait for staff at a new entry's empty fields.
  const shown = shownProblems(problems, newEntry);
  const errorCount = shown.length;
  const waiting = problems.length - shown.length;

  const addTo = (list: Path, def: string) => {
    const current = getAt(doc, list);
    const items = Array.isArray(current) ? current : [];
    const after = items.length ? stepOf(items, items.length - 1) : null;
    change([{ op: 'insert', path: pathOf(doc, list), after, value: skeleton({ $ref: `#/definitions/${def}` }, bundle) }]);
    const path = [...list, items.length];
    setNewEntry({ key: keyOf(path), path, touched: new Set() });
    select(keyOf(path));
  };

  /**
   * A field of a new entry has been left: its problems show from now on, and a name gives the entry its address or
   * short name (Dr Jane Citizen: dr-jane-citizen), unless one was typed.
   */
  const leftField = (element: EventTarget) => {
    if (!newEntry || newEntry.key !== target.key || !(element instanceof HTMLElement)) return;
    const field = fieldPath(newEntry, element.id);
    if (!field) return;
    const touched = new Set([...newEntry.touched, field]);
    const entry = getAt(doc, newEntry.path);
    const [nameField, keyField] = [nameFieldOf(entry), keyFieldOf(entry)];
    // The name as typed in the box just left: the form may not have reported its last keystrokes yet.
    const typedName = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : undefined;
    const [name, key] = isObject(entry) && nameField && keyField ? [typedName ?? entry[nameField], entry[keyField]] : [];
    // A short name typed by staff is theirs; an empty one, or one made here from an earlier name, follows the name.
    const follows = key === '' || (key !== undefined && key === newEntry.madeKey);
    if (!keyField || field !== `${newEntry.key}.${nameField}` || typeof name !== 'string' || !name.trim() || !follows) {
      setNewEntry({ ...newEntry, touched });
      return;
    }
    const siblings = getAt(doc, newEntry.path.slice(0, -1));
    const next = keyFromName(name, keyField, Array.isArray(siblings) ? siblings.filter((item) => item !== entry) : []);
    setNewEntry({ ...newEntry, touched, madeKey: next });
    if (next !== key) change([{ op: 'set', path: pathOf(doc, [...newEntry.path, keyField]), value: next, was: key ?? null }]);
  };

  const saveWords = save.state === 'error' || save.state === 'conflict' ? save.message
    : save.state === 'saved' ? 'All changes saved' : save.state === 'saving' ? 'Saving...' : 'Changes not saved yet';

  return (
    <div className="editor">
      <header className="topbar">
        <h1>Site editor <span className="file">{loaded?.file}</span></h1>
        <p className={`save-state ${save.state}`} role="status" aria-live="polite">{saveWords}</p>
        {save.state === 'conflict' && <button type="button" onClick={() => void load()}>Load again</button>}
        {fileConflicts.length > 0 && (
          <FileConflicts conflicts={fileConflicts} onKeepMine={(c) => {
            setFileConflicts((all) => all.filter((x) => x !== c));
            change([c.op.op === 'set' || c.op.op === 'remove' ? { ...c.op, was: c.current } : c.op]);
          }} onKeepTheirs={(c) => setFileConflicts((all) => all.filter((x) => x !== c))} />
        )}
        <a className={errorCount ? 'problem-count has' : 'problem-count'} href="#problems">{errorCount === 0 ? 'No problems' : errorCount === 1 ? '1 problem' : `${errorCount} problems`}</a>
        <button type="button" onClick={() => setDialog('review')}>Review changes</button>
        <button type="button" className="primary" onClick={() => setDialog('publish')}>Publish</button>
        {signedIn && <p className="signed-in">Signed in as {signedIn.name} <button type="button" onClick={signedIn.signOut}>Sign out</button></p>}
      </header>

      <Navigator doc={doc} groups={groups} targets={targets} current={target.key} onSelect={select} onAdd={addTo} />

      <main className="workspace" id="main">
        <section id="problems" className="problems" aria-labelledby="problems-heading" tabIndex={-1}>
          <h2 id="problems-heading">{errorCount === 0 && waiting === 0 ? 'No problems: the site can be published' : errorCount === 0 ? 'No problems so far' : `Problems (${errorCount}): fix these before publishing`}</h2>
          {waiting > 0 && <p className="new-entry-note">The new entry has {waiting === 1 ? 'a field' : `${waiting} fields`} still to fill in.</p>}
          {errorCount > 0 && (
            <ul>
              {shown.map((p) => (
                <li key={`${p.path}:${p.message}`}><button type="button" onClick={() => goToProblem(p)}><strong>{placeInWords(p, doc, bundle, targets)}</strong>: {formWords(p)}</button></li>
              ))}
            </ul>
          )}
          {warnings.length > 0 && doc !== null && (
            <>
              <h3 id="warnings-heading">Worth a look (publishing still works)</h3>
              <Warnings warnings={warnings} doc={doc} change={change} placeOf={(w) => placeInWords(w, doc, bundle, targets)} onGo={goToProblem} />
            </>
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
            showChecked(saved);
            const state = await api.document();
            hash.current = state.hash;
            if (state.value !== null) { docRef.current = state.value; setDoc(state.value); }
            showInPreview(saved);
          }} />
        )}
        {mode === 'form' && <div onBlur={(event) => leftField(event.target)}><TargetForm key={target.key} target={target} doc={doc} bundle={bundle} problems={shown} context={context}
          actions={<>
            <ListActions doc={doc} target={target} change={change} select={select} />
            <Warnings warnings={problemsUnder(warnings, target)} doc={doc} change={change} />
          </>} onChange={(value) => edit(target.path, value)}
          onAddBlock={(type) => {
            const def = bundle.blockTypes[type];
            if (def) addTo([...target.path.slice(0, 2), 'blocks'], def);
          }} /></div>}
      </main>

      <aside className="preview" aria-label="Preview">
        <div className="preview-bar">
          {previewOrigin
            ? <span>Preview of <a href={`${previewOrigin}${path}`} target="_blank" rel="noreferrer">{path}</a></span>
            // Drawn here from the draft: the page at its address is the website as published.
            : <span>Preview of {path} (<a href={path} target="_blank" rel="noreferrer">the page as published</a>)</span>}
          <div role="group" aria-label="Preview width">
            <button type="button" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>Phone</button>
            <button type="button" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>Desktop</button>
            <button type="button" onClick={() => setPreviewKey((k) => k + 1)}>Reload</button>
          </div>
        </div>
        {problems.length > 0 && <p className="preview-note">The preview shows the site as it was before the problems listed on the left. Fix them to see your latest changes here.</p>}
        <PreviewFrame width={width} src={`${previewOrigin}${path}`} reload={previewKey} title={`Preview of the page ${path}`}
          block={shownBlock(doc, target)} content={previewOrigin ? undefined : { doc, path }} pictures={pictures} />
      </aside>

      {dialog === 'review' && <Review onClose={() => setDialog(null)} onUndone={(state) => { hash.current = state.hash; showChecked(state); showInPreview(state); void load(); }} />}
      {dialog === 'publish' && <Publish author={signedIn?.name} problems={problems.length} saving={save.state === 'saving' || save.state === 'waiting'} onPublished={(merged) => { setNewEntry(null); if (merged) void load(); }} onClose={() => setDialog(null)} onShowProblems={() => { setDialog(null); document.getElementById('problems')?.focus(); }} />}
    </div>
  );
}
