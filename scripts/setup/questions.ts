/**
 * What only a person can give `npm run setup`: their keys to the platforms, the website's address, the practice
 * manager, and the mail provider's login. Each question says where the answer comes from and is checked as typed.
 */

export interface Answers {
  supabaseToken: string;
  /** The Supabase organisation the project is made in, when the account has several (its id or name). */
  supabaseOrganization?: string;
  githubRepository: string;
  githubSetupToken: string;
  githubFunctionToken: string;
  netlifyToken: string;
  siteAddress: string;
  managerName: string;
  managerEmail: string;
  smtpHost: string;
  smtpUser: string;
  smtpPass: string;
  smtpSender: string;
}

export interface Question {
  key: keyof Answers;
  ask: string;
  /** Where the answer comes from (EDITING.md, "Going live", has the steps). */
  where: string;
  /** Typed without showing it. */
  secret?: boolean;
  optional?: boolean;
  /** Why the answer cannot be right, in words; '' when it may be. */
  check?(value: string): string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email = (what: string) => (value: string) => (EMAIL.test(value) ? '' : `${value || 'Nothing'} is not an e-mail address: type ${what}.`);

export const QUESTIONS: Question[] = [
  { key: 'supabaseToken', ask: 'Supabase access token', where: 'Supabase > Account > Access tokens > Generate new token', secret: true, check: (v) => (v.startsWith('sbp_') ? '' : 'A Supabase access token starts with sbp_: copy the whole token.') },
  { key: 'supabaseOrganization', ask: 'Supabase organisation (Enter for your only one)', where: 'Supabase > Organization settings > General: its slug', optional: true },
  { key: 'githubRepository', ask: 'GitHub repository of the website (owner/name)', where: 'the address of the repository on GitHub, e.g. saltbush-bay/website', check: (v) => (/^[\w.-]+\/[\w.-]+$/.test(v) ? '' : 'Type the owner and the name with a slash between them, e.g. saltbush-bay/website.') },
  { key: 'githubSetupToken', ask: 'GitHub key for setting up', where: 'GitHub > Settings > Developer settings > Fine-grained tokens: this repository only, Secrets and Actions: Read and write', secret: true },
  { key: 'githubFunctionToken', ask: 'GitHub key for the editor to publish with', where: 'another fine-grained token: this repository only, Contents: Read and write, nothing else', secret: true },
  { key: 'netlifyToken', ask: 'Netlify access token', where: 'Netlify > User settings > Applications > Personal access tokens', secret: true },
  { key: 'siteAddress', ask: 'The website\'s address', where: 'e.g. https://www.saltbushbaymedical.com.au', check: (v) => (/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}$/i.test(v) ? '' : 'Type the address as https://www.(the practice\'s domain), with nothing after it.') },
  { key: 'managerName', ask: 'The practice manager\'s name', where: 'the name their changes are published under', check: (v) => (v.trim() ? '' : 'Type the practice manager\'s name.') },
  { key: 'managerEmail', ask: 'The practice manager\'s e-mail address', where: 'they are invited to the editor at this address', check: email('the practice manager\'s address') },
  { key: 'smtpHost', ask: 'Mail provider: SMTP server', where: 'the provider\'s SMTP settings, e.g. smtp.resend.com', check: (v) => (/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(v) ? '' : 'Type the SMTP server\'s name only, e.g. smtp.resend.com.') },
  { key: 'smtpUser', ask: 'Mail provider: SMTP user name', where: 'the provider\'s SMTP settings' },
  { key: 'smtpPass', ask: 'Mail provider: SMTP password or API key', where: 'the provider\'s SMTP settings', secret: true },
  { key: 'smtpSender', ask: 'Address the sign-in e-mails come from', where: 'on a domain the provider has verified, e.g. website@saltbushbaymedical.com.au', check: email('the sender\'s address') },
];

/** Every problem with the answers given, in words; none when they may all be right. */
export function answerProblems(given: Partial<Answers>): string[] {
  return QUESTIONS.flatMap((q) => {
    const value = given[q.key]?.trim() ?? '';
    if (!value) return q.optional ? [] : [`${q.ask}: not given (${q.where}).`];
    const why = q.check?.(value) ?? '';
    return why ? [`${q.ask}: ${why}`] : [];
  });
}
