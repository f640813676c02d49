import type { FieldProps, IconButtonProps, RegistryFieldsType, RegistryWidgetsType, TemplatesType, WidgetProps } from '@rjsf/utils';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { iconPaths } from '../content/iconPaths.ts';
import { variant } from '../ui/Picture.tsx';
import { pasteAsMarkdown } from './clipboard/paste.ts';
import { nameOf } from './model.ts';
import { tidyMoney, tidyTime, useTypedText } from './typedText.ts';
import { isObject, type Json, type JsonObject } from './yaml/json.ts';
import { withFileEnding } from './yaml/style.ts';

/** What the widgets need from the editor: the whole document (for pick-lists), files, uploads, markdown. */
export interface EditorContext {
  doc: Json;
  files: string[];
  previewOrigin: string;
  upload(file: File): Promise<{ href: string; width?: number; height?: number; kind: string }>;
  /** A picture of the draft the website cannot show yet (an upload not yet published), as the editor shows it. */
  picture?(src: string): string | undefined;
  markdown(text: string): Promise<string>;
}

const contextOf = (props: { registry: { formContext: unknown } }) => props.registry.formContext as EditorContext;

/** An emptied field: the value the schema's uiSchema asks for ("" for a required text), else no value. */
const emptied = (text: string, options: WidgetProps['options']) => (text === '' ? (options.emptyValue as string | undefined) : text);

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

/**
 * A time of day typed in a text box, kept as "HH:MM" (24-hour) in the file. Not the browser's time input: that one
 * shows AM/PM in most locales, beside a label saying 24-hour, and fills a typed "2500" in as 2:50 PM. Here an
 * impossible time stays as typed and the checker names the problem at this field.
 */
function TimeWidget(props: WidgetProps) {
  const { id, value, onChange, required, options } = props;
  const tidy = (text: string) => emptied(tidyTime(text), options);
  const box = useTypedText<HTMLInputElement>(typeof value === 'string' ? value : '', tidy, onChange);
  return (
    <span className="time">
      <input id={id} type="text" autoComplete="off" size={8} placeholder="17:30" required={required} {...box}
        aria-describedby={`${id}__hint ${id}__error ${id}__description`} />
      <span className="field-hint" id={`${id}__hint`}>24-hour, e.g. 17:30</span>
    </span>
  );
}

/** Money as dollars and cents: type 80 or 80.5, it is kept as "$80.00" / "$80.50". */
function MoneyWidget(props: WidgetProps) {
  const { id, value, onChange, required, options } = props;
  const tidy = (text: string) => (text.trim() ? tidyMoney(text) : emptied('', options));
  const box = useTypedText<HTMLInputElement>(typeof value === 'string' ? value.replace(/^\$/, '') : '', tidy, onChange);
  return (
    <span className="money">
      <span aria-hidden="true">$</span>
      <input id={id} type="text" inputMode="decimal" required={required} {...box} aria-describedby={`${id}__error ${id}__description`} />
    </span>
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

function pagePaths(doc: Json): string[] {
  const pages = isObject(doc) && Array.isArray(doc.pages) ? doc.pages : [];
  return pages.flatMap((p) => (isObject(p) && typeof p.path === 'string' && !p.path.includes(':') ? [p.path] : []));
}

/** A link: a page of the site or a file picked from the list, or any address typed; a PDF can be uploaded here. */
function HrefWidget(props: WidgetProps) {
  const { id, value, onChange, required, options } = props;
  const ctx = contextOf(props);
  const listId = `${id}__pages`;
  const [message, setMessage] = useState('');
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const result = await ctx.upload(file);
      onChange(result.href);
      setMessage(`Uploaded as ${result.href}`);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="href">
      <input id={id} type="text" list={listId} value={typeof value === 'string' ? value : ''} required={required}
        aria-describedby={`${id}__error ${id}__description`} onChange={(e) => onChange(emptied(e.target.value, options))} />
      <datalist id={listId}>
        {pagePaths(ctx.doc).map((p) => <option key={p} value={p} />)}
        {ctx.files.filter((f) => f.startsWith('/downloads/')).map((f) => <option key={f} value={f} />)}
      </datalist>
      <label className="upload">Or upload a PDF
        <input type="file" accept="application/pdf" onChange={choose} />
      </label>
      <span role="status">{message}</span>
    </div>
  );
}

/** The smallest copy the site has of a picture (the build makes /people/x-320.webp beside /people/x.webp), else itself. */
function thumbnailOf(image: JsonObject, src: string): string {
  const widths = Array.isArray(image.widths) ? image.widths.filter((w): w is number => typeof w === 'number') : [];
  return widths.length ? variant(src, Math.min(...widths)) : src;
}

/** A picture: choose a file and it is copied into public/ with its width and height; alt text beside it. */
function ImageField(props: FieldProps) {
  const { formData, onChange, fieldPathId, schema, uiSchema, rawErrors, required } = props;
  const ctx = contextOf(props);
  const image: JsonObject | undefined = isObject(formData as Json) ? (formData as JsonObject) : undefined;
  const [message, setMessage] = useState('');
  const altId = useId();
  const id = fieldPathId.$id;
  const set = (next: JsonObject | undefined) => onChange(next, fieldPathId.path);
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setMessage('Uploading...');
    try {
      const result = await ctx.upload(file);
      if (result.kind !== 'picture') throw new Error('That file is not a picture. Choose a JPEG, PNG, WebP or AVIF file.');
      // `widths` and `avif` say which smaller and AVIF copies of the old file exist; the new file has none yet.
      const rest: JsonObject = { ...(image ?? {}) };
      delete rest.widths;
      delete rest.avif;
      set({ ...rest, src: result.href, alt: typeof rest.alt === 'string' ? rest.alt : '', width: result.width ?? 1, height: result.height ?? 1 });
      setMessage(`Uploaded: ${result.width} x ${result.height} pixels. Describe the picture in "What it shows".`);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  // A picture in a list is headed by what it shows (uiSchema.ts names each entry), one on its own by its field's label.
  const named = uiSchema?.['ui:title'];
  const title = typeof named === 'string' && named ? named : typeof schema.title === 'string' ? schema.title : 'Picture';
  return (
    <fieldset className="image-field" id={id}>
      <legend>{title}{required ? ' *' : ''}</legend>
      {typeof schema.description === 'string' && <p className="field-description">{schema.description}</p>}
      {image && typeof image.src === 'string' && (
        <img src={ctx.picture?.(image.src) ?? `${ctx.previewOrigin}${thumbnailOf(image, image.src)}`} alt="" width={96} height={96} className="thumb" />
      )}
      <label className="upload">{image ? 'Replace the picture' : 'Choose a picture'}
        <input id={`${id}_src`} type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={choose} />
      </label>
      {image && (
        <>
          <label htmlFor={altId}>What it shows (read aloud to people who cannot see it)</label>
          <input id={altId} type="text" value={typeof image.alt === 'string' ? image.alt : ''} onChange={(e) => set({ ...image, alt: e.target.value })} />
          <p className="field-description">{String(image.src)}: {String(image.width)} x {String(image.height)} pixels</p>
          {!required && <button type="button" onClick={() => set(undefined)}>Remove the picture</button>}
        </>
      )}
      <p role="status">{message}</p>
      {rawErrors?.length ? <ul className="error-detail">{rawErrors.map((e) => <li key={e}>{e}</li>)}</ul> : null}
    </fieldset>
  );
}

/** Draws nothing: for a page's blocks, which the navigator lists and edits one by one. */
function NothingField() {
  return null;
}

export const widgets: RegistryWidgetsType = { entityRef: EntityRefWidget, icon: IconWidget, time: TimeWidget, money: MoneyWidget, markdown: MarkdownWidget, href: HrefWidget };
export const fields: RegistryFieldsType = { image: ImageField, nothing: NothingField };

/** List buttons with words on them (rjsf's default draws icon fonts this editor does not load). */
function textButton(words: string, className = '') {
  return function TextButton(props: IconButtonProps) {
    const { icon: _icon, iconType: _iconType, registry: _registry, uiSchema: _uiSchema, className: extra, title: _title, ...rest } = props;
    void _icon; void _iconType; void _registry; void _uiSchema; void _title;
    return <button type="button" {...rest} className={`${extra ?? ''} ${className}`.trim()}>{words}</button>;
  };
}

export const buttonTemplates: Partial<TemplatesType['ButtonTemplates']> = {
  AddButton: textButton('Add one'),
  CopyButton: textButton('Duplicate'),
  MoveUpButton: textButton('Up'),
  MoveDownButton: textButton('Down'),
  RemoveButton: textButton('Remove', 'danger'),
};
