// The rehearsal's Postgres: PGlite with the migrations, on a thread of its own (a worker), as Postgres is a server of
// its own on Supabase, so its work is not counted as the function's. It answers one query per message. PGlite's code
// and the database come from inside the copy, named by the environment. Deno-only, left out of the Node type check.
const { PGlite } = await import(new URL(Deno.env.get('REHEARSAL_PGLITE') ?? '', import.meta.url).href);
const dump = await Deno.readFile(new URL(Deno.env.get('REHEARSAL_DATABASE') ?? '', import.meta.url));
const db = await PGlite.create({ loadDataDir: new Blob([dump]) });

type Asked = { id: number; text: string; params?: unknown[] };
const scope = self as unknown as { onmessage: ((event: MessageEvent<Asked>) => void) | null; postMessage(message: unknown): void };
scope.onmessage = async ({ data: { id, text, params } }) => {
  try {
    const result = await db.query(text, params);
    scope.postMessage({ id, rows: result.rows });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
scope.postMessage({ ready: true });
