import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FRESH_FOR_MS, gitFailed, LocalGitHost, unknownRemote } from '../../../server/local/localGitHost.ts';
import { AUTHOR, MESSAGE, PUBLISHED, hostContract } from './contract.ts';
import { BINARY, CHANGED_SITE, gitIn, SEED_FILES } from './repo.ts';

const CHECKOUT_IDENTITY = { name: 'Practice Laptop', email: 'laptop@practice.example' };

hostContract('LocalGitHost over a checkout cloned from a bare repository', async (repo) => {
  const checkout = join(repo.dir, 'checkout');
  gitIn(repo.dir, ['clone', '--quiet', repo.bare, checkout]);
  gitIn(checkout, ['config', 'user.name', CHECKOUT_IDENTITY.name]);
  gitIn(checkout, ['config', 'user.email', CHECKOUT_IDENTITY.email]);
  // freshFor 0: the contract's head() is the website's at that moment, as GitHub's is; the window is tested below.
  return { host: new LocalGitHost({ root: checkout, remote: 'origin', branch: 'main', freshFor: 0 }), close: async () => undefined };
}, (subject) => {
  const checkout = () => join(subject().repo.dir, 'checkout');
  const inCheckout = (args: string[]) => gitIn(checkout(), args).trim();
  const publish = () => subject().host.commit({ parent: subject().repo.seed, files: PUBLISHED, message: MESSAGE, author: AUTHOR });
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('is committed by this computer and the checkout follows when it was clean', async () => {
    const result = await publish();
    if (!result.ok) throw new Error('the commit was refused');
    expect(gitIn(subject().repo.bare, ['log', '-1', '--format=%cn <%ce>', result.commit]).trim()).toBe(`${CHECKOUT_IDENTITY.name} <${CHECKOUT_IDENTITY.email}>`);
    expect(inCheckout(['rev-parse', 'HEAD'])).toBe(result.commit);
    expect(inCheckout(['rev-parse', 'refs/remotes/origin/main'])).toBe(result.commit);
    expect(readFileSync(join(checkout(), 'site.yaml'), 'utf8')).toBe(CHANGED_SITE);
    expect(new Uint8Array(readFileSync(join(checkout(), 'public/images/x.png')))).toEqual(BINARY);
    expect(inCheckout(['status', '--porcelain'])).toBe('');
  });

  it('leaves the checkout alone when a published file is changed in it, and publishes all the same', async () => {
    writeFileSync(join(checkout(), 'site.yaml'), 'practice:\n  name: Half-typed\n');
    const result = await publish();
    if (!result.ok) throw new Error('the commit was refused');
    expect(gitIn(subject().repo.bare, ['rev-parse', 'refs/heads/main']).trim()).toBe(result.commit);
    expect(inCheckout(['rev-parse', 'HEAD'])).toBe(subject().repo.seed);
    expect(readFileSync(join(checkout(), 'site.yaml'), 'utf8')).toBe('practice:\n  name: Half-typed\n');
  });

  it('follows when the published files are changed in the checkout exactly as published (the editor wrote them), and keeps other work', async () => {
    writeFileSync(join(checkout(), 'site.yaml'), CHANGED_SITE);
    mkdirSync(join(checkout(), 'public/images'));
    writeFileSync(join(checkout(), 'public/images/x.png'), BINARY);
    writeFileSync(join(checkout(), 'documents/b.md'), '# Half-typed\n');
    const result = await publish();
    if (!result.ok) throw new Error('the commit was refused');
    expect(inCheckout(['rev-parse', 'HEAD'])).toBe(result.commit);
    expect(inCheckout(['status', '--porcelain'])).toBe('M documents/b.md');
  });

  it('leaves the checkout alone when it is on another branch', async () => {
    inCheckout(['checkout', '--quiet', '-b', 'drafts']);
    const result = await publish();
    expect(result.ok).toBe(true);
    expect(inCheckout(['rev-parse', 'HEAD'])).toBe(subject().repo.seed);
    expect(inCheckout(['rev-parse', 'refs/heads/main'])).toBe(subject().repo.seed);
    expect(readFileSync(join(checkout(), 'site.yaml'), 'utf8')).toBe(SEED_FILES['site.yaml']);
  });

  it('leaves the checkout alone when the website moved on', async () => {
    subject().repo.publishElsewhere('site.yaml', 'practice:\n  name: Theirs\n');
    expect(await publish()).toEqual({ ok: false, moved: true });
    expect(inCheckout(['rev-parse', 'HEAD'])).toBe(subject().repo.seed);
  });

  it('when this computer has no git identity, the author commits too', async () => {
    const empty = join(subject().repo.dir, 'no-identity.gitconfig');
    writeFileSync(empty, '');
    process.env.GIT_CONFIG_GLOBAL = empty;
    process.env.GIT_CONFIG_NOSYSTEM = '1';
    inCheckout(['config', '--unset', 'user.name']);
    inCheckout(['config', '--unset', 'user.email']);
    // Otherwise git makes up an identity from the machine's names.
    inCheckout(['config', 'user.useConfigOnly', 'true']);
    const result = await publish();
    if (!result.ok) throw new Error('the commit was refused');
    expect(gitIn(subject().repo.bare, ['log', '-1', '--format=%an <%ae>|%cn <%ce>', result.commit]).trim())
      .toBe(`${AUTHOR.name} <${AUTHOR.email}>|${AUTHOR.name} <${AUTHOR.email}>`);
  });

  it('offline, the head is what this computer last saw; never having seen it, says so', async () => {
    inCheckout(['remote', 'set-url', 'origin', join(subject().repo.dir, 'nowhere.git')]);
    expect(await subject().host.head()).toBe(subject().repo.seed);
    inCheckout(['update-ref', '-d', 'refs/remotes/origin/main']);
    await expect(subject().host.head()).rejects.toThrow(unknownRemote('origin', 'main'));
  });

  it('fetches once for all the requests of a while, at once when a commit finds the website moved, and again when the while is over', async () => {
    // Every fetch runs the remote's upload-pack: a wrapper counts them.
    const counted = join(subject().repo.dir, 'fetches');
    const wrapper = join(subject().repo.dir, 'upload-pack');
    writeFileSync(wrapper, `#!/bin/sh\necho fetch >> '${counted}'\nexec git-upload-pack "$@"\n`, { mode: 0o755 });
    inCheckout(['config', 'remote.origin.uploadpack', wrapper]);
    const fetches = () => { try { return readFileSync(counted, 'utf8').split('\n').filter(Boolean).length; } catch { return 0; } };
    let clock = 1_000_000;
    const host = new LocalGitHost({ root: checkout(), remote: 'origin', branch: 'main', now: () => clock });
    const heads = await Promise.all(Array.from({ length: 6 }, () => host.head()));
    expect(new Set(heads)).toEqual(new Set([subject().repo.seed]));
    expect(fetches()).toBe(1);

    // Someone publishes elsewhere: within the while, this computer still answers what it fetched, without asking...
    const newer = subject().repo.publishElsewhere('site.yaml', CHANGED_SITE);
    clock += FRESH_FOR_MS - 1;
    expect(await host.head()).toBe(subject().repo.seed);
    expect(fetches()).toBe(1);
    // ...until a commit on the old head is refused as moved: the next head() fetches at once.
    expect(await host.commit({ parent: subject().repo.seed, files: PUBLISHED, message: MESSAGE, author: AUTHOR })).toEqual({ ok: false, moved: true });
    expect(await host.head()).toBe(newer);
    expect(fetches()).toBe(2);

    // And when the while is over.
    const newest = subject().repo.publishElsewhere('site.yaml', 'practice:\n  name: Third\n');
    clock += FRESH_FOR_MS;
    expect(await host.head()).toBe(newest);
    expect(fetches()).toBe(3);
  });

  it('a commit git does not have is a failure in words, not a missing file', async () => {
    const unknown = '0123456789abcdef0123456789abcdef01234567';
    await expect(subject().host.read(unknown, 'site.yaml')).rejects.toThrow(gitFailed("fatal: not a tree object"));
  });
});
