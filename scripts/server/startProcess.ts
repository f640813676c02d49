import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

/** `npm start` run as staff run it, in a process of its own, on another practice's files (tests, screenshots). */
export interface StartedSite {
  origin: string;
  /** The newest sign-in address it printed that has not been handed out yet (using one prints the next). */
  nextSignIn(): Promise<string>;
  /** The sign-in address printed for a colleague invited with this e-mail address (waits for it). */
  invitationFor(email: string): Promise<string>;
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
  const invitations = new Map<string, string>();
  let origin = '';
  let handedOut = 0;
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      output.push(line);
      origin ||= /Serving the site at (http:\/\/\S+?)\/?$/.exec(line)?.[1] ?? '';
      const address = /Staff editor: open (\S+) to sign in/.exec(line)?.[1];
      if (address) addresses.push(address);
      const invited = /Staff editor: .*\((\S+@\S+)\) is invited\..*: (\S+)$/.exec(line);
      if (invited) invitations.set(invited[1], invited[2]);
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
  while (!addresses.length) {
    if (child.exitCode !== null || Date.now() - started > (options.timeoutMs ?? 240_000)) {
      await stop();
      throw new Error(`npm start did not print a sign-in address:\n${output.join('\n')}`);
    }
    await wait(200);
  }
  return {
    origin,
    output,
    stop,
    async invitationFor(email) {
      const asked = Date.now();
      while (!invitations.has(email)) {
        if (Date.now() - asked > 20_000) throw new Error(`No invitation for ${email} was printed:\n${output.slice(-20).join('\n')}`);
        await wait(100);
      }
      return invitations.get(email) as string;
    },
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
