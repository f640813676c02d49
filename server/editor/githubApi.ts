/**
 * GitHub's REST API asked with fetch, for the few endpoints GitHubHost uses: GitHub's own headers, JSON in and out,
 * and a refusal thrown as GitHub gave it (its status, headers and body), for GitHubHost to put into words. No client
 * library: Octokit brought 18 npm packages and 12.7 MB (two copies of its OpenAPI types among them) into the bundle
 * Supabase makes of the function. Runs in Node and in Deno, so nothing here may import from node:.
 */

/** What GitHub answered, in the fields the editor reads of it. */
export interface Answer<T> { status: number; headers: Headers; data: T }

/**
 * A request GitHub refused (status 400 and above), its message the one GitHub gave; or one that never reached it (no
 * `answer`: fetch itself failed), its message fetch's.
 */
export class GitHubRefusal extends Error {
  constructor(
    readonly status: number,
    readonly answer: { headers: Headers; data: unknown } | undefined,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'GitHubRefusal';
  }
}

export interface GitHubApiOptions {
  /** A token allowed to read and write the repository's contents. */
  token: string;
  /** Another API address (GitHub Enterprise, or a test server); api.github.com when absent. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Told of every answer, refusals included: GitHub's headers say things about the key (when it expires). */
  heard?: (headers: Headers) => void;
}

type Query = Record<string, string | number | undefined>;

/** One request: the method and path, what goes in its query (GET) or its JSON body (the others). */
export type Ask = <T>(method: 'GET' | 'POST' | 'PATCH', path: string, fields?: { query?: Query; body?: unknown }) => Promise<Answer<T>>;

/** The body of an answer: JSON when GitHub says so (its text when that does not parse), else its text. */
async function dataOf(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** What GitHub said in a refusal's body: its message, or the body itself when it is text. */
function saidIn(data: unknown): string {
  const message = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  if (typeof message === 'string') return message;
  return typeof data === 'string' && data ? data : `Unknown error: ${JSON.stringify(data)}`;
}

/** A path of the API with each part given encoded, as GitHub's own client does (`heads/main` is `heads%2Fmain`). */
export const apiPath = (parts: TemplateStringsArray, ...values: string[]) =>
  parts.reduce((path, part, at) => path + encodeURIComponent(values[at - 1] ?? '') + part);

export function gitHubApi(options: GitHubApiOptions): Ask {
  const base = (options.baseUrl ?? 'https://api.github.com').replace(/\/+$/, '');
  const send = options.fetch ?? fetch;
  const headers = {
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    authorization: `Bearer ${options.token}`,
    'user-agent': 'practice-site-editor',
  };
  return async <T>(method: 'GET' | 'POST' | 'PATCH', path: string, fields: { query?: Query; body?: unknown } = {}): Promise<Answer<T>> => {
    const url = new URL(base + path);
    for (const [name, value] of Object.entries(fields.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    let response: Response;
    try {
      response = await send(url, {
        method,
        headers: fields.body === undefined ? headers : { ...headers, 'content-type': 'application/json; charset=utf-8' },
        ...(fields.body === undefined ? {} : { body: JSON.stringify(fields.body) }),
      });
    } catch (error) {
      // No answer at all (DNS, a refused connection, offline): a refusal without one.
      throw new GitHubRefusal(500, undefined, `${method} ${url.pathname}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    options.heard?.(response.headers);
    // GitHub names an endpoint it will remove in this header: worth a line in the function's log.
    if (response.headers.has('deprecation')) {
      const sunset = response.headers.get('sunset');
      console.warn(`GitHub says ${method} ${url.pathname} is deprecated${sunset ? `; it is to be removed on ${sunset}` : ''}. ${response.headers.get('link') ?? ''}`.trim());
    }
    const data = await dataOf(response);
    if (response.status >= 400) throw new GitHubRefusal(response.status, { headers: response.headers, data }, saidIn(data));
    // The JSON came from GitHub, shaped as its REST reference says for this endpoint.
    return { status: response.status, headers: response.headers, data: data as T };
  };
}

/*
 * The answers' fields the editor reads, as GitHub's REST reference gives them (2022-11-28). Nothing else is typed.
 */

/** GET git/ref/{ref}, PATCH git/refs/{ref}. */
export interface GitRef { ref: string; object: { sha: string; type: string } }
/** GET and POST git/commits. */
export interface GitCommit { sha: string; tree: { sha: string } }
/** GET git/trees/{sha}?recursive=true, POST git/trees. */
export interface GitTree { sha: string; truncated: boolean; tree: { path?: string; mode?: string; type?: string; sha?: string }[] }
/** GET git/blobs/{sha}. */
export interface GitBlob { sha: string; content: string; encoding: string }
/** POST git/blobs. */
export interface Created { sha: string }
interface Signature { name?: string; email?: string; date?: string }
/** One item of GET commits. */
export interface ListedCommit { sha: string; parents: { sha: string }[]; commit: { author: Signature | null; message: string } }
