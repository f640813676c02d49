import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { useContext, useId, useState, type ChangeEvent } from 'react';
import { variant } from '../ui/Picture.tsx';
import { DraftPicturesContext } from './draftPictures.ts';
import { contextOf, emptied } from './EditorContext.tsx';
import { isObject, type Json, type JsonObject } from './yaml/json.ts';

/** Fields that take a file: a link (to a page, or a PDF uploaded here) and a picture. */

function pagePaths(doc: Json): string[] {
  const pages = isObject(doc) && Array.isArray(doc.pages) ? doc.pages : [];
  return pages.flatMap((p) => (isObject(p) && typeof p.path === 'string' && !p.path.includes(':') ? [p.path] : []));
}

/** A link: a page of the site or a file picked from the list, or any address typed; a PDF can be uploaded here. */
export function HrefWidget(props: WidgetProps) {
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

/** A picture: choose a file and it is kept with the site's pictures, with its width and height; alt text beside it. */
export function ImageField(props: FieldProps) {
  const { formData, onChange, fieldPathId, schema, uiSchema, rawErrors, required } = props;
  const ctx = contextOf(props);
  const picture = useContext(DraftPicturesContext);
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
  // The picture by its file's name, as staff chose it on their computer.
  const fileName = image && typeof image.src === 'string' ? image.src.slice(image.src.lastIndexOf('/') + 1) : '';
  return (
    <fieldset className="image-field" id={id}>
      <legend>{title}{required ? ' *' : ''}</legend>
      {typeof schema.description === 'string' && <p className="field-description">{schema.description}</p>}
      {image && typeof image.src === 'string' && (
        <img src={picture(image.src) ?? `${ctx.previewOrigin}${thumbnailOf(image, image.src)}`} alt="" width={96} height={96} className="thumb" />
      )}
      <label className="upload">{image ? 'Replace the picture' : 'Choose a picture'}
        <input id={`${id}_src`} type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={choose} />
      </label>
      {image && (
        <>
          <label htmlFor={altId}>What it shows (read aloud to people who cannot see it)</label>
          <input id={altId} type="text" value={typeof image.alt === 'string' ? image.alt : ''} onChange={(e) => set({ ...image, alt: e.target.value })} />
          <p className="field-description">{fileName}, {String(image.width)} x {String(image.height)} pixels</p>
          {!required && <button type="button" onClick={() => set(undefined)}>Remove the picture</button>}
        </>
      )}
      <p role="status">{message}</p>
      {rawErrors?.length ? <ul className="error-detail">{rawErrors.map((e) => <li key={e}>{e}</li>)}</ul> : null}
    </fieldset>
  );
}
