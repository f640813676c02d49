/**
 * The project's key for its server APIs (Auth's admin endpoints), whichever kind the project has. One made with the
 * new API keys gives every function SUPABASE_SECRET_KEYS (JSON: the secret keys by name, "default" first); one on the
 * legacy keys gives SUPABASE_SERVICE_ROLE_KEY; a self-hosted one may set SUPABASE_SECRET_KEY. Undefined: none is set.
 */
export function serverKeyFrom(read: (name: string) => string | undefined): string | undefined {
  const named = read('SUPABASE_SECRET_KEYS');
  if (named) {
    try {
      const keys = JSON.parse(named) as unknown;
      if (keys && typeof keys === 'object' && !Array.isArray(keys)) {
        const byName = keys as Record<string, unknown>;
        const chosen = typeof byName.default === 'string' ? byName.default : Object.values(byName).find((key) => typeof key === 'string');
        if (typeof chosen === 'string' && chosen) return chosen;
      }
    } catch {
      // Not JSON: the other names are read.
    }
  }
  return read('SUPABASE_SECRET_KEY') || read('SUPABASE_SERVICE_ROLE_KEY') || undefined;
}

/** Said where a function needs the key and none is set. */
export const NO_SERVER_KEY = 'Neither SUPABASE_SECRET_KEYS nor SUPABASE_SERVICE_ROLE_KEY is set. Supabase sets one of them for every function; where the function runs some other way, set SUPABASE_SECRET_KEY to the project\'s secret key.';

/**
 * How a server key goes with a request. A secret key (sb_secret_...) goes in apikey, which Supabase's gateway reads
 * and answers for the service role; it is not a token, and in the bearer header alone it is refused. A legacy key is
 * a token: it goes in both, as supabase-js sends it (the gateway reads apikey, Auth the bearer token).
 */
export function serverKeyHeaders(key: string): Record<string, string> {
  return key.startsWith('sb_secret_') ? { apikey: key } : { apikey: key, authorization: `Bearer ${key}` };
}
