import { getDefaultRegistry } from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { iconPaths } from '../content/iconPaths.ts';
import { pasteAsMarkdown } from './clipboard/paste.ts';
import { contextOf, emptied } from './EditorContext.tsx';
import { HrefWidget, ImageField } from './FileFields.tsx';
import { LinkWordsWidget } from './LinkNames.tsx';
import { nameOf } from './model.ts';
import { DateWidget, MoneyWidget, TimeWidget } from './TypedWidgets.tsx';
import { useTypedText } from './typedText.ts';
import { isObject, type Json } from './yaml/json.ts';
import { withFileEnding } from './yaml/style.ts';

export type { EditorContext } from './EditorContext.tsx';
export { listTemplates } from './ListTemplates.tsx';

/** A reference to an entry of a list (a doctor, a news item): chosen from the entries that exist, by name. */
function EntityRefWidget(props: WidgetProps) {
  const { id, value, onChange, options, required, disabled, readonly } = props;
  const ctx = contextOf(props);
  const collection = String(options.collection ?? '');
  const entities = isObject(ctx.doc) && isObject(ctx.doc.entities) ? ctx.doc.entities : {};
  const list = Array.isArray(entities[collection]) ? (entities[collection] as Json[]) : [];
  const choices = list.filter(isObject).map((entry) => {
    const key = String(entry.slug ?? entry.id ?? '');
    return { key, label: `${nameOf(entry, key)}${nameOf(entry, key) === key ? '' : ` (${key})`}` };
  });
  const known = choices.some((c) => c.key === value);
  return (
    <select id={id} value={typeof value === 'string' ? value : ''} required={required} disabled={disabled || readonly}
      aria-describedby={`${id}__error ${id}__description`} onChange={(e) => onChange(emptied(e.target.value, options))}>
      <option value="">Choose...</option>
      {!known && typeof value === 'string' && value && <option value={value}>{value} (not in the list any more)</option>}
      {choices.map((c) => <option key={c.key} value={c.key}>{c.label}</option>)}
    </select>
  );
}

/** An icon, chosen by its picture: radio buttons, so arrow keys move between them. */
function IconWidget(props: WidgetProps) {
  const { id, value, onChange, options, label } = props;
  const names = ((options.enumOptions ?? []) as { value: unknown }[]).map((o) => String(o.value));
  return (
    <fieldset className="icon-grid" id={id} aria-describedby={`${id}__error`}>
      <legend className="visually-hidden">{label}</legend>
      {names.map((name) => (
        <label key={name} className={value === name ? 'icon-choice chosen' : 'icon-choice'}>
          <input type="radio" name={id} value={name} checked={value === name} onChange={() => onChange(name)} />
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d={(iconPaths as Record<string, string>)[name] ?? ''} />
          </svg>
          <span>{name.replace(/-/g, ' ')}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Markdown text with its preview (the site's markdown pipeline, on the editor's server); a paste from Word or a web page keeps its shape. */
function MarkdownWidget(props: WidgetProps) {
  const { id, value, onChange, required, options, name } = props;
  const ctx = contextOf(props);
  const [html, setHtml] = useState('');
  const text = typeof value === 'string' ? value : '';
  // Kept ending as the file's texts of several lines do, so that it is written as they are (`bio: |`, not `|-`); the
  // box keeps what was typed.
  const box = useTypedText<HTMLTextAreaElement>(text, (typed) => emptied(withFileEnding(ctx.doc, name, typed), options), onChange);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => { ctx.markdown(text).then((h) => { if (live) setHtml(h); }, () => undefined); }, 250);
    return () => { live = false; clearTimeout(timer); };
  }, [text, ctx]);
  return (
    <div className="markdown">
      <textarea id={id} rows={Math.min(14, Math.max(4, box.value.split('\n').length + 1))} required={required} {...box}
        onPaste={pasteAsMarkdown} aria-describedby={`${id}__error ${id}__description`} />
      <div className="markdown-preview">
        <p className="preview-label">How it will look</p>
        {/* The HTML comes from the renderer the site's build uses (src/content/markdown.ts), safe by construction. */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </div>
  );
}

const DefaultCheckbox = getDefaultRegistry().widgets.CheckboxWidget;

/**
 * A yes/no box says what will happen: a field left out of the file means its schema's default, so a new entry's
 * "Shown in news lists" (default yes) starts ticked, and the file gets a line for it only when staff untick it.
 */
function CheckboxWidget(props: WidgetProps) {
  const fallback = typeof props.schema.default === 'boolean' ? props.schema.default : false;
  return <DefaultCheckbox {...props} value={typeof props.value === 'boolean' ? props.value : fallback} />;
}

export const widgets: RegistryWidgetsType = {
  entityRef: EntityRefWidget, icon: IconWidget, time: TimeWidget, money: MoneyWidget, markdown: MarkdownWidget, href: HrefWidget,
  australianDate: DateWidget, linkWords: LinkWordsWidget, CheckboxWidget,
};
/** Draws nothing: for a page's blocks, which the navigator lists and edits one by one. */
export const fields: RegistryFieldsType = { image: ImageField, nothing: () => null };
