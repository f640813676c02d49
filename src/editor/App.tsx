import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, type FileConflict, type Problem } from './api.ts';
import { ListActions } from './ListActions.tsx';
import { afterPress } from './afterPress.ts';
import { allTargets, getAt, keyOf, navigator, parseDotted, previewPath, targetFor, type NavGroup, type Path } from './model.ts';
import { skeleton } from './schemaWalk.ts';
import { Navigator } from './Navigator.tsx';
import { pathOf, stepOf } from './ops/op.ts';
import { shownBlock } from './PreviewFrame.tsx';
import { PreviewPane } from './PreviewPane.tsx';
import { fieldPath, keyFieldOf, keyFromName, nameFieldOf, withMadeKey, type NewEntry } from './newEntry.ts';
import { focusField, problemStatus, problemsUnder } from './problems.ts';
import { ProblemsPanel } from './ProblemsPanel.tsx';
import { History } from './History.tsx';
import { Publish, Review } from './Review.tsx';
import { People } from './People.tsx';
import { Approvals } from './Approvals.tsx';
import { ApprovalNote, useApproval } from './approvalState.tsx';
import { NewsNote, useNews } from './news.tsx';
import { TargetForm } from './TargetForm.tsx';
import { DraftPicturesContext } from './draftPictures.ts';
import { TopBar, type SignedIn } from './TopBar.tsx';
import { useDraft } from './useDraft.tsx';
import { Warnings } from './Warnings.tsx';
import type { EditorContext } from './widgets.tsx';
import { YamlView } from './YamlView.tsx';
import { isObject } from './yaml/json.ts';

export type { SignedIn } from './TopBar.tsx';

const previewOrigin = document.querySelector<HTMLMetaElement>('meta[name="preview-origin"]')?.content ?? '';

/**
 * The editor: the parts of the site on the left, the form (or the YAML) of the part chosen in the middle, its page
 * in the preview on the right; the draft and its saving are in useDraft, the words of the problems in problems.ts.
 */
export function App({ signedIn }: { signedIn?: SignedIn } = {}) {
  const draft = useDraft();
  const { bundle, doc, problems, warnings, files, setFiles, pictures, picture, keep, change, edit } = draft;
  const [newEntry, setNewEntryState] = useState<NewEntry | null>(null);
  /** The same, for the form's reports, which may come after a render. */
  const newEntryRef = useRef<NewEntry | null>(null);
  const setNewEntry = useCallback((next: NewEntry | null | ((entry: NewEntry | null) => NewEntry | null)) => {
    newEntryRef.current = typeof next === 'function' ? next(newEntryRef.current) : next;
    setNewEntryState(newEntryRef.current);
  }, []);
  const [selected, setSelected] = useState<string>('hours');
  const [dialog, setDialog] = useState<'review' | 'history' | 'publish' | 'people' | 'approvals' | null>(null);
  const approval = useApproval(signedIn, draft.save.state === 'saving');
  const news = useNews(signedIn !== undefined, { approval, me: signedIn?.name ?? '', idle: () => draft.save.state === 'saved', reload: () => void draft.load() });
  const [mode, setMode] = useState<'form' | 'yaml'>('form');
  const [yamlText, setYamlText] = useState<string | null>(null);
  const focusAfter = useRef<Path | null>(null);

  const groups = useMemo<NavGroup[]>(() => (doc && bundle ? navigator(doc, bundle) : []), [doc, bundle]);
  const targets = useMemo(() => allTargets(groups), [groups]);
  const target = targets.find((t) => t.key === selected) ?? targets[0];

  const select = useCallback((key: string, focus?: Path) => {
    setSelected(key);
    // Away from a new entry, its problems show like any others.
    setNewEntry((entry) => (entry && entry.key === key ? entry : null));
    focusAfter.current = focus ?? null;
  }, [setNewEntry]);

  useEffect(() => {
    if (!target || !focusAfter.current) return;
    const path = focusAfter.current;
    focusAfter.current = null;
    requestAnimationFrame(() => focusField(target, path));
  });

  /** Opens the form that holds a place of the document, with its field focused. */
  const goTo = useCallback((path: Path) => {
    const t = targetFor(targets, path);
    if (t) select(t.key, path);
  }, [targets, select]);
  const goToProblem = (p: Problem) => goTo(parseDotted(p.path));

  const context = useMemo<EditorContext>(() => ({
    doc: doc ?? null, files, previewOrigin, goTo,
    upload: async (file: File) => {
      const result = await api.upload(file);
      setFiles((f) => [...f, result.href]);
      await keep(result.href, file);
      return result;
    },
    markdown: api.markdown,
  }), [doc, files, keep, goTo, setFiles]);

  // A field left is handled after any press that left it (afterPress), with the state of that moment.
  const leftFieldNow = useRef<(element: EventTarget) => void>(() => undefined);
  /** The field of a new entry the editor put the cursor in, until it is first left. */
  const autoFocused = useRef<string>(undefined);
  if (draft.fatal && !doc) {
    return (
      <main className="fatal">
        <h1>Site editor</h1>
        <p role="alert">{draft.fatal}</p>
        {draft.loaded?.problems.map((p) => <p key={`${p.line}:${p.col}:${p.message}`}>Line {p.line}: {p.message}</p>)}
        <button type="button" onClick={() => void draft.load()}>Load again</button>
      </main>
    );
  }
  if (!doc || !bundle || !target) return <main className="loading"><p role="status">Loading the editor...</p></main>;

  const path = previewPath(doc, target);
  // One state of the problems for the header, the list and the preview's note: a new entry's empty fields wait for
  // staff to go to them, and Publish is refused while anything is wrong.
  const status = problemStatus(problems, newEntry);

  /** A new entry of a list, at `at` (the end when not given): its form opens, the field it is named by ready to type in. */
  const addTo = (list: Path, def: string, at?: number) => {
    const current = getAt(doc, list);
    const items = Array.isArray(current) ? current : [];
    const place = Math.min(at ?? items.length, items.length);
    const after = place > 0 ? stepOf(items, place - 1) : null;
    const value = skeleton({ $ref: `#/definitions/${def}` }, bundle);
    change([{ op: 'insert', path: pathOf(doc, list), after, value }]);
    const entry = [...list, place];
    const named = nameFieldOf(value);
    setNewEntry({ key: keyOf(entry), path: entry, touched: new Set() });
    autoFocused.current = named ? keyOf([...entry, named]) : undefined;
    select(keyOf(entry), named ? [...entry, named] : undefined);
  };

  /**
   * A field of a new entry has been left: its problems show from now on, and a name gives the entry its address or
   * short name (Dr Jane Citizen: dr-jane-citizen), unless one was typed.
   */
  const leftField = (element: EventTarget) => {
    if (!newEntry || newEntry.key !== target.key || !(element instanceof HTMLElement)) return;
    const field = fieldPath(newEntry, element.id);
    if (!field) return;
    // The editor put the cursor in the name field, not staff: left empty (for the Publish button, say), they have not
    // been to it yet, and it goes on waiting rather than turning into a problem.
    const cursorPutHere = field === autoFocused.current;
    autoFocused.current = undefined;
    if (cursorPutHere && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.value === '') return;
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

  leftFieldNow.current = leftField;

  const keepMine = (c: FileConflict) => {
    draft.setFileConflicts((all) => all.filter((x) => x !== c));
    change([c.op.op === 'set' || c.op.op === 'remove' ? { ...c.op, was: c.current } : c.op]);
  };

  return (
    <div className="editor">
      <TopBar save={draft.save} status={status} fileConflicts={draft.fileConflicts} signedIn={signedIn} waiting={approval.waiting} onTryAgain={() => void draft.flush()} onLoadAgain={() => void draft.load()}
        onKeepMine={keepMine} onKeepTheirs={(c) => draft.setFileConflicts((all) => all.filter((x) => x !== c))}
        onReview={() => setDialog('review')} onHistory={() => setDialog('history')} onPublish={() => setDialog('publish')} onPeople={() => setDialog('people')} onApprovals={() => setDialog('approvals')} />

      <Navigator doc={doc} groups={groups} targets={targets} current={target.key} onSelect={select} onAdd={(list, def) => addTo(list, def)} />

      <main className="workspace" id="main">
        {news.keyNote && <p className="key-warning" role="status">{news.keyNote}</p>}
        <ApprovalNote asked={approval.asked} returned={approval.returned} />
        <NewsNote said={news.said} dismiss={news.dismiss} />
        <ProblemsPanel status={status} warnings={warnings} doc={doc} bundle={bundle} targets={targets} change={change} onGo={goToProblem} />
        <div className="mode" role="group" aria-label="How to edit">
          <button type="button" aria-pressed={mode === 'form'} onClick={() => { setMode('form'); setYamlText(null); }}>Form</button>
          <button type="button" aria-pressed={mode === 'yaml'} onClick={() => {
            setMode('yaml');
            // The file as saved, once the last change has been written.
            void (async () => { await draft.flush(); setYamlText((await api.document()).text); })();
          }}>YAML</button>
        </div>
        {mode === 'yaml' && yamlText !== null && <YamlView text={yamlText} problems={problems} bundle={bundle} path={target.path} onSave={draft.saveText} />}
        {mode === 'form' && <div onBlur={(event) => { const left = event.target; afterPress(() => leftFieldNow.current(left)); }}><DraftPicturesContext.Provider value={picture}><TargetForm key={target.key} target={target} doc={doc} bundle={bundle} problems={status.shown} context={context}
          actions={<>
            <ListActions doc={doc} target={target} change={change} select={select} />
            <Warnings warnings={problemsUnder(warnings, target)} doc={doc} change={change} />
          </>} onChange={(value) => edit(target.path, withMadeKey(value, target.path, newEntryRef.current))}
          onAddBlock={(type, at) => {
            const def = bundle.blockTypes[type];
            if (def) addTo([...target.path.slice(0, 2), 'blocks'], def, at);
          }} /></DraftPicturesContext.Provider></div>}
      </main>

      <PreviewPane previewOrigin={previewOrigin} path={path} note={status.previewNote} reload={draft.previewKey} onReload={() => draft.setPreviewKey((k) => k + 1)}
        block={shownBlock(doc, target, path)} content={previewOrigin ? undefined : { doc, path }} pictures={pictures} />

      {dialog === 'approvals' && <Approvals onClose={() => setDialog(null)} onCount={approval.setWaiting} />}
      {dialog === 'people' && signedIn && <People me={signedIn.email} hosted={signedIn.hosted === true} onClose={() => setDialog(null)} />}
      {dialog === 'review' && <Review onClose={() => setDialog(null)} onUndone={draft.undone} />}
      {dialog === 'history' && <History author={signedIn?.name} onClose={() => setDialog(null)} onChanged={() => void draft.load()} />}
      {dialog === 'publish' && <Publish author={signedIn?.name} ask={signedIn?.mayPublish === false ? { onAsked: (at, message) => approval.setAsked({ at, message }) } : undefined} refusal={status.refusal} saving={draft.save.state === 'saving' || draft.save.state === 'waiting'} onPublished={(merged) => { setNewEntry(null); if (merged) void draft.load(); }} onClose={() => setDialog(null)} onShowProblems={() => { setDialog(null); document.getElementById('problems')?.focus(); }} />}
    </div>
  );
}
