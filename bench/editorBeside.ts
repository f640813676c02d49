/**
 * The bench's figures for the staff editor under load: `npm start` on a copy of the practice (a git repository with a
 * bare remote standing in for the website's), signed in through the address it prints, then the heaviest requests
 * the editor takes within its limits, each timed, while a page of the site is asked for every few milliseconds beside
 * it: the slowest page answer says whether the editor's work holds up the pages. A colleague's light request (the
 * draft, as each screen of the editor asks for it) is sent beside it the same way: the slowest says how long one
 * person waits behind another's work (target: under 1 s).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseDocument } from 'yaml';
import { startSiteProcess } from '../server/local/startProcess.ts';

export interface BesideFigure { request: string; status: number; ms: number; pages: number; slowestPageMs: number; slowestColleagueMs?: number }

/** A copy of the practice in a repository of its own, with a bare remote. */
function practiceCopy(siteFile: string): { dir: string; siteFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-editor-'));
  const work = join(dir, 'work');
  mkdirSync(work);
  for (const part of ['site.yaml', 'public', 'documents']) {
    const from = join(dirname(siteFile), part);
    if (existsSync(from)) cpSync(from, join(work, part), { recursive: true });
  }
  const git = (args: string[], cwd = work) => execFileSync('git', args, { cwd, stdio: 'ignore', env: { ...process.env, GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@example.org', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@example.org' } });
  git(['init', '-q', '-b', 'main']);
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'The practice']);
  git(['init', '-q', '--bare', '-b', 'main', join(dir, 'remote.git')], dir);
  git(['remote', 'add', 'origin', join(dir, 'remote.git')]);
  git(['push', '-q', 'origin', 'main']);
  git(['branch', '-q', '--set-upstream-to', 'origin/main']);
  return { dir, siteFile: join(work, 'site.yaml') };
}

/** The site file with news entries added until it is about `bytes` long: the most the editor reads in one save. */
function grown(text: string, bytes: number): string {
  const news = (parseDocument(text).toJS() as { entities: { news: Record<string, unknown>[] } }).entities.news;
  const lines: string[] = [];
  for (let i = 0; text.length + lines.join('\n').length < bytes; i++) lines.push(`    - ${JSON.stringify({ ...news[0], id: `bench-${i}`, title: `Bench item ${i}` })}`);
  return text.replace(/^ {2}news:\n/m, `  news:\n${lines.join('\n')}\n`);
}

export async function measureEditorBeside(siteFile: string, distDir: string): Promise<BesideFigure[]> {
  const copy = practiceCopy(siteFile);
  const site = await startSiteProcess({ siteFile: copy.siteFile, distDir, dataDir: join(copy.dir, 'data') });
  try {
    const fn = `${site.origin}/functions/v1/site-editor/`;
    const token = new URL(await site.nextSignIn()).hash.replace('#sign-in=', '');
    const signIn = await fetch(fn + 'local-sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, name: 'Bench Person', email: 'bench@practice.example' }) });
    const { access_token: access } = await signIn.json() as { access_token: string };
    const headers = { authorization: `Bearer ${access}`, 'content-type': 'application/json', origin: site.origin };
    const doc = await (await fetch(fn + 'document', { headers })).json() as { text: string; hash: string };
    const text = readFileSync(copy.siteFile, 'utf8');
    const requests: [string, string, unknown][] = [
      ['markdown, 20,000 characters of 6,000 paragraphs', 'markdown', { text: 'a\n\n'.repeat(6000).slice(0, 20_000) }],
      ['markdown, 20,000 characters of emphasis runs', 'markdown', { text: '_a*'.repeat(6666) }],
      ['save, the site file grown to 900 KB', 'save-text', { text: grown(text, 900 * 1024), hash: doc.hash }],
      ['check, the site file as it is', 'check', { text }],
    ];
    // The editor's thread loads the checker on its first request, and the server compresses a page on its first: not
    // what is measured.
    await (await fetch(fn + 'check', { method: 'POST', headers, body: JSON.stringify({ text }) })).arrayBuffer();
    await (await fetch(`${site.origin}/`)).arrayBuffer();
    const figures: BesideFigure[] = [];
    for (const [label, action, body] of requests) {
      let busy = true;
      /** Asks for `url` every few ms while the heavy request runs; the times of the answers. */
      const beside = (url: string, init: RequestInit = {}) => {
        const times: number[] = [];
        const done = (async () => {
          while (busy) {
            const started = performance.now();
            await (await fetch(url, init)).arrayBuffer();
            times.push(performance.now() - started);
            await new Promise((r) => setTimeout(r, 5));
          }
        })();
        return { times, done };
      };
      const page = beside(`${site.origin}/`);
      const colleague = beside(fn + 'document', { headers });
      const started = performance.now();
      const answer = await fetch(fn + action, { method: 'POST', headers, body: JSON.stringify(body) });
      await answer.arrayBuffer();
      const ms = performance.now() - started;
      busy = false;
      await Promise.all([page.done, colleague.done]);
      figures.push({
        request: label, status: answer.status, ms: Math.round(ms), pages: page.times.length,
        slowestPageMs: Math.round(Math.max(...page.times)), slowestColleagueMs: Math.round(Math.max(...colleague.times)),
      });
    }
    return figures;
  } finally {
    await site.stop();
    rmSync(copy.dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [siteFile, distDir] = process.argv.slice(2);
  if (!siteFile || !distDir) throw new Error('Usage: tsx bench/editorBeside.ts <site.yaml> <dist folder to build into>');
  for (const figure of await measureEditorBeside(siteFile, distDir)) console.log(JSON.stringify(figure));
}
