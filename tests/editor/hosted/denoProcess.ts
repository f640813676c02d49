import { spawn, type ChildProcess } from 'node:child_process';
import { DENO, ROOT } from './cliMount.ts';

export interface Started { url: string; pid: number; said: string[]; exited: Promise<number | null>; stop(): Promise<void> }

/**
 * `deno run <args>` as Supabase runs a function: with only the environment given, listening where DENO_SERVE_ADDRESS
 * says; resolves once it listens (or has stopped, or two minutes have gone by).
 */
export async function startDeno(args: string[], env: Record<string, string>, cwd = ROOT): Promise<Started> {
  const child: ChildProcess = spawn(DENO, ['run', ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const said: string[] = [];
  let url = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const read = (chunk: Buffer) => {
    said.push(chunk.toString());
    url ||= /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(said.join(''))?.[1] ?? '';
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const started = Date.now();
  while (!url && child.exitCode === null && Date.now() - started < 120_000) await new Promise((r) => setTimeout(r, 100));
  return {
    url, pid: child.pid ?? 0, said, exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
