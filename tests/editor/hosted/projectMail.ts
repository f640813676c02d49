import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SmtpSettings } from './smtpStandIn.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** The e-mails a project sends, as supabase/config.toml sets them up and `supabase config push` sends them to Auth. */
export interface ProjectMail {
  smtp: SmtpSettings;
  otpLength: number;
  otpExpirySeconds: number;
  templates: Record<'magic_link' | 'invite', { subject: string; content: string }>;
}

/** One [table] of the file as its keys' values (strings, numbers, booleans: all this project writes there). */
function table(config: string, name: string): Record<string, string | number | boolean> {
  const header = `[${name}]`;
  const start = config.split('\n').findIndex((line) => line.trim() === header);
  if (start < 0) throw new Error(`supabase/config.toml has no ${header}.`);
  const values: Record<string, string | number | boolean> = {};
  for (const line of config.split('\n').slice(start + 1)) {
    if (line.trim().startsWith('[')) break;
    const pair = /^\s*([a-z_]+)\s*=\s*(.+?)\s*$/.exec(line);
    if (!pair) continue;
    const raw = pair[2];
    values[pair[1]] = raw.startsWith('"') ? JSON.parse(raw) as string : raw === 'true' || raw === 'false' ? raw === 'true' : Number(raw);
  }
  return values;
}

/**
 * The project's mail settings with `env(NAME)` read from `env`, as the CLI reads them when it pushes the file; `port`:
 * where the provider stand-in listens, in place of the provider's.
 */
export function projectMail(env: Record<string, string>, port: number): ProjectMail {
  const config = readFileSync(join(ROOT, 'supabase', 'config.toml'), 'utf8');
  const fromEnv = (value: unknown) => {
    const name = /^env\((\w+)\)$/.exec(String(value))?.[1];
    if (name && env[name] === undefined) throw new Error(`supabase/config.toml reads ${name} from the environment, which the test did not give.`);
    return name ? env[name] : String(value);
  };
  const smtp = table(config, 'auth.email.smtp');
  const email = table(config, 'auth.email');
  const template = (kind: string) => {
    const found = table(config, `auth.email.template.${kind}`);
    return { subject: String(found.subject), content: readFileSync(join(ROOT, String(found.content_path)), 'utf8') };
  };
  if (smtp.enabled !== true) throw new Error('supabase/config.toml does not turn on the project\'s own mail provider.');
  return {
    smtp: { host: fromEnv(smtp.host), port, user: fromEnv(smtp.user), pass: fromEnv(smtp.pass), adminEmail: fromEnv(smtp.admin_email), senderName: fromEnv(smtp.sender_name) },
    otpLength: Number(email.otp_length),
    otpExpirySeconds: Number(email.otp_expiry),
    templates: { magic_link: template('magic_link'), invite: template('invite') },
  };
}
