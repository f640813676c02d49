import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

/** `npm start` run as staff run it, in a process of its own, on another practice's files (tests, screenshots). */
export interface StartedSite {
  origin: string;
  /** The address printed at start, for the first person to sign in (who then manages people). */
  nextSignIn(): Promise<string>;
  /**
   * The newest sign-in address printed for this person (an invitation's, or the one printed after their last sign-in)
   * that has not been handed out yet (waits for it).
   */
  addressFor(email: string): Promise<string>;
  /** Invites a colleague as `by` (signed in through their next address), with the rights given; returns their address. */
  invite(by: { email: string }, colleague: { name: string; email: string; mayPublish?: boolean; managesPeople?: boolean }): Promise<string>;
  /** Everything it printed. */
  output: string[];
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '..', '..');
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function startSiteProcess(options: { siteFile: string; distDir: string; dataDir: string; timeoutMs?: number }): Promise<StartedSite> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'start.ts'), '--dist', options.distDir], {
    cwd: root,
    env: { ...process.env, SITE: options.siteFile, PORT: '0', HOST: '127.0.0.1', FEEDBACK_DATA_DIR: options.dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const addresses: string[] = [];
  // Each person's addresses, in the order printed, and how many of them were handed out.
  const personal = new Map<string, { printed: string[]; handedOut: number }>();
  let origin = '';
  let handedOut = 0;
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      output.push(line);
      origin ||= /Serving the site at (http:\/\/\S+?)\/?$/.exec(line)?.[1] ?? '';
      const address = /Staff editor: open (\S+) to sign in/.exec(line)?.[1];
      if (address) addresses.push(address);
      const forPerson = /Staff editor: the sign-in address for .*\((\S+@\S+)\) .*: (\S+)$/.exec(line);
      if (forPerson) {
        const known = personal.get(forPerson[1]) ?? { printed: [], handedOut: 0 };
        known.printed.push(forPerson[2]);
        personal.set(forPerson[1], known);
      }
    }
  };
  // A caller that stops without stopping it (a crash) leaves no server holding the port and the data's lock.
  const orphaned = () => child.kill('SIGTERM');
  process.once('exit', orphaned);
  child.once('exit', () => process.off('exit', orphaned));
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  const started = Date.now();
  // The first address: for whoever signs in first, or (the list having people already) for its first manager.
  while (!addresses.length && !personal.size) {
    if (child.exitCode !== null || Date.now() - started > (options.timeoutMs ?? 240_000)) {
      await stop();
      throw new Error(`npm start did not print a sign-in address:\n${output.join('\n')}`);
    }
    await wait(200);
  }

  async function addressFor(email: string): Promise<string> {
    const asked = Date.now();
    for (;;) {
      const known = personal.get(email);
      if (known && known.printed.length > known.handedOut) return known.printed[known.handedOut++];
      if (Date.now() - asked > 20_000) throw new Error(`No sign-in address for ${email} was printed:\n${output.slice(-20).join('\n')}`);
      await wait(100);
    }
  }

  async function invite(by: { email: string }, colleague: { name: string; email: string; mayPublish?: boolean; managesPeople?: boolean }): Promise<string> {
    const fn = `${origin}/functions/v1/site-editor/`;
    const token = new URL(await addressFor(by.email)).hash.replace('#sign-in=', '');
    const signedIn = await fetch(`${fn}local-sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, name: 'As on the list', email: by.email }) });
    if (!signedIn.ok) throw new Error(`${by.email} could not sign in to invite ${colleague.email}: ${await signedIn.text()}`);
    const { access_token: access } = await signedIn.json() as { access_token: string };
    const invited = await fetch(`${fn}people/invite`, {
      method: 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json', origin }, body: JSON.stringify(colleague),
    });
    if (!invited.ok) throw new Error(`${colleague.email} could not be invited: ${await invited.text()}`);
    return addressFor(colleague.email);
  }

  return {
    origin,
    output,
    stop,
    addressFor,
    invite,
    async nextSignIn() {
      const asked = Date.now();
      while (addresses.length <= handedOut) {
        if (Date.now() - asked > 20_000) throw new Error(`No new sign-in address was printed:\n${output.slice(-20).join('\n')}`);
        await wait(100);
      }
      return addresses[handedOut++];
    },
  };
}
