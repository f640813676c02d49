// The send-feedback Edge Function on Supabase (Deno). Deploy: supabase functions deploy send-feedback --no-verify-jwt
// The handler, the rules and the store live in ../_shared/ and are the same code `npm start` runs under Node.
// This file is Deno-only (npm: imports, Deno.*) and is left out of the Node type check (tsconfig.json "exclude").
import postgres from 'npm:postgres@3.4.9';
import { settingsFromEnv } from '../_shared/config.ts';
import { createFeedbackHandler } from '../_shared/handler.ts';
import { sqlStore } from '../_shared/store.ts';

// SUPABASE_DB_URL is provided to every Edge Function by Supabase; it never leaves the server.
const dbUrl = Deno.env.get('SUPABASE_DB_URL');
if (!dbUrl) throw new Error('SUPABASE_DB_URL is not set: the function cannot reach the database.');

// prepare: false keeps it working through Supavisor's transaction pooler as well as a direct connection.
const sql = postgres(dbUrl, { max: 3, prepare: false, idle_timeout: 20, connect_timeout: 10 });

/** The visitor's address as Supabase's edge reports it (the platform sets these; a client cannot choose them). */
function clientAddress(request: Request): string | null {
  const direct = request.headers.get('cf-connecting-ip') ?? request.headers.get('x-real-ip');
  if (direct) return direct.trim();
  // Otherwise the hop nearest the platform: the right-most entry, the one a client cannot forge.
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').map((part) => part.trim()).filter(Boolean);
  return forwarded?.at(-1) ?? null;
}

const handler = createFeedbackHandler({
  ...settingsFromEnv((name) => Deno.env.get(name)),
  store: sqlStore((text, params) => sql.unsafe(text, params as never[])),
  clientAddress,
});

Deno.serve(handler);
