/*
 * ajv's standalone code for schema/, written to cost less where it starts cold: the site-editor function reads it from
 * its bundle at every start. Deno's bundler writes each object literal of a dependency one property a line, indented as
 * deep as it sits: ajv's code was 1.26 MB of the function's 2.15 MB bundle, 0.8 MB of it its 1,510 error objects and
 * the lines that push each one, and V8 reads every byte of a module as it starts. What the code does is unchanged
 * (tests/content/precompiled.test.ts compares its errors with ajv's own): only how it is written.
 */

/** The fields of an error object as ajv writes them with messages and verbose on, in its order. */
const ERROR_FIELDS = ['instancePath', 'schemaPath', 'keyword', 'params', 'message', 'schema', 'parentSchema', 'data'];

/** Makes one of ajv's error objects and adds it to the list ajv keeps, as its own code did in place. */
const ADD_ERROR = `function addError(vErrors, ${ERROR_FIELDS.join(', ')}){const error = {${ERROR_FIELDS.join(', ')}};if(vErrors === null){return [error];}vErrors.push(error);return vErrors;}`;

/** ajv's way of adding one error: the object, then the list made or pushed to, then the count. */
const ERROR_SITE = /const (err\d+) = \{(.*?)\};if\(vErrors === null\)\{vErrors = \[\1\];\}else \{vErrors\.push\(\1\);\}errors\+\+;/g;

/**
 * Walks ajv's code from `from`, counting brackets outside its strings (JSON's, so a backslash escapes one character),
 * until `found` says stop: that place, or -1.
 */
function scan(code: string, from: number, found: (at: number, depth: number, char: string) => boolean): number {
  let depth = 0;
  let quoted = false;
  for (let at = from; at < code.length; at++) {
    const char = code[at];
    if (quoted) {
      if (char === '\\') at++;
      else if (char === '"') quoted = false;
      continue;
    }
    if (char === '"') quoted = true;
    else if ('{[('.includes(char)) depth++;
    else if ('}])'.includes(char)) depth--;
    if (found(at, depth, char)) return at;
  }
  return -1;
}

/** The fields of an object literal's body, split at its top-level commas. */
function fieldsOf(body: string): string[] {
  const fields: string[] = [];
  let start = 0;
  scan(body, 0, (at, depth, char) => {
    if (char === ',' && depth === 0) {
      fields.push(body.slice(start, at));
      start = at + 1;
    }
    return false;
  });
  return [...fields, body.slice(start)];
}

/** `addError(...)` for one error site, or the site as it was when its object is not the usual one. */
function errorCall(site: string, body: string): string {
  const fields = fieldsOf(body);
  if (fields.length !== ERROR_FIELDS.length) return site;
  const values = fields.map((field, i) => (field === ERROR_FIELDS[i] ? field : field.startsWith(`${ERROR_FIELDS[i]}:`) ? field.slice(ERROR_FIELDS[i].length + 1) : undefined));
  if (values.some((value) => value === undefined)) return site;
  return `vErrors = addError(vErrors, ${values.join(', ')});errors++;`;
}

/**
 * The schema's files as ajv writes them into the code (`const schema12 = {...}`), as JSON.parse of a string instead:
 * one line in the bundle, and V8 reads JSON faster than an object literal of the same size.
 */
function schemasAsJson(code: string): string {
  const parts: string[] = [];
  let kept = 0;
  for (const match of code.matchAll(/const schema\d+ = (?=\{)/g)) {
    const from = match.index + match[0].length;
    if (from < kept) continue;
    const end = scan(code, from, (_, depth) => depth === 0) + 1;
    const json = code.slice(from, end);
    // Only what is JSON already: anything else is left as ajv wrote it.
    try { JSON.parse(json); } catch { continue; }
    parts.push(code.slice(kept, from), `JSON.parse(${JSON.stringify(json)})`);
    kept = end;
  }
  return parts.join('') + code.slice(kept);
}

/** ajv's standalone code (a module), with its error sites as calls of one function and its schemas as JSON. */
export function compactValidatorCode(code: string): string {
  if (code.includes('function addError(')) throw new Error('ajv\'s code has an addError of its own: name the helper otherwise.');
  if (!code.startsWith('"use strict";')) throw new Error('ajv\'s code no longer starts with "use strict": put the helper after what it starts with.');
  const calls = code.replace(ERROR_SITE, (site, _name: string, body: string) => errorCall(site, body));
  return schemasAsJson(`"use strict";${ADD_ERROR}${calls.slice('"use strict";'.length)}`);
}
