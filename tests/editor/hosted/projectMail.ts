import { projectMail as fromConfig, type ProjectMail } from '../../../scripts/setup/projectConfig.ts';

export type { ProjectMail };

/** The project's mail as supabase/config.toml sets it up, given the provider stand-in's login; `port`: where it listens. */
export function projectMail(env: Record<string, string>, port: number): ProjectMail {
  const mail = fromConfig(env);
  return { ...mail, smtp: { ...mail.smtp, port } };
}
