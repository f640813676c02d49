// The site-editor function rehearsed as Supabase builds and runs it, as near as this machine allows: copied as the
// CLI mounts it, type-checked and bundled (an eszip) with its deno.json alone, then run by Deno with only network,
// environment and reading its own copy allowed, in 256 MB, for a whole editing session. Sign-ins are ES256 tokens
// checked against the project's published keys (a stand-in of Supabase Auth), and Publish commits to a stand-in of
// GitHub's API over a real bare repository.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAsEszip, DENO, denoEnv } from './cliMount.ts';
import { FUNCTION, karen, prepareRehearsal, sam, type Rehearsal } from './rehearsal.ts';
import { limit } from '../../../bench/machineSpeed.ts';

let rehearsal: Rehearsal;
beforeAll(async () => { rehearsal = await prepareRehearsal(); }, limit(240_000));
afterAll(async () => { await rehearsal?.close(); });

describe('the site-editor function as the Supabase CLI bundles it', () => {
  it('is mounted from supabase/functions and its imports only, and type-checks with its deno.json alone', () => {
    const { mounted, config, copy, denoDir } = rehearsal;
    expect(mounted).toBeGreaterThan(100);
    const check = () => execFileSync(DENO, ['check', '--config', config, join(copy, FUNCTION, 'index.ts')], { cwd: copy, encoding: 'utf8', stdio: 'pipe', env: denoEnv(denoDir) });
    expect(check).not.toThrow();
  }, limit(240_000));

  it('bundles, with every npm package it uses, into an eszip of at most 2.5 MB', async () => {
    const { modules, bytes } = await bundleAsEszip(join(rehearsal.copy, FUNCTION, 'index.ts'), rehearsal.config, rehearsal.denoDir);
    console.log(`site-editor eszip: ${modules} modules, ${(bytes / 1e6).toFixed(2)} MB`);
    expect(modules).toBeGreaterThan(200);
    expect(bytes).toBeLessThanOrEqual(2_500_000);
    // One character past ASCII anywhere (a curly apostrophe in a pattern, say) and the runtime holds the whole bundle
    // as two bytes a character, which a cold start reads the slower for.
    const bundle = readFileSync(join(rehearsal.copy, FUNCTION, '.bundle.js'), 'utf8');
    const beyond = /[^\x00-\x7f]/.exec(bundle);
    expect(beyond ? `${JSON.stringify(beyond[0])} in ${bundle.slice(Math.max(0, beyond.index - 60), beyond.index + 20)}` : 'ASCII only').toBe('ASCII only');
  }, limit(240_000));
});

describe('the site-editor function run from that copy, with network, environment and reading its copy only', () => {
  beforeAll(async () => { await rehearsal.start(); }, limit(180_000));

  it('opens the document, saves three changes, and publishes them as one commit by the signed-in person', async () => {
    const { auth, call, save, box } = rehearsal;
    const token = auth.token(karen);
    const opened = await call('document', token);
    expect(opened.status).toBe(200);
    expect(opened.body.problems).toEqual([]);
    expect((await save(token, (site) => { site.hours.regular[0].closes = '18:00'; })).status).toBe(200);
    expect((await save(token, (site) => { site.contact.fax = '08 8377 9999'; })).status).toBe(200);
    expect((await save(token, (site) => { site.contact.email = 'hello@practice.example'; })).status).toBe(200);
    const review = await call('review', token);
    expect((review.body.changes as unknown[]).length).toBe(3);
    const before = box.git(['rev-parse', 'main'], box.remote).trim();
    expect(await call('publish', token, { message: 'Later closing, new fax and e-mail' })).toMatchObject({ status: 200, body: { ok: true } });
    expect(box.git(['log', '--format=%P|%an|%ae|%s', '-1', 'main'], box.remote).trim()).toBe(`${before}|Karen Mills|karen@practice.example|Later closing, new fax and e-mail`);
  }, limit(120_000));

  it('reports a second person\'s change to the same field with both values, and publishes nothing', async () => {
    const { auth, call, save, box } = rehearsal;
    const karens = auth.token(karen);
    const sams = auth.token(sam);
    expect((await save(karens, (site) => { site.contact.phone = '0412 345 678'; })).status).toBe(200);
    expect((await save(sams, (site) => { site.contact.phone = '1300 725 899'; })).status).toBe(200);
    expect(await call('publish', sams, { message: 'New phone number' })).toMatchObject({ status: 200, body: { ok: true } });
    const head = box.git(['rev-parse', 'main'], box.remote).trim();
    const asked = await call('publish', karens, { message: 'Mobile number' });
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatch(/^Someone else published a change to a place you changed too, so nothing was sent\./);
    expect(asked.body.conflicts).toMatchObject([{ where: 'Contact > Phone number', mine: '0412 345 678', theirs: '1300 725 899', by: 'Sam Ortiz' }]);
    expect(box.git(['rev-parse', 'main'], box.remote).trim()).toBe(head);
  }, limit(120_000));
});
