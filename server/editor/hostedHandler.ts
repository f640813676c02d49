import { editorCatalogue } from '../../src/content/errors.ts';
import { bearerToken, NOT_AN_EDITOR, NOT_SIGNED_IN, signJwt, verifyJwt, type SigningKeys } from './auth.ts';
import { AuthError, type Claims } from './claims.ts';
import type { Editor, EditorDb } from './editorDb.ts';
import { nameFromAddress, personOf, type Person } from './person.ts';
import { peopleAction } from './peopleApi.ts';
import { approvalAction, ASK_INSTEAD } from './approvalApi.ts';
import { approvalOf, newsFor } from './newsApi.ts';

import type { GitHost } from './gitHost.ts';
import type { Invitations } from './accounts.ts';
import { corsPolicy, readBody } from '../feedback/handler.ts';
import { DEPLOYED_VERSION } from '../deployedVersion.ts';
import { HostedStore, KEPT_AS_DRAFT } from './hostedStore.ts';
import { BadBody } from './opsBody.ts';
import { hiddenCharacter } from '../../src/content/invisible.ts';
import { EditorApi } from './api.ts';
import { FileAnswer, fileHeaders } from './draftFiles.ts';
import { HttpError, TOO_DEEP, type Body } from './request.ts';

/** The function's name: its address is /functions/v1/site-editor/<action>. */
export const EDITOR_FUNCTION = 'site-editor';

/**
 * Sign-in on this computer (`npm start`): a one-time token from the address it prints, exchanged for a sign-in made
 * and checked exactly as Supabase's are. Only ever from this computer itself.
 */
export interface LocalSignIn {
  /**
   * Signs in with a printed address the person it was made for, as the editors list has them (the typed e-mail must be
   * theirs), using the address up; or why not, as an answer's status and words.
   */
  signIn(token: string, typed: Person): Promise<{ claims: Claims; name: string } | { status: 401 | 403; message: string }>;
}

export interface SiteEditorOptions {
  /** The secret the sign-ins are signed with (Supabase's JWT secret; on this computer, one made at start). */
  secret: string;
  /** The project's published signing keys, on a Supabase project that signs with asymmetric keys. */
  keys?: SigningKeys['keys'];
  db: EditorDb;
  /** How colleagues are invited (Supabase Auth's e-mails; on this computer, addresses printed in the terminal). */
  invitations?: Invitations;
  host: GitHost;
  /** The site file's path on this server, for the checker's messages and the schema (the content itself is on the host). */
  siteFile: string;
  allowedOrigins: readonly string[] | '*';
  localSignIn?: LocalSignIn;
  /** Seconds since 1970, for tests of expiry. */
  now?: () => number;
  log?: (message: string) => void;
  /** What GET site-editor/version answers: by default the version the deploy wrote (deployedVersion.ts). */
  version?: string;
}

/** How long a sign-in made on this computer lasts. */
const LOCAL_SIGN_IN_SECONDS = 12 * 60 * 60;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const webBody = (request: Request): Body => ({
  type: request.headers.get('content-type') ?? '',
  async bytes(limit, tooLarge) {
    const bytes = await readBody(request, limit);
    if (!bytes) throw new HttpError(413, tooLarge);
    return bytes;
  },
});


/** The handler, and its check of a request from its method, address and headers alone. */
export type SiteEditorHandler = ((request: Request) => Promise<Response>) & {
  /**
   * A server that can hold a body back (`npm start`) asks this first: the answer that refuses the request (another
   * website, no valid sign-in of a person on the list) without its body ever being read, or null to read it.
   */
  admit(request: Request): Promise<Response | null>;
};

/**
 * The hosted editor's backend, a web-standard handler (Supabase Edge Functions and `npm start` serve the same code):
 * every action needs a valid sign-in of a person on the editors list, and works on that person's draft.
 */
export function createSiteEditorHandler(options: SiteEditorOptions): SiteEditorHandler {
  const cors = corsPolicy(options.allowedOrigins, 'GET, POST, OPTIONS');
  const log = options.log ?? ((message: string) => console.error(message));
  const answer = (request: Request, status: number, body: unknown) => new Response(JSON.stringify(body), {
    status,
    headers: { ...cors.headers(request), 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });

  async function signedIn(request: Request): Promise<{ claims: Claims; editor: Editor }> {
    const token = bearerToken(request);
    if (!token) throw new AuthError(401, NOT_SIGNED_IN);
    const claims = await verifyJwt(token, { secret: options.secret, keys: options.keys }, (options.now?.() ?? Date.now() / 1000) * 1000);
    let editor = await options.db.editor(claims);
    // A new site's first person: an account invited from Supabase's dashboard (verifyJwt checked the invitation),
    // admitted with every right while nobody is on the list.
    if (!editor && options.keys && await options.db.admitFirst(claims, nameFromAddress(claims.email))) editor = await options.db.editor(claims);
    if (!editor) throw new AuthError(403, NOT_AN_EDITOR(claims.email));
    return { claims, editor };
  }

  async function localSignIn(request: Request): Promise<Response> {
    const local = options.localSignIn;
    const from = request.headers.get('x-forwarded-for') ?? '';
    const host = new URL(request.url).hostname;
    if (!local || !LOOPBACK.has(from) || !['127.0.0.1', 'localhost'].includes(host)) {
      return answer(request, 403, { error: 'Signing in with an address printed by npm start works only on the computer that runs it.' });
    }
    const body = await request.json().catch(() => undefined) as Record<string, unknown> | undefined;
    if ([body?.name, body?.email].some((v) => typeof v === 'string' && hiddenCharacter(v) !== undefined)) {
      return answer(request, 400, { error: 'Your name or e-mail address holds an invisible character (perhaps pasted from another program). Type them again, then press Sign in.' });
    }
    const person = personOf(body);
    if (!person) return answer(request, 400, { error: 'Type your name and your e-mail address, then press Sign in.' });
    const signedIn = typeof body?.token === 'string' ? await local.signIn(body.token, person) : { status: 401 as const, message: editorCatalogue.LocalAddressUsed() };
    if ('status' in signedIn) return answer(request, signedIn.status, { error: signedIn.message });
    const exp = Math.floor(options.now?.() ?? Date.now() / 1000) + LOCAL_SIGN_IN_SECONDS;
    const signed = { ...signedIn.claims, exp, iat: exp - LOCAL_SIGN_IN_SECONDS };
    return answer(request, 200, { access_token: await signJwt(signed, options.secret), expires_at: exp, name: signedIn.name, email: signedIn.claims.email });
  }

  const actionOf = (request: Request) => new URL(request.url).pathname.split(`/${EDITOR_FUNCTION}/`)[1] ?? '';
  const otherWebsite = (request: Request) => {
    const origin = request.headers.get('origin');
    return origin !== null && !cors.originAllowed(origin, request);
  };
  const OTHER_WEBSITE = 'The editor does not accept requests from other websites.';
  // The version deployed, which the deploy compares with its own (scripts/deployScope.ts): a hash, so it needs no
  // sign-in; only a GET of that very action.
  const versionAsked = (request: Request) => request.method === 'GET' && actionOf(request) === 'version';

  async function admit(request: Request): Promise<Response | null> {
    if (request.method === 'OPTIONS') return null;
    if (otherWebsite(request)) return answer(request, 403, { error: OTHER_WEBSITE });
    // Signing in has no sign-in yet: its body is small, and the server's limit for it says so.
    if (actionOf(request) === 'local-sign-in' || versionAsked(request)) return null;
    try {
      await signedIn(request);
      return null;
    } catch (error) {
      if (error instanceof AuthError) return answer(request, error.status, { error: error.message, signIn: error.status === 401 });
      throw error;
    }
  }

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const action = actionOf(request);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors.headers(request) });
    const origin = request.headers.get('origin');
    if (otherWebsite(request)) return answer(request, 403, { error: OTHER_WEBSITE });
    try {
      if (action === 'local-sign-in' && request.method === 'POST') return await localSignIn(request);
      if (versionAsked(request)) return answer(request, 200, { version: options.version ?? DEPLOYED_VERSION });
      const { claims, editor } = await signedIn(request);
      if (action === 'me' && request.method === 'GET') {
        // With the person's draft's request for approval, or the note it was sent back with.
        const draft = await options.db.draft(claims);
        return answer(request, 200, { ...editor, ...approvalOf(draft) });
      }
      if (action === 'news' && request.method === 'GET') return answer(request, 200, await newsFor(options.db, options.host, claims, editor, url.searchParams.get('since')));
      // Invitations lead to /admin on the website the request came from (an allowed origin), else the first allowed.
      const adminUrl = `${origin ?? (options.allowedOrigins === '*' ? '' : options.allowedOrigins[0] ?? '')}/admin/`;
      const people = await peopleAction({ db: options.db, claims, editor, invitations: options.invitations, adminUrl, log }, request.method, action, webBody(request));
      if (people !== undefined) return answer(request, 200, people);
      const approval = await approvalAction({ db: options.db, claims, editor, host: options.host, siteFile: options.siteFile }, request.method, action, webBody(request));
      if (approval !== undefined) return answer(request, 200, approval);
      if (action === 'publish' && !editor.mayPublish) return answer(request, 403, { error: ASK_INSTEAD });
      // Going back publishes at once, so it is for those who may publish.
      if (action.startsWith('history/') && !editor.mayPublish) return answer(request, 403, { error: editorCatalogue.HistoryOnlyPublishers() });
      const api = await new EditorApi(options.siteFile, new HostedStore(options.db, claims, editor, options.host)).open();
      const result = await api.act(request.method, action, url.searchParams, webBody(request));
      if (result instanceof FileAnswer) return new Response(result.bytes, { status: 200, headers: { ...cors.headers(request), ...fileHeaders(result) } });
      return answer(request, 200, result);
    } catch (error) {
      if (error instanceof AuthError) return answer(request, error.status, { error: error.message, signIn: error.status === 401 });
      if (error instanceof HttpError) return answer(request, error.status, { error: error.message, ...error.extra });
      if (error instanceof BadBody) return answer(request, 400, { error: error.message });
      // A stack overflow is a request nested past what any change needs: the person's fault, said in words.
      if (error instanceof RangeError && /call stack/i.test(error.message)) return answer(request, 400, { error: TOO_DEEP });
      // The log says what went wrong; the answer says nothing of the function's insides.
      log(`site-editor ${action}: ${error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error)}`);
      return answer(request, 500, { error: `The editor hit an unexpected problem. ${KEPT_AS_DRAFT} Reload the page; if it happens again, tell the person who looks after the website.` });
    }
  };
  return Object.assign(handle, { admit });
}
