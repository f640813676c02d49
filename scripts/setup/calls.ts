/**
 * Every call `npm run setup` makes to a platform goes through here: each is printed (without its secrets), and with
 * --dry-run only the reads are made, so the person sees what would change. A refusal is an error in words: which
 * platform, what it said, and what to do.
 */

export type Platform = 'Supabase' | 'GitHub' | 'Netlify';

/** Where each platform answers: the real ones, or the tests' stand-ins. */
export interface Endpoints {
  supabaseApi: string;
  /** A project's own address (its Auth) from its reference. */
  projectUrl(ref: string): string;
  github: string;
  netlify: string;
}

export const PLATFORMS: Endpoints = {
  supabaseApi: 'https://api.supabase.com',
  projectUrl: (ref) => `https://${ref}.supabase.co`,
  github: 'https://api.github.com',
  netlify: 'https://api.netlify.com',
};

/** A platform's refusal, in words, with what to do. */
export class SetupError extends Error {}

/** What the person gave a platform, named as the questions name it, for the words of a refused key. */
const KEY_NAMES: Record<Platform, string> = {
  Supabase: 'the Supabase access token',
  GitHub: 'the GitHub key for setting up',
  Netlify: 'the Netlify access token',
};

export interface Caller {
  dryRun: boolean;
  /** Makes a call (a write is only printed with --dry-run: then undefined). */
  call<T>(platform: Platform, method: string, url: string, options?: { token?: string; headers?: Record<string, string>; body?: unknown; expect?: number[] }): Promise<{ status: number; body: T } | undefined>;
  /** Every call made or, with --dry-run, that would be made: "GET https://...", in order. */
  made: string[];
}

export function caller(dryRun: boolean, say: (line: string) => void, fetcher: typeof fetch = fetch): Caller {
  const made: string[] = [];
  return {
    dryRun,
    made,
    async call<T>(platform: Platform, method: string, url: string, options: { token?: string; headers?: Record<string, string>; body?: unknown; expect?: number[] } = {}) {
      const line = `${method} ${url}`;
      if (dryRun && method !== 'GET') {
        made.push(`would ${line}`);
        say(`    would ${line}`);
        return undefined;
      }
      made.push(line);
      let res: Response;
      try {
        res = await fetcher(url, {
          method,
          headers: {
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
            'user-agent': 'practice-site-setup',
            ...options.headers,
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
      } catch (error) {
        throw new SetupError(`${platform} could not be reached (${error instanceof Error ? error.message : String(error)}). Check the internet connection, then run npm run setup again: it carries on from here.`);
      }
      const text = await res.text();
      let body: unknown = text;
      try { body = text ? JSON.parse(text) as unknown : undefined; } catch { /* a plain answer stays text */ }
      if (res.ok || options.expect?.includes(res.status)) return { status: res.status, body: body as T };
      const said = typeof body === 'object' && body !== null ? String((body as Record<string, unknown>).message ?? (body as Record<string, unknown>).msg ?? (body as Record<string, unknown>).error ?? '') : String(body ?? '');
      const what = `${platform} refused ${method} ${new URL(url).pathname} (${res.status}${said ? `: ${said.slice(0, 200)}` : ''}).`;
      const key = KEY_NAMES[platform];
      if (res.status === 401) throw new SetupError(`${what} ${key[0].toUpperCase()}${key.slice(1)} is wrong or has expired: make a new one (EDITING.md, "Going live"), then run npm run setup again.`);
      if (res.status === 403 || res.status === 404) throw new SetupError(`${what} Check that ${key} may do this (EDITING.md, "Going live", says which rights it needs) and that the names you gave are right, then run npm run setup again.`);
      throw new SetupError(`${what} Run npm run setup again in a few minutes: it carries on from here.`);
    },
  };
}
