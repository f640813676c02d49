import { autocompletion } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml, yamlLanguage } from '@codemirror/lang-yaml';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, hoverTooltip, keymap, lineNumbers } from '@codemirror/view';
import { stateExtensions } from 'codemirror-json-schema';
import { yamlCompletion, yamlSchemaHover } from 'codemirror-json-schema/yaml';
import { useEffect, useRef, useState } from 'react';
import type { Problem } from './api.ts';
import type { Bundle, Path } from './model.ts';
import { partOf, type Part } from './yaml/part.ts';

/**
 * The file itself, for the confident: CodeMirror with YAML colouring, completion and explanations from the schema,
 * and the checker's messages underlined on their lines. It opens at the part selected in the navigator; saving
 * writes the text as it is (after the same check that someone else has not changed the file meanwhile).
 */

/** The checker's messages on the lines shown: the file's line numbers moved by where the shown part starts. */
function diagnostics(view: EditorView, problems: Problem[], firstLine: number): Diagnostic[] {
  const doc = view.state.doc;
  const shift = firstLine - 1;
  return problems.filter((p) => p.line - shift >= 1 && p.line - shift <= doc.lines).map((p) => {
    const line = doc.line(p.line - shift);
    const from = Math.min(line.to, line.from + Math.max(0, p.col - 1));
    return { from, to: Math.max(from, line.to), severity: 'error', message: `${p.where}: ${p.message}` };
  });
}

/** A text that is the same for the same messages at the same places, so that unchanged messages are not sent again. */
const signature = (list: Diagnostic[]) => list.map((d) => `${d.from}:${d.to}:${d.message}`).join('\n');

export function YamlView({ text, problems, bundle, path, onSave }: {
  text: string; problems: Problem[]; bundle: Bundle; path: Path; onSave(text: string): Promise<void>;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The text as last loaded or saved here: the editor is made again only when another part is chosen, never because
  // the page above re-rendered (a new editor would drop what is being typed).
  const textRef = useRef(text);
  const bundleRef = useRef(bundle);
  const shown = useRef('');
  const pathKey = path.join('.');
  const [dirty, setDirty] = useState(false);
  const [message, setMessage] = useState('');
  // "This part" shows only the lines of the part chosen on the left (one doctor, one block); "Whole file" all of it.
  const [scope, setScope] = useState<'part' | 'file'>('part');
  const part = useRef<Part | null>(null);
  const [partShown, setPartShown] = useState(false);

  useEffect(() => {
    if (!host.current) return;
    const current = bundleRef.current;
    const schema = { ...current.root, definitions: current.definitions } as unknown as Parameters<typeof stateExtensions>[0];
    const found = partOf(textRef.current, pathKey.split('.').filter(Boolean).map((k) => (/^\d+$/.test(k) ? Number(k) : k)));
    part.current = scope === 'part' ? found : null;
    const shownPart = part.current;
    const start = shownPart ? 0 : found?.from ?? 0;
    const firstLine = shownPart?.firstLine ?? 1;
    const state = EditorState.create({
      doc: shownPart ? textRef.current.slice(shownPart.from, shownPart.to) : textRef.current,
      selection: EditorSelection.cursor(start),
      extensions: [
        // The checker's own messages (the same as npm run check), not a second opinion in other words. They come
        // from the server after a save, and are sent to the editor only then: nothing is dispatched into it from
        // outside while someone types.
        // The file's own line numbers, also when only a part is shown, so that they match npm run check's.
        lineNumbers({ formatNumber: (n) => String(n + firstLine - 1) }), highlightActiveLine(), history(), lintGutter(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        yaml(), syntaxHighlighting(defaultHighlightStyle),
        autocompletion(), yamlLanguage.data.of({ autocomplete: yamlCompletion() }),
        hoverTooltip(yamlSchemaHover()), stateExtensions(schema),
        // Long lines wrap: nothing to scroll sideways (a scrolling box the keyboard cannot reach is a barrier).
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': shownPart ? `site.yaml, the lines of the part chosen (from line ${firstLine})` : 'site.yaml, the whole file' }),
        EditorView.updateListener.of((update) => { if (update.docChanged) setDirty(true); }),
      ],
    });
    const created = new EditorView({ state, parent: host.current });
    created.dispatch({ effects: EditorView.scrollIntoView(start, { y: 'start', yMargin: 40 }) });
    view.current = created;
    shown.current = '';
    setDirty(false);
    setPartShown(shownPart !== null);
    return () => { created.destroy(); view.current = null; };
  }, [pathKey, scope]);

  // The checker's messages are underlined once they arrive, and only when they differ from those already shown.
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const list = diagnostics(v, problems, part.current?.firstLine ?? 1);
    const next = signature(list);
    if (next === shown.current) return;
    shown.current = next;
    v.dispatch(setDiagnostics(v.state, list));
  }, [problems, pathKey, scope]);

  const save = async () => {
    const typed = view.current?.state.doc.toString();
    if (typed === undefined) return;
    // A part replaces exactly its own lines; every other byte of the file stays as it was loaded.
    const shownPart = part.current;
    const whole = textRef.current;
    const current = shownPart ? whole.slice(0, shownPart.from) + typed + whole.slice(shownPart.to) : typed;
    setMessage('Saving...');
    try {
      await onSave(current);
      textRef.current = current;
      if (shownPart) part.current = { ...shownPart, to: shownPart.from + typed.length };
      setDirty(false);
      setMessage('Saved.');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <section className="yaml-view" aria-labelledby="yaml-heading">
      <h2 id="yaml-heading">site.yaml</h2>
      <p className="form-description">{partShown ? 'Only the lines of the part selected on the left; saving changes only them.' : 'The whole file, opened at the part selected on the left.'} Ctrl+Space suggests field names; pointing at a field explains it; problems are underlined in red.</p>
      <div className="yaml-actions">
        <div role="group" aria-label="What to show">
          <button type="button" aria-pressed={scope === 'part'} disabled={dirty} onClick={() => setScope('part')}>This part</button>
          <button type="button" aria-pressed={scope === 'file'} disabled={dirty} onClick={() => setScope('file')}>Whole file</button>
        </div>
        <button type="button" className="primary" disabled={!dirty} onClick={() => void save()}>Save the file</button>
        <span role="status">{message}</span>
      </div>
      <div ref={host} className="yaml-editor" />
    </section>
  );
}
