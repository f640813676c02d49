import type { SiteIdentity } from '../generated/site.ts';

/**
 * The browser tab title: the page's title, then the practice's name unless the title already has it; '{year}'
 * becomes the year. Pure, so the prerendered <head> and client-side navigation agree.
 */
export function documentTitle(title: string, site: Pick<SiteIdentity, 'name' | 'titleSeparator'>, year: number): string {
  const full = title.includes(site.name) ? title : `${title}${site.titleSeparator ?? ' | '}${site.name}`;
  return full.replaceAll('{year}', () => String(year));
}
