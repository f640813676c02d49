/**
 * What a deploy sends to Supabase: each function whose deployed version is not this commit's. The functions are
 * stood in for by a local server that serves the real handlers' version route, each with the version its last
 * "deploy" stamped; the repository is a copy of the files the functions' graphs hold, so a test can change one.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSiteEditorHandler } from '../../server/editor/hostedHandler.ts';
import { deployScope, functionGraph, functionNames, functionVersion, reportedVersion, stampVersion, VERSION_MODULE } from '../../scripts/deployScope.ts';
import { DEPLOYED_VERSION } from '../../server/deployedVersion.ts';
import type { EditorDb } from '../../server/editor/editorDb.ts';
import type { GitHost } from '../../server/editor/gitHost.ts';
import { createFeedbackHandler } from '../../server/feedback/handler.ts';

const root = resolve(import.meta.dirname, '..', '..');
const ORIGIN = 'https://www.practice.example';

/** A part the version route must never use: any use of it throws, so the answer would be a 500. */
const untouched = <T extends object>(what: string): T => new Proxy({} as T, {
  get: (_, key) => () => { throw new Error(`The version route used the ${what} (${String(key)}).`); },
});

/**
 * The project's functions as Supabase serves them, at /functions/v1/<name>/...: the real handlers, each answering the
 * version it was deployed with, or 404 as Supabase answers for a function it does not have.
 */
class DeployedFunctions {
  readonly versions = new Map<string, string>();
  private server: Server | undefined;
  url = '';

  private handlerOf(name: string): ((request: Request) => Promise<Response>) | undefined {
    const version = this.versions.get(name);
    if (version === undefined) return undefined;
    if (name === 'send-feedback') {
      return createFeedbackHandler({
        store: untouched('feedback store'), allowedOrigins: [ORIGIN], rateLimit: 0, rateLimitSalt: 'salt', clientAddress: () => null, version,
      });
    }
    return createSiteEditorHandler({
      secret: 'a-secret-for-the-stand-in-0123456789', db: untouched<EditorDb>('database'), host: untouched<GitHost>('Git host'),
      siteFile: 'site.yaml', allowedOrigins: [ORIGIN], version,
    });
  }

  async start() {
    this.server = createServer((req, res) => {
      const handler = this.handlerOf(/^\/functions\/v1\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '');
      if (!handler) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"NOT_FOUND","message":"Requested function was not found"}');
        return;
      }
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
      void handler(new Request(`${this.url.replace(/\/functions\/v1$/, '')}${req.url}`, { method: req.method, headers })).then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/functions/v1`;
  }

  close() {
    return new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }
}

/** A copy of the files the functions' graphs hold, and config.toml: a repository a test may change. */
function copyOfRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-scope-'));
  const files = new Set(['supabase/config.toml', ...functionNames().flatMap((name) => [...functionGraph(name)])]);
  for (const file of files) cpSync(join(root, file), join(dir, file), { recursive: true });
  return dir;
}

const edit = (dir: string, file: string) => writeFileSync(join(dir, file), `${readFileSync(join(dir, file), 'utf8')}\n// changed\n`);

/** What the workflow does for each function to deploy: stamp its version, then deploy it (or fail to). */
function deploy(dir: string, deployed: DeployedFunctions, name: string, { fails = false } = {}) {
  stampVersion(name, dir);
  const stamped = /DEPLOYED_VERSION = '([^']*)'/.exec(readFileSync(join(dir, VERSION_MODULE), 'utf8'))?.[1];
  if (!fails && stamped) deployed.versions.set(name, stamped);
}

const toDeploy = async (dir: string, deployed: DeployedFunctions) =>
  (await deployScope(deployed.url, dir)).filter((verdict) => verdict.deploy).map((verdict) => verdict.name);

let dir: string;
const deployed = new DeployedFunctions();
beforeAll(async () => { await deployed.start(); });
afterAll(async () => { await deployed.close(); });
beforeEach((context) => {
  dir = copyOfRepository();
  deployed.versions.clear();
  context.onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
});

describe('a function\'s module graph', () => {
  it('holds every file a function imports, however far, and the files config.toml says it reads', () => {
    const editor = functionGraph('site-editor');
    for (const file of ['supabase/functions/site-editor/index.ts', 'server/editor/hostedHandler.ts', 'src/content/checks/index.ts', 'src/content/checks/links.ts', 'supabase/functions/site-editor/deno.lock', VERSION_MODULE]) {
      expect(editor.has(file), file).toBe(true);
    }
    // The feedback function shares the form's rules and the one definition of invisible characters with the site,
    // and nothing else of it; the rest is its own entry and the feedback core.
    const feedback = [...functionGraph('send-feedback')];
    expect(feedback.filter((file) => !/^(supabase\/functions|server)\//.test(file)).sort()).toEqual(['src/content/feedbackRules.ts', 'src/content/invisible.ts']);
    expect(feedback.filter((file) => file.startsWith('server/') && !file.startsWith('server/feedback/')).sort()).toEqual([VERSION_MODULE, 'server/serverKey.ts']);
    expect(functionNames()).toEqual(['send-feedback', 'site-editor']);
  });
});

describe('a function\'s version', () => {
  it('is a short hash of what is deployed, the same from any folder, and not changed by stamping it', () => {
    const version = functionVersion('site-editor', dir);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(functionVersion('site-editor')).toBe(version);
    expect(functionVersion('send-feedback', dir)).not.toBe(version);
    expect(stampVersion('site-editor', dir)).toBe(version);
    expect(readFileSync(join(dir, VERSION_MODULE), 'utf8')).toContain(`export const DEPLOYED_VERSION = '${version}';`);
    expect(functionVersion('site-editor', dir)).toBe(version);
  });

  it('changes with a file of its graph or its settings in config.toml, and not with another file or a comment', () => {
    const before = { editor: functionVersion('site-editor', dir), feedback: functionVersion('send-feedback', dir) };
    edit(dir, 'src/content/checks/links.ts');
    expect(functionVersion('site-editor', dir)).not.toBe(before.editor);
    expect(functionVersion('send-feedback', dir)).toBe(before.feedback);

    const config = join(dir, 'supabase/config.toml');
    const text = readFileSync(config, 'utf8');
    writeFileSync(config, text.replace('[functions.send-feedback]\n', '[functions.send-feedback]\n# a comment\n\n'));
    expect(functionVersion('send-feedback', dir)).toBe(before.feedback);
    writeFileSync(config, text.replace('[functions.send-feedback]\nverify_jwt = false', '[functions.send-feedback]\nverify_jwt = true'));
    expect(functionVersion('send-feedback', dir)).not.toBe(before.feedback);
  });

  it('is stamped only for a function that exists, into a module that has the line to write', () => {
    expect(() => stampVersion('send-feedbak', dir)).toThrow('There is no function "send-feedbak" in supabase/functions: the functions are send-feedback, site-editor.');
    writeFileSync(join(dir, VERSION_MODULE), 'export const SOMETHING = 1;\n');
    expect(() => stampVersion('site-editor', dir)).toThrow(`${VERSION_MODULE} has no line "export const DEPLOYED_VERSION = '...';"`);
  });
});

describe('what a deploy sends', () => {
  it('deploys every function to a project that has none, then nothing while they run this version', async () => {
    const verdicts = await deployScope(deployed.url, dir);
    expect(verdicts.map((v) => [v.name, v.deploy])).toEqual([['send-feedback', true], ['site-editor', true]]);
    expect(verdicts[0].why).toBe(`send-feedback did not say its version at ${deployed.url}/send-feedback/version (it answered 404): deploy it (version ${functionVersion('send-feedback', dir)}).`);
    for (const name of functionNames(dir)) deploy(dir, deployed, name);
    const again = await deployScope(deployed.url, dir);
    expect(again.map((v) => v.deploy)).toEqual([false, false]);
    expect(again[1].why).toBe(`site-editor already runs this commit's version (${functionVersion('site-editor', dir)}).`);
  });

  it('deploys only the function whose graph holds a changed file; both for a file they share', async () => {
    for (const name of functionNames(dir)) deploy(dir, deployed, name);
    edit(dir, 'src/content/checks/links.ts');
    expect(await toDeploy(dir, deployed)).toEqual(['site-editor']);
    deploy(dir, deployed, 'site-editor');
    expect(await toDeploy(dir, deployed)).toEqual([]);
    edit(dir, 'src/content/feedbackRules.ts');
    expect(await toDeploy(dir, deployed)).toEqual(['send-feedback', 'site-editor']);
  });

  it('deploys again, with no file changed, a function whose last deploy failed', async () => {
    for (const name of functionNames(dir)) deploy(dir, deployed, name);
    const old = deployed.versions.get('send-feedback');
    edit(dir, 'supabase/functions/send-feedback/index.ts');
    expect(await toDeploy(dir, deployed)).toEqual(['send-feedback']);
    deploy(dir, deployed, 'send-feedback', { fails: true });
    expect(deployed.versions.get('send-feedback')).toBe(old);
    // The next run: nothing changed since, and the function still runs the old version.
    const next = await deployScope(deployed.url, dir);
    expect(next.filter((v) => v.deploy).map((v) => v.why)).toEqual([`send-feedback runs version ${old}, this commit's is ${functionVersion('send-feedback', dir)}: deploy it.`]);
    deploy(dir, deployed, 'send-feedback');
    expect(await toDeploy(dir, deployed)).toEqual([]);
  });

  it('deploys a function that answers the words of a copy the workflow did not stamp, or cannot be reached', async () => {
    for (const name of functionNames(dir)) deploy(dir, deployed, name);
    deployed.versions.set('site-editor', DEPLOYED_VERSION);
    expect(await toDeploy(dir, deployed)).toEqual(['site-editor']);
    const closed = new DeployedFunctions();
    await closed.start();
    await closed.close();
    const verdicts = await deployScope(closed.url, dir);
    expect(verdicts.map((v) => v.deploy)).toEqual([true, true]);
    expect(verdicts[0].why).toMatch(new RegExp(`^send-feedback could not be reached at ${closed.url}/send-feedback/version \\(.+\\): deploy it`));
  });

  it('asks each function with no sign-in, and the version route opens nothing else', async () => {
    deployed.versions.set('site-editor', 'v1');
    deployed.versions.set('send-feedback', 'v2');
    expect(await reportedVersion(deployed.url, 'site-editor')).toEqual({ version: 'v1' });
    expect(await reportedVersion(`${deployed.url}/`, 'send-feedback')).toEqual({ version: 'v2' });
    deployed.versions.set('send-feedback', '::error::line one\nline two');
    expect(await reportedVersion(deployed.url, 'send-feedback')).toEqual({ problem: `did not say its version at ${deployed.url}/send-feedback/version (it answered 200)` });
    expect(await reportedVersion(deployed.url, 'nothing-here')).toEqual({ problem: `did not say its version at ${deployed.url}/nothing-here/version (it answered 404)` });
    const editor = createSiteEditorHandler({ secret: 'a-secret-for-the-stand-in-0123456789', db: untouched<EditorDb>('database'), host: untouched<GitHost>('Git host'), siteFile: 'site.yaml', allowedOrigins: [ORIGIN] });
    const fn = 'https://ref.supabase.co/site-editor/';
    // A server that can hold a body back asks admit first: the version needs no sign-in, its neighbours do.
    expect(await editor.admit(new Request(`${fn}version`))).toBeNull();
    expect((await editor.admit(new Request(`${fn}version`, { method: 'POST' })))?.status).toBe(401);
    expect((await editor.admit(new Request(`${fn}version/x`)))?.status).toBe(401);
    expect((await editor.admit(new Request(`${fn}version`, { headers: { origin: 'https://elsewhere.example' } })))?.status).toBe(403);
    expect(await (await editor(new Request(`${fn}version`))).json()).toEqual({ version: DEPLOYED_VERSION });
  });

  it('prints a line for $GITHUB_OUTPUT, and why on standard error', async () => {
    for (const name of functionNames()) deployed.versions.set(name, functionVersion(name));
    deployed.versions.delete('send-feedback');
    // Not waited for in this process, so that the stand-in here answers while the command asks.
    const run = (...args: string[]) => promisify(execFile)(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/deployScope.ts', ...args], { cwd: root, encoding: 'utf8' });
    const { stdout, stderr } = await run(deployed.url);
    expect(stdout).toBe('functions=send-feedback\n');
    expect(stderr).toContain(`site-editor already runs this commit's version (${functionVersion('site-editor')}).`);
    await expect(run('main')).rejects.toMatchObject({ code: 1, stderr: "Give the project's functions address (https://<project ref>.supabase.co/functions/v1), or --stamp and a function's name.\n" });
  });
});
