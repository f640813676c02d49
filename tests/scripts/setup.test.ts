/**
 * `npm run setup` against stand-ins of the platforms on this computer (tests/scripts/setupStandIns.ts), Supabase Auth
 * (whose e-mails go through the settings setup sent, to a mail provider's stand-in): a run from nothing, a second run
 * that changes nothing, a run that stops half-way and is carried on, and --dry-run, which changes nothing. Then the
 * deploy's `supabase config push`, run by the pinned Supabase CLI itself, on the project setup left.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { limit } from '../../bench/machineSpeed.ts';
import { answerProblems, type Answers } from '../../scripts/setup/questions.ts';
import { runSetup, type SetupResult } from '../../scripts/setup/run.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../editor/hosted/smtpStandIn.ts';
import { startSupabaseStandIn, type SupabaseStandIn } from '../editor/hosted/supabaseStandIn.ts';
import { startSetupStandIns, type SetupStandIns } from './setupStandIns.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SITE = 'https://www.saltbushbaymedical.com.au';

interface World { platforms: SetupStandIns; auth: SupabaseStandIn; smtp: SmtpStandIn; folder: string; statePath: string; answers: Answers; said: string[] }
const worlds: World[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) {
    await world.platforms.close();
    await world.auth.close();
    await world.smtp.close();
    rmSync(world.folder, { recursive: true, force: true });
  }
});

async function world(): Promise<World> {
  const smtp = await startSmtpStandIn({ user: 'resend', pass: 'the-providers-api-key' });
  let platforms: SetupStandIns | undefined;
  const auth = await startSupabaseStandIn({ secret: 'the-projects-jwt-secret-at-least-32-characters-long', siteOrigin: SITE, functions: {}, mail: () => platforms?.mail() });
  platforms = await startSetupStandIns({ secretKey: auth.secretKey, smtpPort: smtp.port });
  const folder = mkdtempSync(join(tmpdir(), 'setup-'));
  const made: World = {
    platforms, auth, smtp, folder, statePath: join(folder, '.data', 'setup.json'), said: [],
    answers: {
      supabaseToken: platforms.tokens.supabase, githubRepository: 'saltbush-bay/website', githubSetupToken: platforms.tokens.github,
      githubFunctionToken: 'github_pat_contents_only', netlifyToken: platforms.tokens.netlify, siteAddress: SITE,
      managerName: 'Karen Mills', managerEmail: 'karen@saltbushbaymedical.com.au',
      smtpHost: 'smtp.resend.com', smtpUser: 'resend', smtpPass: 'the-providers-api-key', smtpSender: 'website@saltbushbaymedical.com.au',
    },
  };
  worlds.push(made);
  return made;
}

const setup = (w: World, dryRun = false, answers = w.answers): Promise<SetupResult> => runSetup({
  answers, dryRun, statePath: w.statePath, pollMs: 1, say: (line) => void w.said.push(line),
  endpoints: { supabaseApi: `${w.platforms.url}/supabase`, projectUrl: () => w.auth.url, github: `${w.platforms.url}/github`, netlify: `${w.platforms.url}/netlify` },
});
const results = (r: SetupResult) => r.steps.map((s) => s.result);

/** Everything a finished setup leaves on the platforms. */
function expectSetUp(w: World) {
  const { platforms } = w;
  expect(platforms.supabase.projects).toHaveLength(1);
  const [project] = platforms.supabase.projects;
  expect(project).toMatchObject({ name: 'practice-site', organization_id: 'org-saltbush', region: 'ap-southeast-2', status: 'ACTIVE_HEALTHY' });
  expect(platforms.supabase.auth).toMatchObject({
    site_url: SITE, uri_allow_list: `${SITE}/admin/`, disable_signup: true, external_anonymous_users_enabled: false,
    smtp_host: 'smtp.resend.com', smtp_port: '587', smtp_user: 'resend', smtp_pass: 'the-providers-api-key', smtp_admin_email: 'website@saltbushbaymedical.com.au',
    mailer_otp_length: 6, mailer_otp_exp: 3600,
    mailer_templates_magic_link_content: readFileSync(join(ROOT, 'supabase', 'templates', 'sign-in.html'), 'utf8'),
    mailer_templates_invite_content: readFileSync(join(ROOT, 'supabase', 'templates', 'invite.html'), 'utf8'),
  });
  const functionSecrets = Object.fromEntries(platforms.supabase.secrets);
  expect(functionSecrets).toMatchObject({ GITHUB_TOKEN: 'github_pat_contents_only', GITHUB_REPOSITORY: 'saltbush-bay/website', GITHUB_BRANCH: 'main', EDITOR_ALLOWED_ORIGINS: SITE, FEEDBACK_ALLOWED_ORIGINS: SITE });
  expect(functionSecrets.FEEDBACK_RATE_LIMIT_SALT).toMatch(/^[0-9a-f]{64}$/);
  expect(platforms.netlify.sites).toEqual([{ id: expect.any(String), name: 'saltbushbaymedical-com-au', custom_domain: 'www.saltbushbaymedical.com.au' }]);
  // The repository's secrets as GitHub opened them: what the deploy workflow builds and deploys with.
  expect(Object.fromEntries(platforms.github.secrets)).toEqual({
    SUPABASE_ACCESS_TOKEN: platforms.tokens.supabase, SUPABASE_PROJECT_REF: project.id, SUPABASE_DB_PASSWORD: project.dbPass,
    VITE_SUPABASE_URL: w.auth.url, VITE_SUPABASE_ANON_KEY: 'sb_publishable_standin',
    NETLIFY_AUTH_TOKEN: platforms.tokens.netlify, NETLIFY_SITE_ID: platforms.netlify.sites[0].id,
    SMTP_HOST: 'smtp.resend.com', SMTP_USER: 'resend', SMTP_PASS: 'the-providers-api-key', SMTP_SENDER: 'website@saltbushbaymedical.com.au',
  });
  expect(platforms.github.dispatches).toEqual([{ ref: 'main' }]);
  // The manager's invitation went through the mail provider setup gave the project, from its sender, in its words.
  const invitations = w.smtp.messages.filter((m) => m.to.includes('karen@saltbushbaymedical.com.au'));
  expect(invitations).toHaveLength(1);
  expect(invitations[0].from).toBe('website@saltbushbaymedical.com.au');
  expect(invitations[0].data).toContain(`open ${SITE}/admin/ and type your e-mail address`);
}

describe('npm run setup', () => {
  it('sets a practice up from nothing, and a second run changes nothing', async () => {
    const w = await world();
    const first = await setup(w);
    expect(first.ok).toBe(true);
    expect(results(first)).toEqual(['done', 'already', 'done', 'done', 'done', 'done', 'done', 'done']);
    expectSetUp(w);
    expect(w.said.slice(-5)).toEqual([
      `The editor will be at ${SITE}/admin/ once the deploy has finished (a few minutes: see the repository's Actions tab).`,
      'Left for you:',
      '  - Point the domain www.saltbushbaymedical.com.au at Netlify (Netlify > Domain management shows the records to add at the domain\'s registrar).',
      '  - Note in the calendar the day the GitHub key for the editor expires: /admin warns the practice manager 14 days before.',
      '  - The practice manager opens the invitation sent to karen@saltbushbaymedical.com.au, and invites colleagues from People.',
    ]);
    // Kept for the next run, readable by this computer's user alone.
    expect(statSync(w.statePath).mode & 0o777).toBe(0o600);

    const writes = w.platforms.writes.length;
    const mails = w.smtp.messages.length;
    const again = await setup(w);
    expect(again.ok).toBe(true);
    expect(results(again)).toEqual(Array(8).fill('already'));
    expect(w.platforms.writes.slice(writes)).toEqual([]);
    expect(w.smtp.messages).toHaveLength(mails);
    expectSetUp(w);
  });

  it('stops at a platform\'s fault with what to do, and a second run carries on from there', async () => {
    const w = await world();
    w.platforms.failNext('POST', /\/secrets$/, 503);
    const stopped = await setup(w);
    expect(stopped.ok).toBe(false);
    expect(results(stopped)).toEqual(['done', 'already', 'done', 'failed']);
    const ref = w.platforms.supabase.projects[0].id;
    expect(w.said.at(-1)).toBe(`    stopped: Supabase refused POST /supabase/v1/projects/${ref}/secrets (503: An internal error occurred). Run npm run setup again in a few minutes: it carries on from here.`);
    expect(w.platforms.github.secrets.size).toBe(0);

    const resumed = await setup(w);
    expect(resumed.ok).toBe(true);
    expect(results(resumed)).toEqual(['already', 'already', 'already', 'done', 'done', 'done', 'done', 'done']);
    expectSetUp(w);
  });

  it('with --dry-run changes nothing and prints each call that would; after a setup, none would', async () => {
    const w = await world();
    const dry = await setup(w, true);
    expect(dry.ok).toBe(true);
    expect(w.platforms.writes).toEqual([]);
    expect(existsSync(w.statePath)).toBe(false);
    expect(dry.made.filter((m) => m.startsWith('would'))).toEqual([`would POST ${w.platforms.url}/supabase/v1/projects`, `would POST ${w.platforms.url}/netlify/api/v1/sites`,
      ...['SUPABASE_ACCESS_TOKEN', 'SUPABASE_PROJECT_REF', 'SUPABASE_DB_PASSWORD', 'VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY', 'NETLIFY_AUTH_TOKEN', 'NETLIFY_SITE_ID', 'SMTP_HOST', 'SMTP_USER', 'SMTP_PASS', 'SMTP_SENDER']
        .map((name) => `would PUT ${w.platforms.url}/github/repos/saltbush-bay/website/actions/secrets/${name}`),
      `would POST ${w.platforms.url}/github/repos/saltbush-bay/website/actions/workflows/deploy.yml/dispatches`]);
    expect(w.said).toContain('Nothing was changed (--dry-run).');

    await setup(w);
    const after = await setup(w, true);
    expect(after.made.filter((m) => m.startsWith('would'))).toEqual([]);
    expect(results(after)).toEqual(Array(8).fill('already'));
  });

  it('says which key was refused and what to do, and checks the answers before it starts', async () => {
    const w = await world();
    const refused = await setup(w, false, { ...w.answers, netlifyToken: 'nfp_expired' });
    expect(results(refused)).toEqual(['done', 'already', 'done', 'done', 'failed']);
    expect(w.said.at(-1)).toBe('    stopped: Netlify refused GET /netlify/api/v1/sites (401: Access Denied: your token is invalid). The Netlify access token is wrong or has expired: make a new one (EDITING.md, "Going live"), then run npm run setup again.');
    expect(answerProblems({ ...w.answers, siteAddress: 'www.saltbushbaymedical.com.au/', managerEmail: 'karen', supabaseToken: '' })).toEqual([
      'Supabase access token: not given (Supabase > Account > Access tokens > Generate new token).',
      'The website\'s address: Type the address as https://www.(the practice\'s domain), with nothing after it.',
      'The practice manager\'s e-mail address: karen is not an e-mail address: type the practice manager\'s address.',
    ]);
    expect(answerProblems(w.answers)).toEqual([]);
  });

  it('as a command, reads answers from a file and refuses to start, in words, when they cannot be right', () => {
    const folder = mkdtempSync(join(tmpdir(), 'setup-answers-'));
    try {
      const file = join(folder, 'answers.json');
      writeFileSync(file, JSON.stringify({ supabaseToken: 'sbp_x', githubRepository: 'saltbush-bay', siteAddress: 'https://www.saltbushbaymedical.com.au' }));
      const ran = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'setup.ts'), '--dry-run', '--answers', file], { cwd: ROOT, encoding: 'utf8' });
      expect(ran.status).toBe(1);
      expect(ran.stderr).toContain('Setup cannot start:\n  - GitHub repository of the website (owner/name): Type the owner and the name with a slash between them, e.g. saltbush-bay/website.\n  - GitHub key for setting up: not given');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** The deploy workflow's own line that pushes the settings (.github/workflows/deploy.yml, the backend job). */
function deployConfigPush(): string {
  const deploy = parse(readFileSync(join(ROOT, '.github', 'workflows', 'deploy.yml'), 'utf8')) as { jobs: { backend: { steps: { run?: string }[] } } };
  const lines = deploy.jobs.backend.steps.flatMap((step) => (step.run ?? '').split('\n')).map((line) => line.trim());
  const push = lines.filter((line) => line.startsWith('supabase config push'));
  expect(push).toHaveLength(1);
  return push[0];
}

/**
 * Runs the deploy's `supabase config push` with the CLI package.json pins (the one deploy.yml runs), in a copy of the
 * repository's supabase/ folder, against the management API's stand-in (a CLI profile points it there), with the
 * repository's secrets as the workflow gives them.
 */
async function pushConfig(w: World, folder: string, smtpPass = w.answers.smtpPass): Promise<{ status: number | null; said: string }> {
  const profile = join(folder, 'stand-in-profile.yaml');
  writeFileSync(profile, `name: stand-in\napi_url: ${w.platforms.url}/supabase\nproject_host: 127.0.0.1\ndashboard_url: ${w.platforms.url}/dashboard\n`);
  // Not spawnSync: the stand-ins answer from this process.
  const cli = spawn('bash', ['-c', deployConfigPush()], {
    cwd: folder, timeout: limit(60_000),
    env: {
      PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`, HOME: folder, CI: 'true', SUPABASE_PROFILE: profile,
      SUPABASE_ACCESS_TOKEN: w.platforms.tokens.supabase, SUPABASE_PROJECT_REF: w.platforms.supabase.projects[0].id,
      SMTP_HOST: w.answers.smtpHost, SMTP_USER: w.answers.smtpUser, SMTP_PASS: smtpPass, SMTP_SENDER: w.answers.smtpSender,
    },
  });
  let said = '';
  cli.stdout.on('data', (chunk: Buffer) => { said += chunk.toString('utf8'); });
  cli.stderr.on('data', (chunk: Buffer) => { said += chunk.toString('utf8'); });
  const [status] = await once(cli, 'close') as [number | null];
  return { status, said };
}

describe('the deploy\'s supabase config push, by the pinned Supabase CLI, on the project setup left', () => {
  it('finds nothing to change; a changed e-mail subject or a new provider key is pushed alone, and the website\'s address stays', async () => {
    const w = await world();
    expect((await setup(w)).ok).toBe(true);
    const copy = join(w.folder, 'repository');
    mkdirSync(copy);
    cpSync(join(ROOT, 'supabase', 'config.toml'), join(copy, 'supabase', 'config.toml'));
    cpSync(join(ROOT, 'supabase', 'templates'), join(copy, 'supabase', 'templates'), { recursive: true });
    const settingsWrite = `PATCH /supabase/v1/projects/${w.platforms.supabase.projects[0].id}/config/auth`;

    // setup sent config.toml's settings as the CLI reads them: the CLI finds every one already so.
    let writes = w.platforms.writes.length;
    const first = await pushConfig(w, copy);
    expect(first.said).toContain('Remote Auth config is up to date.');
    expect(first.status).toBe(0);
    expect(w.platforms.writes.slice(writes)).toEqual([]);

    // A subject reworded in config.toml is the one setting the next deploy sends; the address setup gave stays.
    const before = { ...w.platforms.supabase.auth };
    const config = join(copy, 'supabase', 'config.toml');
    // Whatever config.toml says now, the subject becomes another: a reworded subject here never fails this test.
    const reworded = readFileSync(config, 'utf8').replace(/(\[auth\.email\.template\.magic_link\]\nsubject = )"[^"]*"/, '$1"Your sign-in code for the editor (reworded)"');
    expect(reworded).toContain('"Your sign-in code for the editor (reworded)"');
    writeFileSync(config, reworded);
    writes = w.platforms.writes.length;
    expect((await pushConfig(w, copy)).status).toBe(0);
    expect(w.platforms.writes.slice(writes)).toEqual([settingsWrite]);
    expect(w.platforms.supabase.auth).toEqual({ ...before, mailer_subjects_magic_link: 'Your sign-in code for the editor (reworded)' });
    expect(w.platforms.supabase.auth).toMatchObject({ site_url: SITE, uri_allow_list: `${SITE}/admin/`, disable_signup: true });

    // The mail provider's new key (the SMTP_PASS secret) is pushed; the platform keeps only its HMAC to compare.
    writes = w.platforms.writes.length;
    expect((await pushConfig(w, copy, 'the-providers-new-key')).status).toBe(0);
    expect(w.platforms.writes.slice(writes)).toEqual([settingsWrite]);
    expect(w.platforms.supabase.auth).toEqual({ ...before, mailer_subjects_magic_link: 'Your sign-in code for the editor (reworded)', smtp_pass: 'the-providers-new-key' });
    writes = w.platforms.writes.length;
    expect((await pushConfig(w, copy, 'the-providers-new-key')).said).toContain('Remote Auth config is up to date.');
    expect(w.platforms.writes.slice(writes)).toEqual([]);
  }, limit(120_000));
});
