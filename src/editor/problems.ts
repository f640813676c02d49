import type { ErrorSchema } from '@rjsf/utils';
import type { Problem } from './api.ts';
import { parseDotted, placeInForm, type Bundle, type Path, type Target } from './model.ts';
import type { Json } from './yaml/json.ts';

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
 * Where a problem is, as the form names it (placeInForm: 'Consultations > Standard > Price'); the file's words
 * ('Fee group "consultations" > items > "Standard" > price', which the YAML view and `npm run check` keep) where the
 * form has none.
 */
export function placeInWords(p: Problem, doc: Json, bundle: Bundle, targets: Target[]): string {
  return placeInForm(parseDotted(p.path), doc, bundle, targets) ?? p.where;
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

