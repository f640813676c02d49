import type { ErrorSchema } from '@rjsf/utils';
import type { Problem } from './api.ts';
import { getAt, nameOf, parseDotted, resolve, targetFor, type Bundle, type Path, type Schema, type Target } from './model.ts';
import { isObject, type Json } from './yaml/json.ts';

/** The checker's messages, placed where the form shows them: beside their fields, counted per part, focused on click. */

/**
 * A problem in the form's words: of fields and entries, not of quotes, keys or lines (the catalogue's formCatalogue,
 * sent beside the file's words where they differ). The YAML view keeps the file's words, as `npm run check` says them.
 */
export function formWords(p: Problem): string {
  return 'formMessage' in p && typeof p.formMessage === 'string' ? p.formMessage : p.message;
}

/** The same list again: the earlier one is kept (a new array makes everything that shows it draw and send again). */
export function sameProblems(before: Problem[], after: Problem[]): Problem[] {
  const key = (p: Problem) => `${p.line}:${p.col}:${p.path}:${p.message}`;
  return before.length === after.length && before.every((p, i) => key(p) === key(after[i])) ? before : after;
}

/**
 * Where a problem is, as the form names it: the part the navigator shows, then each field by its label and each
 * entry of a list by its name ('Consultations > Standard > Price'), not the file's keys and places
 * ('Fee group "consultations" > items > "Standard" > price', which the YAML view and `npm run check` keep).
 */
export function placeInWords(p: Problem, doc: Json, bundle: Bundle, targets: Target[]): string {
  const path = parseDotted(p.path);
  const target = targetFor(targets, path);
  if (!target) return p.where;
  const words = [target.label];
  let schema: Schema = resolve(bundle.definitions[target.def], bundle);
  let node = getAt(doc, target.path);
  for (const key of path.slice(target.path.length)) {
    if (typeof key === 'number') {
      const item = Array.isArray(node) ? node[key] : undefined;
      // The entry's name stands for the list it is in ('Standard', not 'Fees > Standard').
      words[words.length - 1] = nameOf(item, `${words[words.length - 1]} ${key + 1}`);
      schema = resolve(schema.items as Schema | undefined, bundle);
      node = item;
    } else {
      const field = resolve((schema.properties as Record<string, Schema> | undefined)?.[key], bundle);
      words.push(typeof field.title === 'string' ? field.title : key);
      schema = field;
      node = isObject(node) ? node[key] : undefined;
    }
  }
  return words.join(' > ');
}

export function errorSchemaFor(problems: Problem[], target: Target): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const p of problems) {
    const path = parseDotted(p.path);
    if (!target.path.every((k, i) => String(k) === String(path[i]))) continue;
    let node = root;
    for (const key of path.slice(target.path.length)) {
      node[String(key)] ??= {};
      node = node[String(key)] as Record<string, unknown>;
    }
    const list = (node.__errors as string[] | undefined) ?? [];
    node.__errors = [...list, formWords(p)];
  }
  return root as ErrorSchema;
}

export function problemsUnder(problems: Problem[], target: Target): Problem[] {
  return problems.filter((p) => {
    const path = parseDotted(p.path);
    return target.path.every((k, i) => String(k) === String(path[i]));
  });
}

/** Focus the field a data path names, or the nearest field around it. */
export function focusField(target: Target, path: Path) {
  const rest = path.slice(target.path.length).map(String);
  for (let n = rest.length; n >= 0; n--) {
    const el = document.getElementById(['root', ...rest.slice(0, n)].join('_'));
    const focusable = el && (el.matches('input, select, textarea, button, fieldset') ? el : el.querySelector<HTMLElement>('input, select, textarea'));
    if (focusable instanceof HTMLElement) {
      focusable.scrollIntoView({ block: 'center' });
      focusable.focus();
      return;
    }
  }
  document.getElementById('form-heading')?.focus();
}

