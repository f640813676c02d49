/**
 * The sign-in settings of supabase/config.toml, read as the Supabase CLI reads them when it pushes the file: one
 * [table] at a time, `env(NAME)` taken from the environment it is given. `npm run setup` sends them to a project
 * through the management API; the tests give them to the Auth stand-in.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

type Value = string | number | boolean;

/**
 * One [table] of supabase/config.toml ('' for the keys before the first): its keys' values (strings, numbers,
 * booleans: all this project writes there).
 */
export function configTable(name: string, root = ROOT): Record<string, Value> {
  const lines = readFileSync(join(root, 'supabase', 'config.toml'), 'utf8').split('\n');
  const start = name ? lines.findIndex((line) => line.trim() === `[${name}]`) : -1;
  if (name && start < 0) throw new Error(`supabase/config.toml has no [${name}].`);
  const values: Record<string, Value> = {};
  for (const line of lines.slice(start + 1)) {
    if (line.trim().startsWith('[')) break;
    const pair = /^\s*([a-z_]+)\s*=\s*(.+?)\s*$/.exec(line);
    if (!pair) continue;
    const raw = pair[2];
    values[pair[1]] = raw.startsWith('"') ? JSON.parse(raw) as string : raw === 'true' || raw === 'false' ? raw === 'true' : Number(raw);
  }
  return values;
}

export interface SmtpSettings { host: string; port: number; user: string; pass: string; adminEmail: string; senderName: string }

/** The e-mails a project sends, as supabase/config.toml sets them up. */
export interface ProjectMail {
  smtp: SmtpSettings;
  otpLength: number;
  otpExpirySeconds: number;
  templates: Record<'magic_link' | 'invite', { subject: string; content: string }>;
}

/** The project's mail settings, `env(NAME)` read from `env`; a name it lacks is an error, as the CLI's push makes it. */
export function projectMail(env: Record<string, string | undefined>, root = ROOT): ProjectMail {
  const fromEnv = (value: Value) => {
    const name = /^env\((\w+)\)$/.exec(String(value))?.[1];
    if (!name) return String(value);
    const found = env[name];
    if (found === undefined) throw new Error(`supabase/config.toml reads ${name} from the environment, which is not set.`);
    return found;
  };
  const smtp = configTable('auth.email.smtp', root);
  const email = configTable('auth.email', root);
  const template = (kind: string) => {
    const found = configTable(`auth.email.template.${kind}`, root);
    return { subject: String(found.subject), content: readFileSync(join(root, String(found.content_path)), 'utf8') };
  };
  if (smtp.enabled !== true) throw new Error('supabase/config.toml does not turn on the project\'s own mail provider ([auth.email.smtp] enabled).');
  return {
    smtp: { host: fromEnv(smtp.host), port: Number(smtp.port), user: fromEnv(smtp.user), pass: fromEnv(smtp.pass), adminEmail: fromEnv(smtp.admin_email), senderName: fromEnv(smtp.sender_name) },
    otpLength: Number(email.otp_length),
    otpExpirySeconds: Number(email.otp_expiry),
    templates: { magic_link: template('magic_link'), invite: template('invite') },
  };
}

/**
 * The project's Auth settings as the management API names them (PATCH /v1/projects/{ref}/config/auth): the file's
 * sign-in settings, and the website's address, where the e-mails' links may lead.
 */
export function authSettings(mail: ProjectMail, siteAddress: string, root = ROOT): Record<string, string | number | boolean> {
  const auth = configTable('auth', root);
  return {
    site_url: siteAddress,
    uri_allow_list: `${siteAddress}/admin/`,
    disable_signup: auth.enable_signup === false,
    external_anonymous_users_enabled: auth.enable_anonymous_sign_ins === true,
    smtp_host: mail.smtp.host,
    smtp_port: String(mail.smtp.port),
    smtp_user: mail.smtp.user,
    smtp_pass: mail.smtp.pass,
    smtp_admin_email: mail.smtp.adminEmail,
    smtp_sender_name: mail.smtp.senderName,
    mailer_otp_length: mail.otpLength,
    mailer_otp_exp: mail.otpExpirySeconds,
    mailer_subjects_magic_link: mail.templates.magic_link.subject,
    mailer_templates_magic_link_content: mail.templates.magic_link.content,
    mailer_subjects_invite: mail.templates.invite.subject,
    mailer_templates_invite_content: mail.templates.invite.content,
  };
}
