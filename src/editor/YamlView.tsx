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
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import type { Problem } from './api.ts';
import type { Bundle, Path } from './model.ts';

/**
 * The file itself, for the confident: CodeMirror with YAML colouring, completion and explanations from the schema,
 * and the checker's messages underlined on their lines. It opens at the part selected in the navigator; saving
 * writes the text as it is (after the same check that someone else has not changed the file meanwhile).
 */

/** Where the value at `path` starts in the text, or 0. */
function offsetOf(text: string, path: Path): number {
  const doc = parseDocument(text, { prettyErrors: false });
  let node: unknown = doc.contents;
  for (const key of path) {
    if (isMap(node)) node = node.get(key, true);
    else if (isSeq(node) && typeof key === 'number') node = node.get(key, true);
    else return 0;
  }
  const range = (node as Node | undefined)?.range;
  if (!range) return 0;
  // The key line above a map or list, so the part is seen with its name.
  const start = isScalar(node) ? range[0] : text.lastIndexOf('\n', text.lastIndexOf('\n', range[0] - 1) - 1) + 1;
  return Math.max(0, start);
}

function diagnostics(view: EditorView, problems: Problem[]): Diagnostic[] {
  const doc = view.state.doc;
  return problems.filter((p) => p.line >= 1 && p.line <= doc.lines).map((p) => {
    const line = doc.line(p.line);
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

  useEffect(() => {
    if (!host.current) return;
    const current = bundleRef.current;
    const schema = { ...current.root, definitions: current.definitions } as unknown as Parameters<typeof stateExtensions>[0];
    const start = offsetOf(textRef.current, pathKey.split('.').filter(Boolean).map((k) => (/^\d+$/.test(k) ? Number(k) : k)));
    const state = EditorState.create({
      doc: textRef.current,
      selection: EditorSelection.cursor(start),
      extensions: [
        // The checker's own messages (the same as npm run check), not a second opinion in other words. They come
        // from the server after a save, and are sent to the editor only then: nothing is dispatched into it from
        // outside while someone types.
        lineNumbers(), highlightActiveLine(), history(), lintGutter(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        yaml(), syntaxHighlighting(defaultHighlightStyle),
        autocompletion(), yamlLanguage.data.of({ autocomplete: yamlCompletion() }),
        hoverTooltip(yamlSchemaHover()), stateExtensions(schema),
        // Long lines wrap: nothing to scroll sideways (a scrolling box the keyboard cannot reach is a barrier).
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'site.yaml, the whole file' }),
        EditorView.updateListener.of((update) => { if (update.docChanged) setDirty(true); }),
      ],
    });
    const created = new EditorView({ state, parent: host.current });
    created.dispatch({ effects: EditorView.scrollIntoView(start, { y: 'start', yMargin: 40 }) });
    view.current = created;
    shown.current = '';
    return () => { created.destroy(); view.current = null; };
  }, [pathKey]);

  // The checker's messages are underlined once they arrive, and only when they differ from those already shown.
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const list = diagnostics(v, problems);
    const next = signature(list);
    if (next === shown.current) return;
    shown.current = next;
    v.dispatch(setDiagnostics(v.state, list));
  }, [problems, pathKey]);

  const save = async () => {
    const current = view.current?.state.doc.toString();
    if (current === undefined) return;
    setMessage('Saving...');
    try {
      await onSave(current);
      textRef.current = current;
      setDirty(false);
      setMessage('Saved.');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <section className="yaml-view" aria-labelledby="yaml-heading">
      <h2 id="yaml-heading">site.yaml</h2>
      <p className="form-description">The whole file, opened at the part selected on the left. Ctrl+Space suggests field names; pointing at a field explains it; problems are underlined in red.</p>
      <div className="yaml-actions">
        <button type="button" className="primary" disabled={!dirty} onClick={() => void save()}>Save the file</button>
        <span role="status">{message}</span>
      </div>
      <div ref={host} className="yaml-editor" />
    </section>
  );
}
