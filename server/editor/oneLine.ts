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
