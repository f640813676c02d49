import type { SupabaseClient } from '@supabase/supabase-js';

/** The backend function the form calls: supabase/functions/send-feedback (locally, the same handler on this origin). */
export const FEEDBACK_FUNCTION = 'send-feedback';

export interface FeedbackBody {
  name: string;
  email: string;
  phone: string;
  feedbackType: string;
  message: string;
  /** The id of this filled-in form, the same for every retry of it (submissionId.ts). */
  submissionId: string;
  /** The honeypot, sent only when a robot filled it in. */
  website?: string;
}

let client: Promise<SupabaseClient> | null = null;

/**
 * supabase-js is loaded on the first submit only, so no page carries it on its first load. Without VITE_SUPABASE_URL
 * it talks to the site's own origin, where `npm start` and `npm run dev` serve the function; the key is then a
 * placeholder the local function ignores. VITE_SUPABASE_ANON_KEY is the project's publishable (anon) key: never the
 * service-role key, which stays on the server.
 */
function supabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js')
    .then(({ createClient }) => {
      // Each setting read by name: reading import.meta.env as a whole would put every VITE_ variable of the build's
      // environment into this file.
      const url = import.meta.env.VITE_SUPABASE_URL;
      const key = import.meta.env.VITE_SUPABASE_ANON_KEY;
      return createClient(url || window.location.origin, key || 'local-development', {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      });
    })
    .catch((error: unknown) => {
      client = null; // a failed download (e.g. offline) is tried again on the next submit
      throw error;
    });
  return client;
}

/** Sends one submission. Resolves with the error supabase-js reports (HTTP or network), or null when it was stored. */
export async function sendFeedback(body: FeedbackBody): Promise<unknown> {
  const { error } = await (await supabase()).functions.invoke(FEEDBACK_FUNCTION, { body, timeout: 30_000 });
  return error ?? null;
}
