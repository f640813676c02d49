import { manifest } from 'virtual:site/routes';

/** The profile page of a doctor, from the template page's path in site.yaml (e.g. '/doctors/:slug'). */
export function profileHref(slug: string): string | null {
  const pattern = manifest.profilePaths.doctors;
  return pattern ? pattern.replace(':slug', () => slug) : null;
}
