/**
 * What /admin says when Supabase Auth refuses a sign-in, read from the errors supabase-js itself makes of Auth's
 * answers: the client (as /admin's) asks the project's stand-in, whose e-mails go to a mail provider's stand-in.
 */
// supabase-js's own Auth client (its `auth`), without the realtime part Node 20 cannot start.
import { AuthClient } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorCatalogue } from '../../../src/content/errors.ts';
import { linkTrouble, signInTrouble } from '../../../src/editor/admin/signInWords.ts';
import { projectMail } from './projectMail.ts';
import { startSmtpStandIn, type SmtpStandIn } from './smtpStandIn.ts';
import { startSupabaseStandIn, type SupabaseStandIn } from './supabaseStandIn.ts';

let smtp: SmtpStandIn;
let supabase: SupabaseStandIn;
let clock = Date.parse('2026-12-07T08:00:00+11:00');
beforeAll(async () => {
  smtp = await startSmtpStandIn({ user: 'resend', pass: 'key' });
  const mail = projectMail({ SMTP_HOST: smtp.host, SMTP_USER: 'resend', SMTP_PASS: 'key', SMTP_SENDER: 'website@practice.example' }, smtp.port);
  supabase = await startSupabaseStandIn({ secret: 'the-projects-jwt-secret-at-least-32-characters-long', siteOrigin: 'https://www.practice.example', functions: {}, mail, emailsPerHour: 2, now: () => clock });
  supabase.addUser('karen@practice.example', '');
  supabase.addUser('sam@practice.example', '');
});
afterAll(async () => { await supabase?.close(); await smtp?.close(); });

const client = (url = supabase.url) => new AuthClient({ url: `${url}/auth/v1`, headers: { apikey: 'publishable-key' }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
async function ask(email: string, url?: string) {
  const { error } = await client(url).signInWithOtp({ email, options: { shouldCreateUser: false } });
  return error ? signInTrouble(error, email, true) : 'sent';
}

describe('signing in to /admin, in words', () => {
  it('says who was not invited, a refused e-mail, too many e-mails, a wrong code, and an unreachable service', async () => {
    expect(await ask('nobody@practice.example')).toBe(editorCatalogue.SignInNotInvited('nobody@practice.example'));
    smtp.refuse('550 5.7.1 Sender address rejected: domain not verified');
    expect(await ask('karen@practice.example')).toBe(editorCatalogue.SignInMailRefused());
    smtp.refuse(undefined);
    // One e-mail a minute to an address, by Auth's clock.
    expect(await ask('karen@practice.example')).toBe(editorCatalogue.SignInMailTooMany());
    clock += 61_000;
    expect(await ask('karen@practice.example')).toBe('sent');
    // And so many an hour in all (2 here, as a new project's built-in mailer allows; the refused one counted).
    expect(await ask('sam@practice.example')).toBe(editorCatalogue.SignInMailTooMany());
    const { error } = await client().verifyOtp({ email: 'karen@practice.example', token: '00000a', type: 'email' });
    expect(error && signInTrouble(error, 'karen@practice.example', false)).toBe(editorCatalogue.SignInCodeWrong());
    expect(await ask('karen@practice.example', 'http://127.0.0.1:9')).toBe(editorCatalogue.SignInOffline());
  });

  it('signs in with the code of the newest e-mail, once', async () => {
    clock += 3_600_000;
    expect(await ask('sam@practice.example')).toBe('sent');
    const code = /\b(\d{6})\b/.exec(smtp.messages.at(-1)?.data.replace(/<[^>]*>/g, ' ') ?? '')?.[1] ?? '';
    const first = await client().verifyOtp({ email: 'sam@practice.example', token: code, type: 'email' });
    expect(first.error).toBeNull();
    expect(first.data.user?.email).toBe('sam@practice.example');
    const again = await client().verifyOtp({ email: 'sam@practice.example', token: code, type: 'email' });
    expect(again.error && signInTrouble(again.error, 'sam@practice.example', false)).toBe(editorCatalogue.SignInCodeWrong());
  });

  it('says why a link led back without signing in, and nothing for an address without a refusal', () => {
    expect(linkTrouble('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toBe(editorCatalogue.SignInLinkExpired());
    expect(linkTrouble('#error=server_error&error_description=Database+error')).toBe(editorCatalogue.SignInFailed('Database error'));
    expect(linkTrouble('#access_token=abc&type=magiclink')).toBeUndefined();
    expect(linkTrouble('')).toBeUndefined();
  });
});
