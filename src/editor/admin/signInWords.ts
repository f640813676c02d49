import { editorCatalogue } from '../../content/errors.ts';

/**
 * Supabase Auth's refusals in words: an AuthApiError's code and status as GoTrue answers them. supabase-js keeps no
 * words or code of a 5xx answer (an AuthRetryableFetchError with its status), so a fault while `sending` an e-mail is
 * read as the mail service's: it is what GoTrue answers 500 for there.
 */
export function signInTrouble(error: { code?: string; status?: number; message: string }, email: string, sending: boolean): string {
  if (error.code === 'otp_disabled' || error.code === 'user_not_found') return editorCatalogue.SignInNotInvited(email);
  if (error.code === 'over_email_send_rate_limit' || error.code === 'over_request_rate_limit' || error.status === 429) return editorCatalogue.SignInMailTooMany();
  if (error.code === 'otp_expired' || error.code === 'invalid_credentials') return editorCatalogue.SignInCodeWrong();
  if (error.status === 0) return editorCatalogue.SignInOffline();
  if (sending && (error.status ?? 0) >= 500) return editorCatalogue.SignInMailRefused();
  return editorCatalogue.SignInFailed(error.message);
}

/**
 * Why an e-mailed link did not sign in, from the address it led back to (Supabase puts its refusal in the fragment,
 * e.g. #error=access_denied&error_code=otp_expired): in words, or undefined when the address holds none.
 */
export function linkTrouble(hash: string): string | undefined {
  const said = new URLSearchParams(hash.replace(/^#/, ''));
  const code = said.get('error_code');
  if (!code && !said.get('error')) return undefined;
  return code === 'otp_expired' ? editorCatalogue.SignInLinkExpired() : editorCatalogue.SignInFailed(said.get('error_description') ?? '');
}
