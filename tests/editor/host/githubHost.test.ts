import { expect, it } from 'vitest';
import { expiryOf, GITHUB_WORDS, githubFailed, GitHubHost } from '../../../server/editor/githubHost.ts';
import { AUTHOR, MESSAGE, PUBLISHED, hostContract } from './contract.ts';
import { startFakeGitHub, type FakeGitHub } from './fakeGitHub.ts';
import { bodyKeys, recorded, shapeOf } from './recordings.ts';
import { gitIn } from './repo.ts';

const TOKEN = 'ghp_website0key0for0tests0only000000000';
const WHERE = { owner: 'practice', repo: 'website', branch: 'main' };

let server: FakeGitHub;

hostContract('GitHubHost over a fake GitHub answering from a bare repository', async (repo) => {
  server = await startFakeGitHub({ bareRepo: repo.bare, token: TOKEN, owner: WHERE.owner, repo: WHERE.repo });
  return { host: new GitHubHost({ ...WHERE, token: TOKEN, baseUrl: server.url }), close: () => server.close() };
}, (subject) => {
  const main = () => gitIn(subject().repo.bare, ['rev-parse', 'refs/heads/main']).trim();
  const patches = () => server.requests.filter((request) => request.method === 'PATCH');

  /** A request to the fake server as GitHub's API would be asked, for its answer's shape. */
  async function call(method: string, path: string, body?: unknown, token = TOKEN): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${server.url}/repos/${WHERE.owner}/${WHERE.repo}${path}`, {
      method, headers: { authorization: `token ${token}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  }

  it('writes through the Git Data API only, and moves the branch once, never forced', async () => {
    const result = await subject().host.commit({ parent: subject().repo.seed, files: PUBLISHED, message: MESSAGE, author: AUTHOR });
    expect(result.ok).toBe(true);
    const writes = server.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);
    expect(writes).toEqual([
      'POST /repos/practice/website/git/blobs', 'POST /repos/practice/website/git/blobs', 'POST /repos/practice/website/git/trees',
      'POST /repos/practice/website/git/commits', 'PATCH /repos/practice/website/git/refs/heads%2Fmain',
    ]);
    expect(patches().map((request) => (request.body as { force?: unknown }).force)).toEqual([false]);
    const tree = server.requests.find((request) => request.path.endsWith('/git/trees'))?.body as { base_tree?: string };
    expect(tree.base_tree).toBe(gitIn(subject().repo.bare, ['rev-parse', `${subject().repo.seed}^{tree}`]).trim());
  });

  it('asks GitHub once for each version of a file however often it is read, and gives each reader its own bytes', async () => {
    const host = new GitHubHost({ ...WHERE, token: TOKEN, baseUrl: server.url });
    const blobsAsked = () => server.requests.filter((request) => request.method === 'GET' && request.path.includes('/git/blobs/')).length;
    const before = blobsAsked();
    const first = await host.read(subject().repo.seed, 'site.yaml');
    if (!first) throw new Error('site.yaml is missing');
    const written = new Uint8Array(first);
    first[0] ^= 1;
    expect(await host.read(subject().repo.seed, 'site.yaml')).toEqual(written);
    expect(blobsAsked() - before).toBe(1);
  });

  it('when the branch moved, asks once without force and does not ask again', async () => {
    subject().repo.publishElsewhere('site.yaml', 'practice:\n  name: Theirs\n');
    await subject().host.commit({ parent: subject().repo.seed, files: PUBLISHED, message: MESSAGE, author: AUTHOR });
    expect(patches().map((request) => (request.body as { force?: unknown }).force)).toEqual([false]);
  });

  it('with a wrong key: says so in plain words and leaves the branch alone', async () => {
    const wrong = new GitHubHost({ ...WHERE, token: 'ghp_expired', baseUrl: server.url });
    await expect(wrong.head()).rejects.toThrow(GITHUB_WORDS.keyRefused);
    await expect(wrong.read(subject().repo.seed, 'site.yaml')).rejects.toThrow(GITHUB_WORDS.keyRefused);
    await expect(wrong.commit({ parent: subject().repo.seed, files: PUBLISHED, message: MESSAGE, author: AUTHOR })).rejects.toThrow(GITHUB_WORDS.keyRefused);
    expect(main()).toBe(subject().repo.seed);
    expect(GITHUB_WORDS.keyRefused).toBe("GitHub refused the website's key (it may have expired or lack permission to write). Nothing was published; your work is kept as a draft. Tell the person who looks after the website.");
  });

  it('learns when its key expires from GitHub\'s header on an answer, and keeps what it last heard', async () => {
    const host = new GitHubHost({ ...WHERE, token: TOKEN, baseUrl: server.url });
    await host.head();
    expect(host.keyExpires()).toBeUndefined();
    server.tokenExpires = '2027-01-10 09:00:00 UTC';
    await host.head();
    expect(host.keyExpires()).toBe('2027-01-10T09:00:00Z');
    // An answer without it (GitHub's to an expired key is a refusal with none) leaves the last one known.
    server.tokenExpires = undefined;
    await host.read(subject().repo.seed, 'site.yaml');
    expect(host.keyExpires()).toBe('2027-01-10T09:00:00Z');
    expect([expiryOf('2027-10-12 09:00:00 UTC'), expiryOf('2027-10-12T09:00:00Z'), expiryOf(undefined)]).toEqual(['2027-10-12T09:00:00Z', undefined, undefined]);
  });

  it('when GitHub cannot be reached: says so in plain words', async () => {
    const gone = await startFakeGitHub({ bareRepo: subject().repo.bare, token: TOKEN, owner: WHERE.owner, repo: WHERE.repo });
    await gone.close();
    const host = new GitHubHost({ ...WHERE, token: TOKEN, baseUrl: gone.url });
    await expect(host.head()).rejects.toThrow(GITHUB_WORDS.unreachable);
    expect(GITHUB_WORDS.unreachable).toBe('GitHub could not be reached (the internet connection or GitHub itself may be down). Nothing was published; your work is kept as a draft. Try again in a few minutes.');
  });

  it('on an unknown branch: says the repository or branch is not there', async () => {
    const host = new GitHubHost({ ...WHERE, branch: 'gone', token: TOKEN, baseUrl: server.url });
    await expect(host.head()).rejects.toThrow(GITHUB_WORDS.notFound);
    await expect(subject().host.read('0123456789abcdef0123456789abcdef01234567', 'site.yaml')).rejects.toThrow(GITHUB_WORDS.notFound);
  });

  /*
   * The fake server's answers have the fields GitHub's recorded answers have, and the adapter's requests the fields
   * recorded requests have. Recorded in @octokit/fixtures: references (git-refs: GET git/refs, PATCH git/refs/...),
   * a commit object (create-file: the `commit` of a contents PUT is the Git Data API's commit, the same object as
   * GET and POST git/commits answer) and error bodies (branch-protection: a 404; errors: a 422 that adds `errors`
   * to list invalid fields, which a refused fast-forward has none of). No scenario records git/blobs, git/trees,
   * POST git/commits' request, or the commit list (GET /commits, the history): those follow GitHub's REST reference,
   * the list's authors checked against the recorded commit's.
   */
  it('answers with the shapes GitHub was recorded answering with', async () => {
    const { repo } = subject();
    const refs = recorded('git-refs', 'get', /\/git\/refs\/$/, 200).response as unknown[];
    expect(shapeOf((await call('GET', '/git/ref/heads%2Fmain')).body)).toEqual(shapeOf(refs[0]));

    const fileCommit = (recorded('create-file', 'put', /\/contents\/test\.txt$/, 201).response as { commit: unknown }).commit;
    const tree = gitIn(repo.bare, ['rev-parse', `${repo.seed}^{tree}`]).trim();
    const made = await call('POST', '/git/commits', { message: 'again', tree, parents: [repo.seed], author: { ...AUTHOR, date: '2024-04-01T08:00:00Z' } });
    expect(made.status).toBe(201);
    expect(shapeOf(made.body)).toEqual(shapeOf(fileCommit));
    expect(shapeOf((await call('GET', `/git/commits/${repo.seed}`)).body)).toEqual(shapeOf(fileCommit));

    // The commit list (GET /commits) is not recorded: its items' author and parents are shaped as a recorded commit's.
    const listed = (await call('GET', `/commits?sha=${repo.seed}&path=site.yaml&per_page=30`)).body as { commit: { author: unknown }; parents: unknown[] }[];
    const recordedCommit = fileCommit as { author: unknown; parents: unknown[] };
    expect(shapeOf(listed[0].commit.author)).toEqual(shapeOf(recordedCommit.author));
    expect(listed.length).toBe(1);

    const patch = recorded('git-refs', 'patch', /\/git\/refs\/heads\/test$/, 200);
    const moved = await call('PATCH', '/git/refs/heads%2Fmain', { sha: (made.body as { sha: string }).sha, force: false });
    expect(moved.status).toBe(patch.status);
    expect(shapeOf(moved.body)).toEqual(shapeOf(patch.response));

    const error = shapeOf(recorded('branch-protection', 'get', /\/protection$/, 404).response);
    const notForward = await call('PATCH', '/git/refs/heads%2Fmain', { sha: repo.seed, force: false });
    expect(notForward).toMatchObject({ status: 422, body: { message: 'Update is not a fast forward' } });
    expect(shapeOf(notForward.body)).toEqual(error);
    const validation = shapeOf(recorded('errors', 'post', /\/labels$/, 422).response) as Record<string, unknown>;
    expect(Object.keys(error as object).every((key) => key in validation)).toBe(true);
    expect(shapeOf((await call('GET', '/git/ref/heads%2Fmain', undefined, 'wrong')).body)).toEqual(error);
    expect(shapeOf((await call('GET', '/git/ref/heads%2Fgone')).body)).toEqual(error);

    // Forcing is refused here, whatever GitHub would do: the editor must never ask for it.
    expect((await call('PATCH', '/git/refs/heads%2Fmain', { sha: repo.seed, force: true })).status).toBe(422);
  });

  it('asks with the fields GitHub was recorded being asked with', async () => {
    await subject().host.commit({ parent: subject().repo.seed, files: PUBLISHED, message: MESSAGE, author: AUTHOR });
    const patch = recorded('git-refs', 'patch', /\/git\/refs\/heads\/test$/, 200);
    // The recording left `force` out (GitHub's default, false); the adapter says it, so a refusal is never a surprise.
    expect(patches().map((request) => bodyKeys(request.body))).toEqual([[...bodyKeys(patch.body), 'force'].sort()]);
  });
});

/** A GitHub that gives every request the same answer, and keeps what it was asked. */
function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const asked: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    asked.push(new Request(input, init));
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json; charset=utf-8', ...headers } });
  };
  return { asked, host: new GitHubHost({ ...WHERE, token: TOKEN, baseUrl: 'https://github.example/api/v3/', request: { fetch } }) };
}

it('asks with GitHub\'s own headers: its media type, the API version, the key as a bearer token, and who asks', async () => {
  const sha = 'a'.repeat(40);
  const github = answering(200, { ref: 'refs/heads/main', object: { sha, type: 'commit' } });
  expect(await github.host.head()).toBe(sha);
  const [request] = github.asked;
  expect(request.url).toBe('https://github.example/api/v3/repos/practice/website/git/ref/heads%2Fmain');
  expect(Object.fromEntries(request.headers)).toEqual({
    accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', authorization: `Bearer ${TOKEN}`, 'user-agent': 'practice-site-editor',
  });
});

it('says in words each refusal GitHub gives: too many requests, a key refused, a failure of its own, and the rest with what it said', async () => {
  const refusals: [number, unknown, Record<string, string>, string][] = [
    [429, { message: 'Too many requests' }, {}, GITHUB_WORDS.busy],
    [403, { message: 'API rate limit exceeded for user ID 1.' }, { 'x-ratelimit-remaining': '0' }, GITHUB_WORDS.busy],
    [403, { message: 'You have exceeded a secondary rate limit.' }, { 'retry-after': '60' }, GITHUB_WORDS.busy],
    [403, { message: 'Resource not accessible by personal access token' }, { 'x-ratelimit-remaining': '4999' }, GITHUB_WORDS.keyRefused],
    [502, 'Bad Gateway', {}, GITHUB_WORDS.unreachable],
    [409, { message: 'Git Repository is empty.' }, {}, githubFailed(409, 'Git Repository is empty.')],
    [400, 'Problems parsing JSON', {}, githubFailed(400, 'Problems parsing JSON')],
  ];
  for (const [status, body, headers, words] of refusals) {
    await expect(answering(status, body, headers).host.head(), `${status} ${JSON.stringify(body)}`).rejects.toThrow(words);
  }
});
