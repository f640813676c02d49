import type { UiSchema } from '@rjsf/utils';
import { entryOf, nameOf, type Bundle, type Schema } from './model.ts';
import { resolve } from './schemaWalk.ts';
import type { EditorContext } from './EditorContext.tsx';
import type { Json } from './yaml/json.ts';

/**
 * How each field is drawn, read from the schema's own annotations (no form is written by hand): a reference to an
 * entity is a pick-list, an icon a picture grid, a time a time input, money dollars and cents, markdown a text area
 * with its preview, a picture an upload, a link an address with a page list, a date a box that reads dates as an
 * Australian writes them. The block `type` is fixed for a block, so it is not shown (rjsf would draw it again inside
 * each block). The words of a link say where else its page is named (LinkNames.tsx).
 */

const LONG_TEXT = new Set(['summary', 'description', 'intro', 'text', 'note', 'body', 'answer', 'lead']);
const TIME = /\[0-5\]\[0-9\]\$$/;

/**
 * Fields a part draws in its own way, not shown in its form: the menu and the footer draw every link as a plain
 * link in the same tab, so their links have no look of a button and no new tab to choose.
 */
export const UNUSED_IN: Readonly<Record<string, ReadonlySet<string>>> = {
  'defs.nav': new Set(['style', 'newTab']),
  'defs.footer': new Set(['style', 'newTab']),
};

export function uiSchemaFor(schema: Schema | undefined, bundle: Bundle, name = '', depth = 0, required = false, unused: ReadonlySet<string> = new Set()): UiSchema {
  if (!schema || depth > 12) return {};
  const ref = typeof schema.$ref === 'string' ? schema.$ref : '';
  const s = resolve(schema, bundle);
  // A required text that is emptied stays in the file as "" (the checker then says it is missing) instead of losing
  // its line, so typing it again changes that line rather than adding one at the end of the group.
  const ui = uiFor(s, ref, bundle, name, depth, unused);
  return required && s.type === 'string' && !('const' in s) ? { ...ui, 'ui:emptyValue': '' } : ui;
}

function uiFor(s: Schema, ref: string, bundle: Bundle, name: string, depth: number, unused: ReadonlySet<string>): UiSchema {
  if ('const' in s) return { 'ui:widget': 'hidden' };
  if (ref.endsWith('/defs.image')) return { 'ui:field': 'image' };
  if (ref.endsWith('/defs.money')) return { 'ui:widget': 'money' };
  if (s.markdown === true) return { 'ui:widget': 'markdown' };
  if (s.icon === true) return { 'ui:widget': 'icon' };
  if (typeof s.entityRef === 'string') return { 'ui:widget': 'entityRef', 'ui:options': { collection: s.entityRef } };
  if (s.href === true || ref.endsWith('/defs.href')) return { 'ui:widget': 'href' };
  if (s.type === 'string' && typeof s.pattern === 'string' && s.pattern.includes(':') && TIME.test(s.pattern)) return { 'ui:widget': 'time' };
  if (s.type === 'string' && s.format === 'date') return { 'ui:widget': 'australianDate' };
  if (s.type === 'string' && Array.isArray(s.enum)) return { 'ui:enumNames': s.enum.map(choiceWords) };
  if (s.type === 'string' && !s.enum && LONG_TEXT.has(name)) return { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } };
  if (s.type === 'array') {
    const items = resolve(s.items as Schema | undefined, bundle);
    if (Array.isArray(items.enum) && s.uniqueItems) return { 'ui:widget': 'checkboxes', 'ui:enumNames': items.enum.map(choiceWords), 'ui:options': { inline: true } };
    const list = typeof s.title === 'string' ? s.title : 'Entry';
    return { items: namedItems(uiSchemaFor(s.items as Schema | undefined, bundle, name, depth + 1, false, unused), list, items.entityRef), 'ui:options': { orderable: true, copyable: true } };
  }
  if (s.type === 'object' || s.properties) {
    const out: UiSchema = {};
    const required = new Set((s.required as string[] | undefined) ?? []);
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const [key, prop] of Object.entries(props)) {
      const child = unused.has(key) ? { 'ui:widget': 'hidden' } : uiSchemaFor(prop, bundle, key, depth + 1, required.has(key), unused);
      if (Object.keys(child).length) out[key] = child;
    }
    // The words of a link: they say where else its page is named.
    if (props.label && props.href && !out.label?.['ui:widget']) out.label = { ...out.label, 'ui:widget': 'linkWords' };
    return out;
  }
  return {};
}

/** A choice of values ("PublicHolidays", "after-hours") labelled in words ("Public holidays", "After hours"). */
function choiceWords(v: unknown): string {
  const words = String(v).replace(/([a-z])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`).replace(/-/g, ' ').replace(/\bgp\b/g, 'GP');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Each entry of a list is headed by its own name ("Regular consultation", "Dr Amelia Hart", the text of a text
 * entry), not by the list's title and a number ("Fee item", "Specialties-2"); the list's title and the entry's place
 * stand in only while the entry has no name yet. A reference is named by the entry it refers to.
 */
function namedItems(ui: UiSchema, list: string, collection: unknown) {
  return (item: Json, index: number, context?: EditorContext): UiSchema => {
    const named = typeof collection === 'string' && context ? entryOf(context.doc, collection, item) ?? item : item;
    return { ...ui, 'ui:title': nameOf(named, `${list} ${index + 1}`) };
  };
}
