import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listFeedback, openFeedbackDatabase, type FeedbackDatabase } from '../../server/local/feedbackStore.ts';
import { DEPLOYED_VERSION } from '../../server/deployedVersion.ts';
import { resendNotifier, RESEND_ENDPOINT } from '../../server/feedback/notify.ts';
import { LIMITS } from '../../src/content/feedbackRules.ts';
import { counts, emptyTables, handlerFor, post, SITE_ORIGIN, URL_, valid } from './helpers.ts';
import { limit } from '../../bench/machineSpeed.ts';

// One real Postgres (PGlite, in memory) that ran supabase/migrations, emptied before each test.
let database: FeedbackDatabase;
beforeAll(async () => { database = await openFeedbackDatabase(null); }, limit(60_000));
afterAll(async () => { await database?.close(); });
beforeEach(async () => { await emptyTables(database.db); });

const long = (n: number) => 'x'.repeat(n);

describe('a valid submission', () => {
  it('is stored, trimmed, and answered 200 {ok: true} with CORS headers', async () => {
    const { handler } = handlerFor(database.db);
    const response = await handler(post({ ...valid, name: '  Jane Citizen  ' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect(response.headers.get('content-type')).toContain('application/json');
    const [row] = await listFeedback(database.db);
    expect(row).toMatchObject({ ...valid, name: 'Jane Citizen' });
    expect(Date.now() - Date.parse(row.createdAt)).toBeLessThan(60_000);
  });

  it('needs only a message; the type defaults to general', async () => {
    const { handler } = handlerFor(database.db);
    expect((await handler(post({ message: 'Just the message' }))).status).toBe(200);
    expect(await listFeedback(database.db)).toMatchObject([{ name: '', email: '', phone: '', feedbackType: 'general', message: 'Just the message' }]);
  });

  it('stores script text as plain text, byte for byte', async () => {
    const { handler } = handlerFor(database.db);
    const message = '<script>alert("x")</script> & <img src=x onerror=alert(1)> \'; drop table feedback; --';
    expect((await handler(post({ message }))).status).toBe(200);
    expect((await listFeedback(database.db))[0].message).toBe(message);
  });

  it('keeps line breaks, tabs, emoji and accents in the message, and accepts every field at its longest', async () => {
    const { handler } = handlerFor(database.db);
    const message = `Line one\n\tLine two 👍 café ${long(LIMITS.message - 40)}`.slice(0, LIMITS.message);
    const emoji = '😀'.repeat(LIMITS.name); // 200 characters, 400 UTF-16 units: counted as people count them
    const email = `${long(LIMITS.email - 12)}@example.com`;
    expect((await handler(post({ name: emoji, email, phone: '+61 (8) 8377-1234', feedbackType: 'complaint', message }))).status).toBe(200);
    expect((await listFeedback(database.db))[0]).toMatchObject({ name: emoji, email, message });
  });
});

type BadCase = [string, () => Request, number];
const badInputs: BadCase[] = [
  ['missing message', () => post({ name: 'A' }), 422],
  ['empty message', () => post({ message: '' }), 422],
  ['blank message (spaces and line breaks)', () => post({ message: '  \n\t  ' }), 422],
  ['message is a number', () => post({ message: 42 }), 422],
  ['message is null', () => post({ message: null }), 422],
  ['message is an array', () => post({ message: ['hello'] }), 422],
  ['message is an object', () => post({ message: { text: 'hello' } }), 422],
  ['message is a boolean', () => post({ message: true }), 422],
  ['message too long', () => post({ message: long(LIMITS.message + 1) }), 422],
  ['name too long', () => post({ ...valid, name: long(LIMITS.name + 1) }), 422],
  ['email too long', () => post({ ...valid, email: `${long(LIMITS.email)}@example.com` }), 422],
  ['phone too long', () => post({ ...valid, phone: '1'.repeat(LIMITS.phone + 1) }), 422],
  ['name is a number', () => post({ ...valid, name: 7 }), 422],
  ['email is a boolean', () => post({ ...valid, email: false }), 422],
  ['phone is an object', () => post({ ...valid, phone: { number: '0883771234' } }), 422],
  ['e-mail without @', () => post({ ...valid, email: 'jane.example.com' }), 422],
  ['e-mail with a space', () => post({ ...valid, email: 'jane citizen@example.com' }), 422],
  ['e-mail with two @', () => post({ ...valid, email: 'jane@@example.com' }), 422],
  ['e-mail without a domain dot', () => post({ ...valid, email: 'jane@localhost' }), 422],
  ['phone with letters', () => post({ ...valid, phone: 'call me maybe' }), 422],
  ['phone with too few digits', () => post({ ...valid, phone: '12' }), 422],
  ['unknown feedbackType', () => post({ ...valid, feedbackType: 'spam' }), 422],
  ['feedbackType in capitals', () => post({ ...valid, feedbackType: 'Complaint' }), 422],
  ['empty feedbackType', () => post({ ...valid, feedbackType: '' }), 422],
  ['feedbackType is a number', () => post({ ...valid, feedbackType: 1 }), 422],
  ['an unknown field', () => post({ ...valid, isAdmin: true }), 422],
  ['a __proto__ field', () => post(`{"message":"hi","__proto__":{"admin":true}}`), 422],
  ['NUL character in the message', () => post({ message: 'hello\u0000world' }), 422],
  ['bell character in the name', () => post({ ...valid, name: 'Jane\u0007' }), 422],
  ['line break in the name', () => post({ ...valid, name: 'Jane\nCitizen' }), 422],
  ['escape sequence in the message', () => post({ message: 'red \u001b[31m text' }), 422],
  ['half a surrogate pair in the message', () => post('{"message":"broken \\ud83d here"}'), 422],
  ['invalid JSON', () => post('{"message": "hello"'), 400],
  ['an empty body', () => post(''), 400],
  ['a JSON array', () => post([valid]), 400],
  ['JSON null', () => post('null'), 400],
  ['a JSON string', () => post('"hello"'), 400],
  ['a JSON number', () => post('12'), 400],
  ['bytes that are not UTF-8', () => post(new Uint8Array([0x7b, 0x22, 0x6d, 0xff, 0xfe, 0x22, 0x7d])), 400],
  ['text/plain', () => post(valid, { 'content-type': 'text/plain' }), 415],
  ['form-encoded', () => post('message=hello', { 'content-type': 'application/x-www-form-urlencoded' }), 415],
  ['no content type', () => new Request(URL_, { method: 'POST', body: new Blob([JSON.stringify(valid)]) }), 415],
  ['JSON in Latin-1', () => post(valid, { 'content-type': 'application/json; charset=iso-8859-1' }), 415],
  ['a body over 64 KB', () => post({ message: 'x', name: long(70 * 1024) }), 413],
  ['a Content-Length over 64 KB', () => post(valid, { 'content-length': String(10 * 1024 * 1024) }), 413],
  ['GET', () => new Request(URL_, { method: 'GET', headers: { origin: SITE_ORIGIN } }), 405],
  ['GET of another path than its version', () => new Request(`${URL_}/version/x`, { method: 'GET' }), 405],
  ['asking its version from a page on another website', () => new Request(`${URL_}/version`, { method: 'GET', headers: { origin: 'https://evil.example' } }), 403],
  ['PUT', () => new Request(URL_, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(valid) }), 405],
  ['a page on another website', () => post(valid, { origin: 'https://evil.example' }), 403],
  ['a message of zero-width spaces only', () => post({ message: '\u200B\u200B\u200B\u200B' }), 422],
  ['a message of U+3164 HANGUL FILLER only', () => post({ message: '\u3164\u3164' }), 422],
  ['a message of joiners, bidi controls and a BOM only', () => post({ message: '\u200D\u202E\u2066\uFEFF \u2060' }), 422],
  ['a submissionId that is not a UUID', () => post({ ...valid, submissionId: 'retry-1' }), 422],
  ['a submissionId that is a number', () => post({ ...valid, submissionId: 7 }), 422],
];

describe(`bad input (${badInputs.length} kinds): a 4xx with a JSON error, CORS headers, and nothing stored`, () => {
  it.each(badInputs)('%s', async (_name, request, status) => {
    const { handler } = handlerFor(database.db, { rateLimit: 5 });
    const response = await handler(request());
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error?: unknown };
    expect(typeof body.error).toBe('string');
    expect((body.error as string).length).toBeGreaterThan(10);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('vary')).toBe('Origin');
    expect(await counts(database.db)).toEqual({ feedback: 0, rate: 0 });
  });

  it('covers at least 30 kinds', () => {
    expect(badInputs.length).toBeGreaterThanOrEqual(30);
  });
});

describe('retries: the same submissionId', () => {
  const id = () => crypto.randomUUID();

  it('is stored once; every repeat gets the same success, and the practice is told once', async () => {
    let notices = 0;
    const { handler } = handlerFor(database.db, { notify: async () => { notices++; } });
    const submissionId = id();
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await handler(post({ ...valid, submissionId }));
      answers.push([response.status, await response.json()]);
    }
    expect(answers).toEqual([[200, { ok: true }], [200, { ok: true }], [200, { ok: true }]]);
    expect((await counts(database.db)).feedback).toBe(1);
    expect(notices).toBe(1);
    // Another id with the same words is another submission.
    expect((await handler(post({ ...valid, submissionId: id() }))).status).toBe(200);
    expect((await counts(database.db)).feedback).toBe(2);
  });

  it('is stored once when 20 copies arrive at the same moment', async () => {
    const { handler } = handlerFor(database.db, { rateLimit: 100 });
    const submissionId = id();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => handler(post({ ...valid, submissionId })).then((r) => r.status)));
    expect(statuses).toEqual(Array(20).fill(200));
    expect(await counts(database.db)).toEqual({ feedback: 1, rate: 1 });
  });

  it('matches whatever the letter case of the UUID', async () => {
    const { handler } = handlerFor(database.db);
    const submissionId = id();
    await handler(post({ ...valid, submissionId }));
    expect((await handler(post({ ...valid, submissionId: submissionId.toUpperCase() }))).status).toBe(200);
    expect((await counts(database.db)).feedback).toBe(1);
  });

  it('does not count a repeat against the rate limit', async () => {
    const { handler } = handlerFor(database.db, { rateLimit: 1 });
    const submissionId = id();
    expect((await handler(post({ ...valid, submissionId }))).status).toBe(200);
    expect((await handler(post({ ...valid, submissionId }))).status).toBe(200);
    expect((await handler(post({ ...valid, submissionId: id() }))).status).toBe(429);
    expect(await counts(database.db)).toEqual({ feedback: 1, rate: 1 });
  });
});

describe('text that shows nothing, or reads backwards', () => {
  it('stores a name of invisible characters as no name', async () => {
    const { handler } = handlerFor(database.db);
    expect((await handler(post({ ...valid, name: '\u200B\u3164' }))).status).toBe(200);
    expect((await listFeedback(database.db))[0].name).toBe('');
  });

  it('stores bidirectional controls as sent (the export shows them)', async () => {
    const { handler } = handlerFor(database.db);
    const message = 'Refund for invoice \u202Efdp.exe\u202C please';
    expect((await handler(post({ message }))).status).toBe(200);
    expect((await listFeedback(database.db))[0].message).toBe(message);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with 204 and the headers supabase-js sends', async () => {
    const { handler } = handlerFor(database.db, { allowedOrigins: ['https://www.saltbushbay.example'] });
    const response = await handler(new Request(URL_, {
      method: 'OPTIONS',
      headers: { origin: 'https://www.saltbushbay.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, x-client-info, apikey, content-type' },
    }));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://www.saltbushbay.example');
    for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type']) {
      expect(response.headers.get('access-control-allow-headers')).toContain(header);
    }
  });

  it('refuses a preflight from another origin, without an allow-origin header', async () => {
    const { handler } = handlerFor(database.db, { allowedOrigins: ['https://www.saltbushbay.example'] });
    const response = await handler(new Request(URL_, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } }));
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("allows any origin with '*', and requests without an Origin (not from a browser page)", async () => {
    const any = handlerFor(database.db, { allowedOrigins: '*' }).handler;
    const fromAnywhere = await any(post(valid, { origin: 'https://elsewhere.example' }));
    expect(fromAnywhere.status).toBe(200);
    expect(fromAnywhere.headers.get('access-control-allow-origin')).toBe('*');
    const { handler } = handlerFor(database.db);
    expect((await handler(new Request(URL_, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(valid) }))).status).toBe(200);
    expect((await counts(database.db)).feedback).toBe(2);
  });

  it('puts the allow-origin header on errors too, so the browser can read them', async () => {
    const { handler } = handlerFor(database.db, { allowedOrigins: ['https://www.saltbushbay.example'] });
    const response = await handler(post({ message: '' }, { origin: 'https://www.saltbushbay.example' }));
    expect(response.status).toBe(422);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://www.saltbushbay.example');
  });
});

describe('the version deployed', () => {
  it('answers GET send-feedback/version with the version the deploy wrote, to anyone, and stores nothing', async () => {
    const { handler } = handlerFor(database.db, { version: '0123456789abcdef' });
    const response = await handler(new Request(`${URL_}/version`, { method: 'GET', headers: { origin: SITE_ORIGIN } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version: '0123456789abcdef' });
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const unstamped = handlerFor(database.db).handler;
    expect(await (await unstamped(new Request(`${URL_}/version`))).json()).toEqual({ version: DEPLOYED_VERSION });
    expect(await counts(database.db)).toEqual({ feedback: 0, rate: 0 });
  });
});

describe('honeypot', () => {
  it('answers a filled honeypot 200 like a success and stores nothing', async () => {
    const { handler } = handlerFor(database.db, { rateLimit: 5 });
    const response = await handler(post({ ...valid, website: 'https://spam.example' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await counts(database.db)).toEqual({ feedback: 0, rate: 0 });
  });

  it('treats an empty honeypot as a person', async () => {
    const { handler } = handlerFor(database.db);
    expect((await handler(post({ ...valid, website: '' }))).status).toBe(200);
    expect((await counts(database.db)).feedback).toBe(1);
  });
});

describe('rate limit', () => {
  it('accepts FEEDBACK_RATE_LIMIT submissions per client per hour, then 429 with Retry-After; other clients are unaffected', async () => {
    const { handler } = handlerFor(database.db, { rateLimit: 3 });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await handler(post({ message: `m${i}` }))).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await handler(post({ message: 'again' }));
    expect(await limited.json()).toEqual({ error: expect.stringMatching(/try again later/i) });
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    expect((await handler(post({ message: 'other client' }, { 'x-forwarded-for': '198.51.100.2' }))).status).toBe(200);
    expect((await counts(database.db)).feedback).toBe(4);
  });

  it('holds under concurrency: 40 at once from one client with a limit of 5 stores exactly 5', async () => {
    const { handler } = handlerFor(database.db, { rateLimit: 5 });
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => handler(post({ message: `burst ${i}` })).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect((await counts(database.db)).feedback).toBe(5);
  });

  it('keeps only a salted SHA-256 of the address, never the address', async () => {
    const { handler } = handlerFor(database.db, { rateLimit: 5 });
    await handler(post(valid));
    const { rows } = await database.db.query<{ client_hash: string }>('select client_hash from public.feedback_rate_limit');
    expect(rows).toHaveLength(1);
    expect(rows[0].client_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify((await database.db.query('select * from public.feedback_rate_limit')).rows);
    expect(dump).not.toContain('203.0.113.7');
    // The same address with another salt gives another hash: the table cannot be matched against a list of addresses.
    await handlerFor(database.db, { rateLimit: 5, rateLimitSalt: 'another-salt' }).handler(post(valid));
    const hashes = (await database.db.query<{ client_hash: string }>('select distinct client_hash from public.feedback_rate_limit')).rows;
    expect(hashes).toHaveLength(2);
  });

  it('is off with a limit of 0', async () => {
    const { handler } = handlerFor(database.db, { rateLimit: 0 });
    for (let i = 0; i < 12; i++) expect((await handler(post({ message: `m${i}` }))).status).toBe(200);
    expect(await counts(database.db)).toEqual({ feedback: 12, rate: 0 });
  });
});

describe('store failure', () => {
  it('answers 500 and leaves nothing half-written when the insert fails after the rate-limit row', async () => {
    const db = database.db;
    // A real failure inside the one transaction: the rate-limit row goes in first, then the feedback insert is refused.
    await db.exec(`
      create function public.refuse_feedback() returns trigger language plpgsql as $$ begin raise exception 'disk full (test)'; end $$;
      create trigger refuse before insert on public.feedback for each row execute function public.refuse_feedback();`);
    try {
      const { handler, logged } = handlerFor(db, { rateLimit: 5 });
      const response = await handler(post(valid));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/could not be saved/) });
      expect(response.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
      expect(await counts(db)).toEqual({ feedback: 0, rate: 0 });
      expect(logged.join('\n')).toMatch(/store failed/);
    } finally {
      await db.exec('drop trigger refuse on public.feedback; drop function public.refuse_feedback();');
    }
  });

  it('answers 500 when the database cannot run the store at all (e.g. the migration was not applied)', async () => {
    const db = database.db;
    await db.exec('alter function public.submit_feedback rename to submit_feedback_away');
    try {
      const { handler, logged } = handlerFor(db);
      const response = await handler(post(valid));
      expect(response.status).toBe(500);
      expect(typeof ((await response.json()) as { error: string }).error).toBe('string');
      expect(logged).toHaveLength(1);
      expect(await counts(db)).toEqual({ feedback: 0, rate: 0 });
    } finally {
      await db.exec('alter function public.submit_feedback_away rename to submit_feedback');
    }
  });
});

describe('notification e-mail', () => {
  it('sends a notice without the message through the provider after storing', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{"id":"1"}', { status: 200 });
    }) as unknown as typeof fetch;
    const notify = resendNotifier({ apiKey: 'test-key', from: 'site@example.com', to: ['manager@example.com'], fetch: fakeFetch });
    const { handler } = handlerFor(database.db, { notify });
    expect((await handler(post({ ...valid, feedbackType: 'complaint', message: 'Private details here' }))).status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(RESEND_ENDPOINT);
    expect(new Headers(calls[0].init.headers).get('authorization')).toBe('Bearer test-key');
    const sent = JSON.parse(String(calls[0].init.body)) as { to: string[]; subject: string; text: string };
    expect(sent.to).toEqual(['manager@example.com']);
    expect(sent.subject).toContain('complaint');
    expect(sent.text).not.toContain('Private details here');
    expect((await counts(database.db)).feedback).toBe(1);
  });

  it('never loses the submission when the e-mail fails', async () => {
    for (const failing of [
      (async () => new Response('quota exceeded', { status: 500 })) as unknown as typeof fetch,
      (async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch,
    ]) {
      const notify = resendNotifier({ apiKey: 'k', from: 'a@example.com', to: ['b@example.com'], fetch: failing });
      const { handler, logged } = handlerFor(database.db, { notify });
      expect((await handler(post(valid))).status).toBe(200);
      expect(logged.join('\n')).toMatch(/stored, but the notification e-mail failed/);
    }
    expect((await counts(database.db)).feedback).toBe(2);
  });
});
