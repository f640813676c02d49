/**
 * Bidirectional controls and zero-width marks: in a commit message or a name they make a line read otherwise than it
 * holds ("Update hours ‮gnp.exe" shows as "Update hours exe.png") or hide text in it. The zero-width joiner is not
 * among them: emoji are made with it.
 */
export const HIDDEN_MARKS = /[\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

/** Line breaks and tabs aside, the control characters: git cannot record a NUL, and the others garble the history. */
export const CONTROL_CHARACTERS = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;

/**
 * How deeply a request's JSON nests. Nothing the editor sends goes deeper than the site file (a dozen levels); a body
 * of thousands of brackets would only overflow the stack of whatever walks it.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}
