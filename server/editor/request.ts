/**
 * What a request to the editor may carry, whichever server received it: its body read within limits, its JSON
 * checked for shape and depth, and refusals as HttpError with the words to show.
 */
import markdownSchema from '../../schema/defs/markdown.schema.json' with { type: 'json' };
import { hiddenCharacter } from '../../src/content/invisible.ts';
import { jsonDepth } from './oneLine.ts';

export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly extra: Record<string, unknown> = {}) { super(message); }
}

export const MB = 1024 * 1024;
/**
 * The site file is about 150 KB; a change seven times that is still read and checked in well under a second, and a
 * request within the limits must never hold the editor longer.
 */
const MAX_JSON = 1 * MB;
export const MAX_UPLOAD = 25 * MB;
/**
 * The most of a request's body a server reads for an action, with room for what surrounds it: an upload's file, or a
 * change's JSON. A server that streams the body stops at the first byte over it.
 */
export const bodyLimitOf = (action: string): number => (action === 'upload' ? MAX_UPLOAD : MAX_JSON) + 64 * 1024;

/** A request's body, whichever server received it (this computer's editor, or the hosted editor's function). */
export interface Body {
  /** Its declared type (Content-Type). */
  type: string;
  /** At most `limit` bytes; a larger body is refused (413) with `tooLarge`. */
  bytes(limit: number, tooLarge: string): Promise<Uint8Array>;
}

const TOO_LARGE_JSON = `That change is larger than ${MAX_JSON / MB} MB, the most the editor takes at once. Reload the page; if this happens again, tell the person who looks after the website.`;

/** The longest text a markdown field may hold, as the schema says. */
export const MAX_MARKDOWN = markdownSchema.maxLength;

/** Deeper than any change of the site file can be (the file itself nests about a dozen levels). */
const MAX_JSON_DEPTH = 64;
export const TOO_DEEP = 'That change nests lists or entries deeper than the website ever does, so it was not read. Nothing was changed. Reload the page; if this happens again, tell the person who looks after the website.';

export async function readJson(body: Body): Promise<Record<string, unknown>> {
  // JSON only: a page on another site cannot send this type without asking first (CORS), and it is never allowed.
  if (!body.type.startsWith('application/json')) throw new HttpError(415, 'The editor only accepts JSON here.');
  const bytes = await body.bytes(MAX_JSON, TOO_LARGE_JSON);
  const text = new TextDecoder().decode(bytes);
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new HttpError(400, TOO_DEEP);
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the plain message below
  }
  throw new HttpError(400, 'The editor sent something it could not read. Reload the page.');
}



/**
 * What changed, as staff describe it for the history (a publish, a request for approval): one short line. Line breaks
 * and tabs become spaces; any other control character is refused, and so is a mark that hides text or turns it round.
 * `button`: what the person presses again once it is right.
 */
export function descriptionOf(message: string, button: string): string {
  if (hiddenCharacter(message) !== undefined) {
    throw new HttpError(400, `The description holds an invisible control character (perhaps pasted from another program). Type the description again, then press ${button}.`);
  }
  const line = message.replace(/\s+/g, ' ').trim();
  if (!line) throw new HttpError(400, 'Write a few words saying what you changed, e.g. "New Saturday opening hours".');
  if (line.length > 200) throw new HttpError(400, 'Keep the description to one short line (200 characters at most).');
  return line;
}

/** A JSON body made here rather than received (an approval passes the request it approves on as a publish). */
export function jsonBody(value: unknown): Body {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return { type: 'application/json', bytes: () => Promise.resolve(bytes) };
}
