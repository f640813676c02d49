// The send-feedback Edge Function on Supabase (Deno). Deploy: supabase functions deploy send-feedback --no-verify-jwt
// The handler and the store live in server/feedback/ and are the same code `npm start` runs under Node.
// This file is Deno-only (npm: imports, Deno.*) and is left out of the Node type check (tsconfig.json "exclude").
import postgres from 'npm:postgres@3.4.9';
import { edgeClientAddress } from '../../../server/feedback/clientAddress.ts';
import { settingsFromEnv } from '../../../server/feedback/config.ts';
import { createFeedbackHandler } from '../../../server/feedback/handler.ts';
import { serverKeyFrom } from '../../../server/serverKey.ts';
import { SET_WRITER_ROLE, sqlStore } from '../../../server/feedback/store.ts';

// SUPABASE_DB_URL is provided to every Edge Function by Supabase; it never leaves the server.
const dbUrl = Deno.env.get('SUPABASE_DB_URL');
if (!dbUrl) throw new Error('SUPABASE_DB_URL is not set: the function cannot reach the database.');

// prepare: false keeps it working through Supavisor's transaction pooler as well as a direct connection.
const sql = postgres(dbUrl, { max: 3, prepare: false, idle_timeout: 20, connect_timeout: 10 });

// The database URL logs in as the project's owner: each call narrows itself to feedback_writer for its transaction,
// a role that can only call public.submit_feedback (supabase/migrations).
const store = sqlStore((text, params) =>
  sql.begin(async (tx) => {
    await tx.unsafe(SET_WRITER_ROLE);
    return await tx.unsafe(text, params as never[]);
  }),
);

// Without FEEDBACK_RATE_LIMIT_SALT, a salt derived from the project's secret key (Supabase gives every function one,
// the same after each cold start), so the limit does not start again whenever an instance does.
const serviceKey = serverKeyFrom((name) => Deno.env.get(name));

const handler = createFeedbackHandler({
  ...settingsFromEnv((name) => Deno.env.get(name), { fallbackSalt: () => (serviceKey ? `send-feedback rate limit\u0000${serviceKey}` : '') }),
  store,
  clientAddress: edgeClientAddress,
});

Deno.serve(handler);
