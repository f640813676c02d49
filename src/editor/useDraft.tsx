import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError, type DocumentState, type FileConflict, type Problem, type Saved } from './api.ts';
import { useDraftPictures } from './draftPictures.ts';
import { getAt, setAt, type Bundle, type Path } from './model.ts';
import { applyOp } from './ops/apply.ts';
import { MAX_OPS_PER_SAVE, pathOf, type Op } from './ops/op.ts';
import { sameProblems } from './problems.ts';
import { opsBetween } from './review/changes.ts';
import { withoutUndefined, type Json } from './yaml/json.ts';

export type SaveState = { state: 'saved' | 'saving' | 'waiting' } | { state: 'error' | 'conflict'; message: string }
  /** Refused for who is signed in, or not answered: the changes are kept here, to send again or to copy. */
  | { state: 'unsaved'; message: string; typed: string[] };

/**
 * Whether a failed save is worth sending again as it is: the server did not answer, failed, or refused the person
 * (signed out, taken off the list); not a change it cannot make, which would fail again every time.
 */
const sendAgain = (error: unknown) => !(error instanceof ApiError) || error.status === 401 || error.status === 403 || error.status >= 500;

/** The texts in operations, as typed: what a person may want to copy when they could not be saved. */
function typedIn(ops: Op[]): string[] {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string' && value.trim() && !texts.includes(value)) texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const op of ops) if ('value' in op) walk(op.value);
  return texts;
}

/**
 * The draft as this page has it: the document, the checker's answer to it, and its saving. Changes are sent as
 * operations, a fifth of a second of quiet after the last; the server does them on the file as it is and answers
 * with the problems, and with the file's value when another program changed it meanwhile. The draft's uploads the
 * website cannot show yet are kept as pictures here (draftPictures.ts).
 */
export function useDraft() {
  const [bundle, setBundle] = useState<Bundle | null>(null);
  const [loaded, setLoaded] = useState<DocumentState | null>(null);
  const [doc, setDoc] = useState<Json | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [warnings, setWarnings] = useState<Problem[]>([]);
  const [files, setFiles] = useState<string[]>([]);
  const [save, setSave] = useState<SaveState>({ state: 'saved' });
  const [fatal, setFatal] = useState('');
  const [previewKey, setPreviewKey] = useState(0);
  const [fileConflicts, setFileConflicts] = useState<FileConflict[]>([]);
  const { pictures, picture, keep, listed } = useDraftPictures(doc);
  const hash = useRef('');
  /** The document as this page has it, ahead of React's state while changes come faster than renders. */
  const docRef = useRef<Json | null>(null);
  /** Operations made and not sent yet. */
  const pending = useRef<Op[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saving = useRef(false);
  /** Changes refused or not answered wait for the next change or Try again, not sent again at once in a loop. */
  const held = useRef(false);

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
      setFatal(state.value === null ? 'The site\'s content cannot be read as it is (see the problems below). Ask the person who looks after the website to fix it, then press "Load again".' : '');
    } catch (error) {
      setFatal(error instanceof Error ? error.message : String(error));
    }
  }, [showChecked, listed]);
  useEffect(() => { void load(); }, [load]);
  // Changes kept after a failed save live only in this page: closing it asks first.
  useEffect(() => {
    if (save.state !== 'unsaved') return undefined;
    const ask = (event: BeforeUnloadEvent) => { event.preventDefault(); };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [save.state]);

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
    held.current = false;
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
      if (!(error instanceof ApiError && error.conflict) && sendAgain(error)) {
        // Kept, first in line: the next change, or Try again, sends them with it.
        pending.current.unshift(...ops);
        held.current = true;
        setSave({ state: 'unsaved', message, typed: typedIn(pending.current) });
      } else {
        setSave({ state: error instanceof ApiError && error.conflict ? 'conflict' : 'error', message });
      }
    } finally {
      saving.current = false;
      if (pending.current.length && !held.current) void flush();
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

  /** A form's new value for the part at `path` (as `reported`): the operations are what changed in it, by path and entry id. */
  const edit = useCallback((path: Path, reported: Json) => {
    const before = docRef.current;
    if (before === null) return;
    const value = withoutUndefined(reported);
    const prefix = pathOf(before, path);
    const ops = opsBetween(withoutUndefined(getAt(before, path) ?? null), value).map((op) => ({ ...op, path: [...prefix, ...op.path] }));
    // The form's own object goes into the document, so that the form knows it as its own report (TargetForm).
    queue(setAt(before, path, reported), ops);
  }, [queue]);

  /** The file as typed in the YAML view: saved as it is, then read again. */
  const saveText = useCallback(async (text: string) => {
    const saved = await api.saveText(text, hash.current);
    hash.current = saved.hash;
    showChecked(saved);
    const state = await api.document();
    hash.current = state.hash;
    if (state.value !== null) { docRef.current = state.value; setDoc(state.value); }
    showInPreview(saved);
  }, [showChecked, showInPreview]);

  /** Review's Undo: the file as it is after it. */
  const undone = useCallback((state: Saved) => { hash.current = state.hash; showChecked(state); showInPreview(state); void load(); }, [showChecked, showInPreview, load]);

  return {
    bundle, loaded, doc, problems, warnings, files, setFiles, pictures, picture, keep, save, fatal, previewKey, setPreviewKey, fileConflicts, setFileConflicts,
    load, flush, change, edit, saveText, undone,
  };
}
