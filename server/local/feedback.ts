/**
 * The send-feedback function for `npm start` and `npm run dev`: the same handler Supabase runs
 * (server/feedback/handler.ts), storing into the local PGlite database (feedbackStore.ts).
 * Settings come from the same environment variables as on Supabase (see ../feedback/config.ts).
 */
import { allowedOriginsFromEnv, settingsFromEnv } from '../feedback/config.ts';
import { corsPolicy, createFeedbackHandler, type Handler } from '../feedback/handler.ts';
import { feedbackDataDir, feedbackStore, localRateLimitSalt, openFeedbackDatabase, type FeedbackDatabase } from './feedbackStore.ts';

export interface LocalFeedback {
  handler: Handler;
  database: FeedbackDatabase;
}

let local: Promise<LocalFeedback> | null = null;

/**
 * The local function and its database, opened once and kept for the life of the process. `npm start` calls this as
 * it starts, so the database opens while the first pages are served; a submission that arrives meanwhile waits for
 * the same opening.
 */
export function localFeedback(): Promise<LocalFeedback> {
  if (!local) {
    const opening = (async () => {
      const dataDir = feedbackDataDir();
      const database = await openFeedbackDatabase(dataDir);
      try {
        const env = (name: string) => process.env[name];
        const handler = createFeedbackHandler({
          ...settingsFromEnv(env, { fallbackSalt: () => localRateLimitSalt(dataDir) }),
          store: feedbackStore(database.db),
          // server/local/functions.ts puts the socket's address here, replacing anything the client sent.
          clientAddress: (request) => request.headers.get('x-forwarded-for'),
        });
        return { handler, database };
      } catch (error) {
        await database.close();
        throw error;
      }
    })();
    // When opening fails (e.g. another program holds the data), the next request tries again.
    opening.catch(() => { if (local === opening) local = null; });
    local = opening;
  }
  return local;
}

/** Closes the local database (tests, shutdown), after an opening still under way; an opening that failed is ignored. */
export async function closeLocalFeedback(): Promise<void> {
  const current = local;
  local = null;
  if (!current) return;
  let feedback: LocalFeedback;
  try {
    feedback = await current;
  } catch {
    return;
  }
  await feedback.database.close();
}

/** The handler registered as /functions/v1/send-feedback. It answers 503 while the database cannot be opened. */
export async function localFeedbackHandler(): Promise<Handler> {
  return async (request) => {
    let feedback: LocalFeedback;
    try {
      feedback = await localFeedback();
    } catch (error) {
      console.error(`send-feedback: the local feedback database could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      let cors: Record<string, string> = {};
      try {
        cors = corsPolicy(allowedOriginsFromEnv((name) => process.env[name])).headers(request);
      } catch {
        // no CORS headers is the safe answer
      }
      return new Response(JSON.stringify({ error: 'Feedback cannot be saved just now. Please try again later.' }), {
        status: 503,
        headers: { ...cors, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '30' },
      });
    }
    return feedback.handler(request);
  };
}
