import type { ErrorSchema } from '@rjsf/utils';
import { editorCatalogue } from '../content/errors.ts';
import { entryWord } from '../content/ids.ts';
import type { Problem } from './api.ts';
import { inWords } from './inWords.ts';
import { getAt, parseDotted, placeInForm, type Bundle, type Path, type Target } from './model.ts';
import { shownProblems, type NewEntry } from './newEntry.ts';
import { shownDate } from './TypedWidgets.tsx';
import { isObject, type Json } from './yaml/json.ts';

/** The checker's messages, placed where the form shows them: beside their fields, counted per part, focused on click. */

/**
 * A problem in the form's words: of fields and entries, not of quotes, keys or lines (the catalogue's formCatalogue,
 * sent beside the file's words where they differ). The YAML view keeps the file's words, as `npm run check` says them.
 * A date is typed in the form as an Australian writes it, so its problem says what was typed (as the box shows it)
 * and how to write it there (editorCatalogue), given the document and the field's label.
 */
export function formWords(p: Problem, doc?: Json, field?: string): string {
  if (p.name === 'BadDate' && doc !== undefined) {
    const typed = getAt(doc, parseDotted(p.path));
    return editorCatalogue.BadDate(field ?? 'The date', typeof typed === 'string' ? shownDate(typed) : '');
  }
  return 'formMessage' in p && typeof p.formMessage === 'string' ? p.formMessage : p.message;
}


/** What the navigator and the form's heading call a part (a page made for each doctor: '/doctors/… A page for each doctor'). */
export function labelInWords(target: Target, doc: Json): string {
  const page = target.kind === 'page' ? getAt(doc, target.path) : undefined;
  if (isObject(page) && typeof page.each === 'string' && typeof page.path === 'string') {
    const one = entryWord(page.each);
    return `${inWords(page.path)} A page for each ${one}`;
  }
  return inWords(target.label);
}

/** What the editor says of the problems, from one state: the header's count, the list's heading, the note over the preview. */
export interface ProblemStatus {
  /** The problems to list (a new entry's wait until staff have been to their fields). */
  shown: Problem[];
  /** Fields of a new entry still to fill in. */
  waiting: number;
  count: string;
  heading: string;
  waitingNote?: string;
  previewNote?: string;
  /** Why Publish waits. */
  refusal?: string;
}

export function problemStatus(problems: Problem[], entry: NewEntry | null): ProblemStatus {
  const shown = shownProblems(problems, entry);
  const errors = shown.length;
  const waiting = problems.length - errors;
  const fields = (n: number) => (n === 1 ? '1 field' : `${n} fields`);
  return {
    shown, waiting,
    count: errors ? (errors === 1 ? '1 problem' : `${errors} problems`) : waiting ? `${fields(waiting)} to fill in` : 'No problems',
    heading: errors ? `Problems (${errors}): fix these before publishing` : waiting ? 'No problems so far' : 'No problems: the site can be published',
    ...(waiting ? { waitingNote: `The new entry has ${waiting === 1 ? 'a field' : fields(waiting)} still to fill in.` } : {}),
    // A draft with problems is not shown: the preview keeps the last version without them.
    ...(errors ? { previewNote: `The preview shows the site as it was before the ${errors === 1 ? 'problem' : `${errors} problems`} listed on the left. Fix ${errors === 1 ? 'it' : 'them'} to see your latest changes here.` }
      : waiting ? { previewNote: `The preview shows the site without the new entry until its ${waiting === 1 ? 'field is' : `${waiting} fields are`} filled in.` } : {}),
    ...(errors ? { refusal: `The site has ${errors === 1 ? '1 problem' : `${errors} problems`}. Your work is saved as a draft; fix ${errors === 1 ? 'it' : 'them'} first, then publish.` }
      : waiting ? { refusal: `The new entry has ${waiting === 1 ? 'a field' : fields(waiting)} still to fill in. Your work is saved as a draft; fill ${waiting === 1 ? 'it' : 'them'} in first, then publish.` } : {}),
  };
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
export function placeInWords(p: Problem, doc: Json, bundle: Bundle, targets?: Target[]): string {
  const place = placeInForm(parseDotted(p.path), doc, bundle, targets);
  return place === undefined ? p.where : inWords(place);
}

/** A problem in the form's words, with the label of its field (the last of its place's words: 'Date' of 'News > Flu clinic > Date'). */
export function formWordsAt(p: Problem, doc: Json, bundle: Bundle, targets?: Target[]): string {
  return p.name === 'BadDate' ? formWords(p, doc, placeInForm(parseDotted(p.path), doc, bundle, targets)?.split(' > ').pop()) : formWords(p);
}

export function errorSchemaFor(problems: Problem[], target: Target, doc?: Json, bundle?: Bundle): ErrorSchema {
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
    node.__errors = [...list, doc !== undefined && bundle ? formWordsAt(p, doc, bundle) : formWords(p)];
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

