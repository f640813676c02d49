import type { WidgetProps } from '@rjsf/utils';
import type { Path } from './model.ts';
import type { Json } from './yaml/json.ts';

/** What the widgets need from the editor: the whole document (for pick-lists), files, uploads, markdown. */
export interface EditorContext {
  doc: Json;
  files: string[];
  previewOrigin: string;
  upload(file: File): Promise<{ href: string; width?: number; height?: number; kind: string }>;
  markdown(text: string): Promise<string>;
  /** Opens the form that holds a place of the document, with that field focused. */
  goTo?(path: Path): void;
  /** Where the form's own value is in the document (set by the form). */
  here?: Path;
}

export const contextOf = (props: { registry: { formContext: unknown } }) => props.registry.formContext as EditorContext;

/** An emptied field: the value the schema's uiSchema asks for ("" for a required text), else no value. */
export const emptied = (text: string, options: WidgetProps['options']) => (text === '' ? (options.emptyValue as string | undefined) : text);
