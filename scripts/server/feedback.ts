/**
 * The send-feedback function for `npm start` and `npm run dev`: the same handler Supabase runs
 * (supabase/functions/_shared/handler.ts), storing into the local PGlite database (feedbackStore.ts).
 * Settings come from the same environment variables as on Supabase (see _shared/config.ts).
 */
import { settingsFromEnv } from '../../supabase/functions/_shared/config.ts';
import { createFeedbackHandler, type Handler } from '../../supabase/functions/_shared/handler.ts';
import { feedbackDataDir, feedbackStore, openFeedbackDatabase, type FeedbackDatabase } from './feedbackStore.ts';

export interface LocalFeedback {
  handler: Handler;
  database: FeedbackDatabase;
}

let local: Promise<LocalFeedback> | null = null;

/** The local function and its database, opened on first use and kept for the life of the process. */
export function localFeedback(): Promise<LocalFeedback> {
  if (!local) {
    const opening = (async () => {
      const database = await openFeedbackDatabase(feedbackDataDir());
      const handler = createFeedbackHandler({
        ...settingsFromEnv((name) => process.env[name]),
        store: feedbackStore(database.db),
        // scripts/server/functions.ts puts the socket's address here, replacing anything the client sent.
        clientAddress: (request) => request.headers.get('x-forwarded-for'),
      });
      return { handler, database };
    })();
    // When opening fails (e.g. another program holds the data), the next request tries again.
    opening.catch(() => { if (local === opening) local = null; });
    local = opening;
  }
  return local;
}

/** Closes the local database (tests, shutdown). */
export async function closeLocalFeedback(): Promise<void> {
  const current = local;
  local = null;
  if (current) await (await current).database.close();
}

/** The handler registered as /functions/v1/send-feedback. It answers 503 while the database cannot be opened. */
export async function localFeedbackHandler(): Promise<Handler> {
  return async (request) => {
    let feedback: LocalFeedback;
    try {
      feedback = await localFeedback();
    } catch (error) {
      console.error('send-feedback: the local feedback database could not be opened.', error);
      return new Response(JSON.stringify({ error: 'Feedback cannot be saved just now. Please try again later.' }), {
        status: 503,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    return feedback.handler(request);
  };
}
