/**
 * `npm run setup`'s steps, in order. Each first asks the platform what is there and changes only what differs, so a
 * second run changes nothing and a run stopped half-way carries on where it stopped. What the platforms cannot tell
 * back (a secret's value) is kept as a digest in a file of this computer's (.data/setup.json), with the two values
 * setup makes itself (the database password and the feedback form's salt).
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import sodium from 'libsodium-wrappers';
import { supabaseInvitations } from '../../server/editor/accounts.ts';
import { caller, SetupError, type Caller, type Endpoints } from './calls.ts';
import { authSettings, configTable, projectMail } from './projectConfig.ts';
import type { Answers } from './questions.ts';

/** Sydney: the region nearest an Australian practice's patients and staff. */
const REGION = 'ap-southeast-2';
const BRANCH = 'main';

export interface SetupState {
  projectRef?: string;
  databasePassword?: string;
  feedbackSalt?: string;
  siteId?: string;
  /** Who was invited to manage people (or found to have an account): not invited again. */
  invited?: string;
  /** Digests of the values last set where they cannot be read back, by place ("github:NAME", "auth:smtp_pass"). */
  digests: Record<string, string>;
  /** The digest of everything the last deploy was started with. */
  deployed?: string;
}

export interface SetupOptions {
  answers: Answers;
  dryRun?: boolean;
  endpoints: Endpoints;
  statePath: string;
  say(line: string): void;
  /** How long to wait between asks while a new project starts (ms). */
  pollMs?: number;
  fetcher?: typeof fetch;
}

export type StepResult = 'done' | 'already' | 'would';
export interface SetupResult { ok: boolean; steps: { name: string; result: StepResult | 'failed' }[]; made: string[]; adminAddress: string; left: string[] }

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

function readState(path: string): SetupState {
  if (!existsSync(path)) return { digests: {} };
  return { digests: {}, ...(JSON.parse(readFileSync(path, 'utf8')) as Partial<SetupState>) };
}

function writeState(path: string, state: SetupState) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

interface Project { id: string; name: string; organization_id: string; status: string }
interface ApiKey { name: string; type?: string | null; api_key: string }

/** The context the steps share: the answers, the calls, what is kept, and what earlier steps found. */
interface Run {
  answers: Answers;
  calls: Caller;
  endpoints: Endpoints;
  state: SetupState;
  pollMs: number;
  keys?: { publishable: string; secret: string };
  say(line: string): void;
  fetcher?: typeof fetch;
}

const supabase = <T>(run: Run, method: string, path: string, body?: unknown) =>
  run.calls.call<T>('Supabase', method, `${run.endpoints.supabaseApi}${path}`, { token: run.answers.supabaseToken, body });
const github = <T>(run: Run, method: string, path: string, body?: unknown, expect?: number[]) =>
  run.calls.call<T>('GitHub', method, `${run.endpoints.github}/repos/${run.answers.githubRepository}${path}`, {
    token: run.answers.githubSetupToken, body, expect, headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
  });
const netlify = <T>(run: Run, method: string, path: string, body?: unknown) =>
  run.calls.call<T>('Netlify', method, `${run.endpoints.netlify}/api/v1${path}`, { token: run.answers.netlifyToken, body });

/** The project of this website: found by name, or made (in Sydney, with a database password setup makes). */
async function project(run: Run): Promise<StepResult> {
  const name = String(configTable('').project_id ?? 'practice-site');
  const projects = (await supabase<Project[]>(run, 'GET', '/v1/projects'))?.body ?? [];
  let found = projects.find((p) => p.id === run.state.projectRef) ?? projects.find((p) => p.name === name);
  let result: StepResult = 'already';
  if (!found) {
    const organizations = (await supabase<{ id: string; slug?: string; name: string }[]>(run, 'GET', '/v1/organizations'))?.body ?? [];
    const wanted = run.answers.supabaseOrganization?.trim();
    const organization = wanted ? organizations.find((o) => o.id === wanted || o.slug === wanted || o.name === wanted) : organizations.length === 1 ? organizations[0] : undefined;
    if (!organization) {
      throw new SetupError(wanted
        ? `Your Supabase account has no organisation called ${wanted}: its organisations are ${organizations.map((o) => o.slug ?? o.name).join(', ')}.`
        : `Your Supabase account has ${organizations.length} organisations (${organizations.map((o) => o.slug ?? o.name).join(', ') || 'none'}): say which to make the project in (the question "Supabase organisation"), then run npm run setup again.`);
    }
    run.state.databasePassword ??= randomBytes(24).toString('base64url');
    const made = await supabase<Project>(run, 'POST', '/v1/projects', { name, organization_id: organization.id, db_pass: run.state.databasePassword, region: REGION });
    if (!made) return 'would';
    found = made.body;
    result = 'done';
  }
  run.state.projectRef = found.id;
  // A new project takes a minute or two to start: its keys and settings can be read only once it has.
  for (let asked = 0; found.status !== 'ACTIVE_HEALTHY'; asked++) {
    if (asked > 300) throw new SetupError('The Supabase project has not started after 10 minutes. Look at it in Supabase, then run npm run setup again.');
    if (found.status.startsWith('INACTIVE') || found.status === 'PAUSED') throw new SetupError(`The Supabase project "${found.name}" is paused: restore it in Supabase, then run npm run setup again.`);
    await new Promise((done) => setTimeout(done, run.pollMs));
    found = (await supabase<Project>(run, 'GET', `/v1/projects/${found.id}`))?.body ?? found;
  }
  if (!run.state.databasePassword) run.say('    The database password is not on this computer: if a deploy says it is wrong, reset it in Supabase (Project settings > Database) and set it as the SUPABASE_DB_PASSWORD secret of the repository.');
  return result;
}

/** The project's publishable key (the website's) and secret key (setup's, to invite the manager). */
async function keys(run: Run): Promise<StepResult> {
  const ref = run.state.projectRef;
  if (!ref) return 'would';
  const listed = (await supabase<ApiKey[]>(run, 'GET', `/v1/projects/${ref}/api-keys?reveal=true`))?.body ?? [];
  const publishable = listed.find((k) => k.type === 'publishable')?.api_key ?? listed.find((k) => k.name === 'anon')?.api_key;
  const secret = listed.find((k) => k.type === 'secret')?.api_key ?? listed.find((k) => k.name === 'service_role')?.api_key;
  if (!publishable || !secret) throw new SetupError('Supabase did not give the project\'s publishable and secret keys. Check that the access token belongs to an owner of the project, then run npm run setup again.');
  run.keys = { publishable, secret };
  return 'already';
}

/** Sign-in: the website's address, sign-ups off, the practice's mail provider, the codes and the e-mails' words. */
async function signIn(run: Run): Promise<StepResult> {
  const ref = run.state.projectRef;
  if (!ref) return 'would';
  const { answers } = run;
  const wanted = authSettings(projectMail({ SMTP_HOST: answers.smtpHost, SMTP_USER: answers.smtpUser, SMTP_PASS: answers.smtpPass, SMTP_SENDER: answers.smtpSender }), answers.siteAddress);
  const now = (await supabase<Record<string, unknown>>(run, 'GET', `/v1/projects/${ref}/config/auth`))?.body ?? {};
  // The password is never read back: its digest says whether it changed.
  const differs = Object.entries(wanted).filter(([key, value]) => (key === 'smtp_pass' ? run.state.digests['auth:smtp_pass'] !== digest(String(value)) : String(now[key] ?? '') !== String(value)));
  if (!differs.length) return 'already';
  const sent = await supabase(run, 'PATCH', `/v1/projects/${ref}/config/auth`, Object.fromEntries(differs));
  if (!sent) return 'would';
  run.state.digests['auth:smtp_pass'] = digest(answers.smtpPass);
  return 'done';
}

/** The functions' secrets that are the practice's to give (Supabase gives them the project's address and keys). */
async function functionSecrets(run: Run): Promise<StepResult> {
  const ref = run.state.projectRef;
  if (!ref) return 'would';
  const { answers } = run;
  const listed = (await supabase<{ name: string; value: string }[]>(run, 'GET', `/v1/projects/${ref}/secrets`))?.body ?? [];
  // A salt made once: changing it would forget who sent feedback in the last hour, so one already there stays.
  const hasSalt = listed.some((s) => s.name === 'FEEDBACK_RATE_LIMIT_SALT');
  if (!hasSalt) run.state.feedbackSalt ??= randomBytes(32).toString('hex');
  const wanted: Record<string, string> = {
    GITHUB_TOKEN: answers.githubFunctionToken,
    GITHUB_REPOSITORY: answers.githubRepository,
    GITHUB_BRANCH: BRANCH,
    EDITOR_ALLOWED_ORIGINS: answers.siteAddress,
    FEEDBACK_ALLOWED_ORIGINS: answers.siteAddress,
    ...(hasSalt ? {} : { FEEDBACK_RATE_LIMIT_SALT: run.state.feedbackSalt ?? '' }),
  };
  // Supabase lists each secret with the SHA-256 of its value, never the value.
  const differs = Object.entries(wanted).filter(([name, value]) => listed.find((s) => s.name === name)?.value !== digest(value));
  if (!differs.length) return 'already';
  const sent = await supabase(run, 'POST', `/v1/projects/${ref}/secrets`, differs.map(([name, value]) => ({ name, value })));
  return sent ? 'done' : 'would';
}

/** The static site on Netlify, named after the website's address, which the deploy publishes to. */
async function site(run: Run): Promise<StepResult> {
  const host = new URL(run.answers.siteAddress).hostname;
  const name = host.replace(/^www\./, '').replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  if (run.state.siteId) {
    const kept = await netlify<{ id: string }>(run, 'GET', `/sites/${run.state.siteId}`).catch(() => undefined);
    if (kept) return 'already';
  }
  const found = ((await netlify<{ id: string; name: string }[]>(run, 'GET', `/sites?name=${encodeURIComponent(name)}&filter=all`))?.body ?? []).find((s) => s.name === name);
  if (found) {
    run.state.siteId = found.id;
    return 'already';
  }
  const made = await netlify<{ id: string }>(run, 'POST', '/sites', { name, custom_domain: host });
  if (!made) return 'would';
  run.state.siteId = made.body.id;
  return 'done';
}

/** The repository's Actions secrets, which the deploy workflow builds and deploys with: each sealed to its key. */
async function actionsSecrets(run: Run): Promise<StepResult> {
  const { answers, state } = run;
  const ref = state.projectRef ?? '(the new project)';
  const wanted: Record<string, string> = {
    SUPABASE_ACCESS_TOKEN: answers.supabaseToken,
    SUPABASE_PROJECT_REF: ref,
    ...(state.databasePassword ? { SUPABASE_DB_PASSWORD: state.databasePassword } : {}),
    VITE_SUPABASE_URL: run.endpoints.projectUrl(ref),
    VITE_SUPABASE_ANON_KEY: run.keys?.publishable ?? '(its publishable key)',
    NETLIFY_AUTH_TOKEN: answers.netlifyToken,
    NETLIFY_SITE_ID: state.siteId ?? '(the new site)',
    SMTP_HOST: answers.smtpHost,
    SMTP_USER: answers.smtpUser,
    SMTP_PASS: answers.smtpPass,
    SMTP_SENDER: answers.smtpSender,
  };
  const listed = new Set(((await github<{ secrets: { name: string }[] }>(run, 'GET', '/actions/secrets?per_page=100'))?.body.secrets ?? []).map((s) => s.name));
  const differs = Object.entries(wanted).filter(([name, value]) => !listed.has(name) || state.digests[`github:${name}`] !== digest(value));
  if (!differs.length) return 'already';
  const key = (await github<{ key_id: string; key: string }>(run, 'GET', '/actions/secrets/public-key'))?.body;
  if (!key) return 'would';
  await sodium.ready;
  let result: StepResult = 'would';
  for (const [name, value] of differs) {
    const sealed = sodium.crypto_box_seal(sodium.from_string(value), sodium.from_base64(key.key, sodium.base64_variants.ORIGINAL));
    const put = await github(run, 'PUT', `/actions/secrets/${name}`, { encrypted_value: sodium.to_base64(sealed, sodium.base64_variants.ORIGINAL), key_id: key.key_id });
    if (put) {
      state.digests[`github:${name}`] = digest(value);
      result = 'done';
    }
  }
  return result;
}

/** The practice manager's invitation, through the project's mail provider: the first to sign in manages people. */
async function invite(run: Run): Promise<StepResult> {
  const ref = run.state.projectRef;
  if (run.state.invited === run.answers.managerEmail) return 'already';
  if (!ref || !run.keys) return 'would';
  const address = `${run.endpoints.projectUrl(ref)}/auth/v1/invite`;
  if (run.calls.dryRun) {
    run.calls.made.push(`would POST ${address}`);
    run.say(`    would POST ${address}`);
    return 'would';
  }
  run.calls.made.push(`POST ${address}`);
  const sent = await supabaseInvitations(run.endpoints.projectUrl(ref), run.keys.secret, run.fetcher)
    .invite({ email: run.answers.managerEmail, name: run.answers.managerName }, `${run.answers.siteAddress}/admin/`)
    .catch((error: unknown) => { throw new SetupError(`${error instanceof Error ? error.message : String(error)} Check the mail provider's settings (the SMTP questions), then run npm run setup again.`); });
  run.state.invited = run.answers.managerEmail;
  return sent === 'sent' ? 'done' : 'already';
}

/** The deploy workflow, started when anything it builds or deploys with changed since it was last started. */
async function deploy(run: Run): Promise<StepResult> {
  const fingerprint = digest(JSON.stringify([run.state.projectRef, run.state.siteId, Object.entries(run.state.digests).sort()]));
  if (run.state.deployed === fingerprint) return 'already';
  const started = await github(run, 'POST', '/actions/workflows/deploy.yml/dispatches', { ref: BRANCH });
  if (!started) return 'would';
  run.state.deployed = fingerprint;
  return 'done';
}

const STEPS: { name: string; run(run: Run): Promise<StepResult> }[] = [
  { name: 'The Supabase project', run: project },
  { name: 'Its keys', run: keys },
  { name: 'Sign-in: the website\'s address, sign-ups off, the mail provider, the e-mails', run: signIn },
  { name: 'The functions\' secrets', run: functionSecrets },
  { name: 'The static site on Netlify', run: site },
  { name: 'The repository\'s Actions secrets', run: actionsSecrets },
  { name: 'The practice manager\'s invitation', run: invite },
  { name: 'The deploy (GitHub Actions: build, test, publish the site, the migrations and the functions)', run: deploy },
];

const WORDS: Record<StepResult, string> = { done: 'done', already: 'already so', would: 'would be done' };

export async function runSetup(options: SetupOptions): Promise<SetupResult> {
  const state = readState(options.statePath);
  const calls = caller(options.dryRun ?? false, options.say, options.fetcher);
  const run: Run = { answers: options.answers, calls, endpoints: options.endpoints, state, pollMs: options.pollMs ?? 2_000, say: options.say, fetcher: options.fetcher };
  const steps: SetupResult['steps'] = [];
  const adminAddress = `${options.answers.siteAddress}/admin/`;
  const left = [
    `Point the domain ${new URL(options.answers.siteAddress).hostname} at Netlify (Netlify > Domain management shows the records to add at the domain's registrar).`,
    'Note in the calendar the day the GitHub key for the editor expires: /admin warns the practice manager 14 days before.',
    `The practice manager opens the invitation sent to ${options.answers.managerEmail}, and invites colleagues from People.`,
  ];
  for (const [index, step] of STEPS.entries()) {
    options.say(`${index + 1}/${STEPS.length} ${step.name}...`);
    try {
      const result = await step.run(run);
      steps.push({ name: step.name, result });
      options.say(`    ${WORDS[result]}`);
    } catch (error) {
      steps.push({ name: step.name, result: 'failed' });
      options.say(`    stopped: ${error instanceof Error ? error.message : String(error)}`);
      if (!(error instanceof SetupError)) options.say('    This was not expected: run npm run setup again; if it stops here again, tell whoever made the website.');
      if (!calls.dryRun) writeState(options.statePath, state);
      return { ok: false, steps, made: calls.made, adminAddress, left };
    }
    if (!calls.dryRun) writeState(options.statePath, state);
  }
  options.say('');
  options.say(calls.dryRun ? 'Nothing was changed (--dry-run).' : `The editor will be at ${adminAddress} once the deploy has finished (a few minutes: see the repository's Actions tab).`);
  options.say('Left for you:');
  for (const item of left) options.say(`  - ${item}`);
  return { ok: true, steps, made: calls.made, adminAddress, left };
}
