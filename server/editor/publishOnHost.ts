/**
 * The one way a draft is published, whichever store keeps it (a file on this computer, a draft in the database) and
 * whichever Git host holds the website (this checkout's remote, GitHub): checked, merged onto the branch's head when
 * someone published meanwhile, and sent as one commit by the person, tried again when another publish wins the race.
 */
import type { Author, FileChange, GitHost } from './gitHost.ts';
import type { Json } from '../../src/editor/yaml/json.ts';
import { valueOfText } from '../../src/editor/yaml/patch.ts';
import { namedChangers } from './changedBy.ts';
import { commitMessage } from './commitMessage.ts';
import { mergeForPublish, type PublishCheck, type PublishMerge, type PublishResult } from './publishing.ts';

/** How many times a publish is tried when someone else publishes at the same moment. */
export const PUBLISH_ATTEMPTS = 3;

/** Where the draft goes: the host, the site file's path there, and where the person's work stays meanwhile (in words). */
export interface Destination { host: GitHost; site: string; kept: string }

/** Why nothing is sent, as the store answers it. */
export interface Refusal { refused: PublishResult }

export interface Outgoing {
  /** The draft's text. */
  text: string;
  /** The commit the draft was made on, seen from the branch's head (undefined: none in common), or why not go on. */
  baseOn(head: string): Promise<{ base: string | undefined } | Refusal>;
  /** The files that go with `content` beside the site file (uploads it names), or why not go on. */
  files(content: string): Promise<FileChange[] | Refusal>;
}

/** `message`: the person's description; `approvedBy`: the colleague who approved it, named after it by the editor. */
export interface Request { message: string; author: Author; check: PublishCheck; merge: PublishMerge; approvedBy?: Author }

/**
 * `sent`: the commit made. Not sent: the website has all of it already (`head`); `merged`: the draft was done again on
 * a newer head, so `content`, not the draft's text, is what the website has now.
 */
export type Sent = { sent: true; commit: string; content: string; merged: boolean } | { sent: false; head: string; content: string; merged: boolean } | Refusal;

/** Every text of the content's fields, however deep (a comment is none). */
function fieldStrings(value: Json, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) fieldStrings(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) fieldStrings(item, out);
  return out;
}

/** Whether a field of `content` names a file by its address ('/images/x.jpg'): only those files go with it. */
export function namedBy(content: string): (address: string) => boolean {
  const texts = fieldStrings(valueOfText(content) ?? null);
  return (address) => texts.some((text) => text.includes(address));
}

const decode = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

/** The site file's text at a commit of the host. */
export async function siteText(host: GitHost, site: string, commit: string): Promise<string> {
  const text = decode(await host.read(commit, site));
  if (text === undefined) throw new Error(`The repository has no ${site} at ${commit.slice(0, 7)}.`);
  return text;
}

/** Whether the head holds each of these files with these bytes already. */
async function allAt(host: GitHost, head: string, files: FileChange[]): Promise<boolean> {
  for (const file of files) {
    const there = await host.read(head, file.path);
    if (!there || there.length !== file.content.length || there.some((byte, i) => byte !== file.content[i])) return false;
  }
  return true;
}

export async function publishOnHost(to: Destination, draft: Outgoing, request: Request): Promise<Sent> {
  // The draft's text does not change while it is sent (the store holds its saves meanwhile): one check is enough.
  const refused = request.check(draft.text);
  if (refused) return { refused: { ok: false, ...refused } };
  for (let attempt = 1; ; attempt++) {
    const head = await to.host.head(true);
    const based = await draft.baseOn(head);
    if ('refused' in based) return based;
    const theirs = await siteText(to.host, to.site, head);
    const merged = based.base !== head;
    let content = draft.text;
    if (merged) {
      // Someone published since the draft began: it is done again on theirs, field by field.
      const texts = { base: (based.base && decode(await to.host.read(based.base, to.site))) || '', mine: draft.text, theirs };
      const done = mergeForPublish(request.merge, request.check, texts, {}, to.kept);
      if (!done.ok) {
        const refused = done.result;
        if (!refused.ok && refused.conflicts) refused.conflicts = await namedChangers(to.host, to.site, head, based.base, refused.conflicts);
        return { refused };
      }
      content = done.text;
    }
    const files = await draft.files(content);
    if ('refused' in files) return files;
    if (content === theirs && await allAt(to.host, head, files)) return { sent: false, head, content, merged };
    const made = await to.host.commit({ parent: head, files: [{ path: to.site, content: new TextEncoder().encode(content) }, ...files], message: commitMessage(request.message, request.approvedBy), author: request.author });
    if (made.ok) return { sent: true, commit: made.commit, content, merged };
    if (attempt >= PUBLISH_ATTEMPTS) {
      return { refused: { ok: false, message: `Others kept publishing at the same moment, so yours was not sent. ${to.kept} Press Publish again.` } };
    }
  }
}

export const PUBLISHED = 'Published. The website will show the changes once its checks have passed (usually a few minutes).';
