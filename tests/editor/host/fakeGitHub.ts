import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { git, gitBytes } from '../../../server/local/git.ts';

/**
 * GitHub's REST API for exactly the endpoints GitHubHost uses, answered from a real bare repository with git's own
 * plumbing: what the adapter writes can be checked with git, and the branch moves by git's compare-and-swap.
 * Responses have the fields GitHub's have (checked against recorded traffic in githubHost.test.ts).
 */

export interface Recorded { method: string; path: string; body: unknown }

export interface FakeGitHub {
  /** The API's address, for GitHubHost's baseUrl. */
  url: string;
  close(): Promise<void>;
  /** Every request in order: method, path with query, and the JSON body (undefined when none). */
  requests: Recorded[];
  /**
   * When the key expires, as GitHub says it with every answer to a fine-grained token
   * (GitHub-Authentication-Token-Expiration: '2027-10-12 09:00:00 UTC'); undefined for a key that does not expire.
   */
  tokenExpires: string | undefined;
}

const DOCS = 'https://docs.github.com/rest';

class Answer {
  constructor(readonly status: number, readonly body: unknown) {}
}

/** GitHub's error body: a message and where its documentation is. */
const refusal = (status: number, message: string, page = '') => new Answer(status, { message, documentation_url: `${DOCS}${page}` });
const NOT_FOUND = refusal(404, 'Not Found');

/** A 40-hex object name, or undefined; nothing else reaches git as an argument. */
const objectName = (value: unknown) => (typeof value === 'string' && /^[0-9a-f]{40}$/.test(value) ? value : undefined);

/** GitHub's dates: ISO 8601 in UTC, without fractions of a second. */
const utc = (iso: string) => new Date(iso).toISOString().replace(/\.\d+Z$/, 'Z');

export async function startFakeGitHub(options: { bareRepo: string; token: string; owner: string; repo: string }): Promise<FakeGitHub> {
  const { bareRepo, owner, repo } = options;
  const requests: Recorded[] = [];
  let url = '';
  const api = () => `${url}/repos/${owner}/${repo}`;
  const nodeId = (kind: string, sha: string) => Buffer.from(`${kind}:${sha}`).toString('base64');

  const run = async (args: string[], extra: { input?: string; env?: Record<string, string> } = {}) => {
    const result = await git(bareRepo, args, 60_000, extra);
    if (result.code !== 0) throw new Answer(422, { message: result.stderr.trim().split('\n')[0], documentation_url: DOCS });
    return result.stdout;
  };
  const exists = async (name: string) => (await git(bareRepo, ['cat-file', '-e', name])).code === 0;

  const refBody = (ref: string, sha: string) => ({
    ref, node_id: nodeId('Ref', ref), url: `${api()}/git/${ref}`,
    object: { sha, type: 'commit', url: `${api()}/git/commits/${sha}` },
  });

  const person = (name: string, email: string, date: string) => ({ name, email, date: utc(date) });

  /** A commit as the Git Data API shows it. */
  const commitBody = async (sha: string) => {
    const [tree, parents, an, ae, ad, cn, ce, cd, message] = (await run(['log', '-1', '--format=%T%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B', sha])).split('\0');
    return {
      sha, node_id: nodeId('Commit', sha), url: `${api()}/git/commits/${sha}`, html_url: `${url}/${owner}/${repo}/commit/${sha}`,
      author: person(an, ae, ad), committer: person(cn, ce, cd),
      tree: { sha: tree, url: `${api()}/git/trees/${tree}` },
      // %B ends with the newline git log adds after the message.
      message: message.replace(/\n$/, ''),
      parents: parents.split(' ').filter(Boolean).map((parent) => ({ sha: parent, url: `${api()}/git/commits/${parent}`, html_url: `${url}/${owner}/${repo}/commit/${parent}` })),
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null },
    };
  };

  /** A tree's entries (every level when recursive), with sizes for blobs as GitHub gives them. */
  const treeBody = async (sha: string, recursive: boolean) => {
    const listed = await run(['ls-tree', '-z', '--long', ...(recursive ? ['-r', '-t'] : []), sha]);
    const tree = listed.split('\0').filter(Boolean).map((line) => {
      const [info, path] = line.split('\t');
      const [mode, type, entry, size] = info.split(/\s+/);
      const kind = type === 'blob' ? 'blobs' : type === 'tree' ? 'trees' : 'commits';
      return { path, mode, type, sha: entry, ...(type === 'blob' ? { size: Number(size) } : {}), url: `${api()}/git/${kind}/${entry}` };
    });
    return { sha, url: `${api()}/git/trees/${sha}`, tree, truncated: false };
  };

  /** The branch moves only forward from where it is, and only by a compare-and-swap: never forced. */
  const updateRef = async (ref: string, body: Record<string, unknown>) => {
    if (body.force === true) return refusal(422, 'This test server never forces an update, and the editor must not ask it to', '/git/refs#update-a-reference');
    const sha = objectName(body.sha);
    if (!sha || !(await exists(`${sha}^{commit}`))) return refusal(422, 'Object does not exist', '/git/refs#update-a-reference');
    const current = (await git(bareRepo, ['rev-parse', '--verify', '--quiet', `refs/${ref}`])).stdout.trim();
    if (!current) return refusal(422, 'Reference does not exist', '/git/refs#update-a-reference');
    const notForward = refusal(422, 'Update is not a fast forward', '/git/refs#update-a-reference');
    if ((await git(bareRepo, ['merge-base', '--is-ancestor', current, sha])).code !== 0) return notForward;
    if ((await git(bareRepo, ['update-ref', `refs/${ref}`, sha, current])).code !== 0) return notForward;
    return new Answer(200, refBody(`refs/${ref}`, sha));
  };

  const createBlob = async (body: Record<string, unknown>) => {
    if (typeof body.content !== 'string') return refusal(422, 'Invalid request.\n\n"content" wasn\'t supplied.');
    const bytes = body.encoding === 'base64' ? Buffer.from(body.content, 'base64') : Buffer.from(body.content, 'utf8');
    const written = await gitBytes(bareRepo, ['hash-object', '-w', '--no-filters', '--stdin'], bytes);
    const sha = Buffer.from(written.stdout).toString('utf8').trim();
    return new Answer(201, { sha, url: `${api()}/git/blobs/${sha}` });
  };

  const getBlob = async (sha: string) => {
    const shown = await gitBytes(bareRepo, ['cat-file', 'blob', sha]);
    if (shown.code !== 0) return NOT_FOUND;
    // GitHub breaks its base64 into lines of 60 characters.
    const content = Buffer.from(shown.stdout).toString('base64').replace(/.{60}/g, '$&\n');
    return new Answer(200, { sha, node_id: nodeId('Blob', sha), size: shown.stdout.length, url: `${api()}/git/blobs/${sha}`, content, encoding: 'base64' });
  };

  const createTree = async (body: Record<string, unknown>) => {
    const entries = Array.isArray(body.tree) ? (body.tree as Record<string, unknown>[]) : [];
    const index = join(bareRepo, `fake-github-${randomBytes(6).toString('hex')}.index`);
    const env = { GIT_INDEX_FILE: index };
    try {
      const base = objectName(body.base_tree);
      if (base) await run(['read-tree', base], { env });
      const lines = entries.map((entry) => {
        const sha = objectName(entry.sha);
        if (typeof entry.path !== 'string' || typeof entry.mode !== 'string' || !sha) throw refusal(422, 'Invalid tree info');
        return `${entry.mode} ${sha}\t${entry.path}\0`;
      });
      await run(['update-index', '-z', '--index-info'], { env, input: lines.join('') });
      const sha = (await run(['write-tree'], { env })).trim();
      return new Answer(201, await treeBody(sha, false));
    } finally {
      rmSync(index, { force: true });
    }
  };

  const createCommit = async (body: Record<string, unknown>) => {
    const tree = objectName(body.tree);
    const parents = Array.isArray(body.parents) ? body.parents.map(objectName) : [];
    const author = body.author as { name?: unknown; email?: unknown; date?: unknown } | undefined;
    if (!tree || typeof body.message !== 'string' || parents.some((parent) => !parent)) return refusal(422, 'Invalid request.');
    if (author && (typeof author.name !== 'string' || typeof author.email !== 'string' || (author.date !== undefined && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(String(author.date))))) {
      return refusal(422, 'Invalid request.\n\nFor \'properties/author\', the value is not valid.');
    }
    // The committer is the key's owner, as on GitHub; this server's key belongs to "GitHub".
    const env = {
      GIT_COMMITTER_NAME: 'GitHub', GIT_COMMITTER_EMAIL: 'noreply@github.com',
      ...(author ? { GIT_AUTHOR_NAME: String(author.name), GIT_AUTHOR_EMAIL: String(author.email) } : { GIT_AUTHOR_NAME: 'GitHub', GIT_AUTHOR_EMAIL: 'noreply@github.com' }),
      ...(author?.date ? { GIT_AUTHOR_DATE: String(author.date) } : {}),
    };
    const sha = (await run(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', String(parent)]), '-F', '-'], { env, input: body.message })).trim();
    return new Answer(201, await commitBody(sha));
  };

  /** The list of commits (newest first) as the repository API shows them, for ?sha=&path=&per_page=&page= (from 1). */
  const listCommits = async (query: URLSearchParams) => {
    const from = query.get('sha') ?? 'HEAD';
    const perPage = Number(query.get('per_page') ?? 30);
    const page = Number(query.get('page') ?? 1);
    const path = query.get('path');
    const listed = await run(['--literal-pathspecs', 'log', `-${perPage}`, `--skip=${(page - 1) * perPage}`, '--format=%H', from, '--', ...(path ? [path] : [])]);
    const shas = listed.split('\n').filter(Boolean);
    return new Answer(200, await Promise.all(shas.map(async (sha) => {
      const made = await commitBody(sha);
      return {
        sha, node_id: made.node_id, url: `${api()}/commits/${sha}`, html_url: made.html_url, comments_url: `${api()}/commits/${sha}/comments`,
        commit: { author: made.author, committer: made.committer, message: made.message, tree: made.tree, url: made.url, comment_count: 0, verification: made.verification },
        author: null, committer: null, parents: made.parents,
      };
    })));
  };

  const route = async (method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): Promise<Answer> => {
    const prefix = `/repos/${owner}/${repo}`;
    if (!path.startsWith(`${prefix}/`)) return NOT_FOUND;
    const rest = path.slice(prefix.length);
    const ref = /^\/git\/refs?\/(heads\/.+)$/.exec(rest)?.[1];
    const named = /^\/git\/(blobs|trees|commits)\/([0-9a-f]{40})$/.exec(rest);
    if (method === 'GET' && ref && rest.startsWith('/git/ref/')) {
      const sha = (await git(bareRepo, ['rev-parse', '--verify', '--quiet', `refs/${ref}`])).stdout.trim();
      return sha ? new Answer(200, refBody(`refs/${ref}`, sha)) : NOT_FOUND;
    }
    if (method === 'PATCH' && ref && rest.startsWith('/git/refs/')) return updateRef(ref, body);
    if (method === 'POST' && rest === '/git/blobs') return createBlob(body);
    if (method === 'POST' && rest === '/git/trees') return createTree(body);
    if (method === 'POST' && rest === '/git/commits') return createCommit(body);
    if (method === 'GET' && rest === '/commits') return listCommits(query);
    if (method !== 'GET' || !named) return NOT_FOUND;
    const [, kind, sha] = named;
    if (kind === 'blobs') return getBlob(sha);
    const type = kind === 'trees' ? 'tree' : 'commit';
    // GitHub also takes a commit's name where a tree is asked for, and answers with the commit's tree.
    if (!(await exists(`${sha}^{${type}}`))) return NOT_FOUND;
    if (kind === 'commits') return new Answer(200, await commitBody(sha));
    const tree = (await run(['rev-parse', `${sha}^{tree}`])).trim();
    return new Answer(200, await treeBody(tree, query.get('recursive') !== null && query.get('recursive') !== '0'));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const address = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    requests.push({ method, path: `${address.pathname}${address.search}`, body });
    const authorization = request.headers.authorization ?? '';
    let answer: Answer;
    if (authorization !== `token ${options.token}` && authorization !== `Bearer ${options.token}`) {
      answer = refusal(401, 'Bad credentials');
    } else {
      try {
        const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
        answer = await route(method, decodeURIComponent(address.pathname), address.searchParams, fields);
      } catch (error) {
        answer = error instanceof Answer ? error : refusal(500, error instanceof Error ? error.message : String(error));
      }
    }
    const expires = fake.tokenExpires ? { 'github-authentication-token-expiration': fake.tokenExpires } : {};
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...expires });
    response.end(JSON.stringify(answer.body));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ message: String(error), documentation_url: DOCS }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeGitHub = {
    url,
    requests,
    tokenExpires: undefined,
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  };
  return fake;
}
