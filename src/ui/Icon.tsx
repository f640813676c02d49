import { useContext } from 'react';
import type { IconName } from '../generated/site.ts';
import { PageContext, useLayout } from './context.ts';

/**
 * A decorative line icon: the text beside it carries the meaning. Its path data comes with the page (icons named in
 * site.yaml) or the layout (LAYOUT_ICONS in iconPaths.ts, or its block's drawsIcons), so no page downloads the whole set.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const d = useContext(PageContext)?.icons[name] ?? useLayout().icons[name];
  // The prerender renders every page and stops the build on this, so the browser's copy needs no explanation.
  if (!d) throw new Error(import.meta.env.SSR ? `Icon "${name}" was not shipped with this page: list it in its block's drawsIcons (schema/blocks/) or in LAYOUT_ICONS (src/content/iconPaths.ts)` : name);
  return (
    <svg className={['icon', className].filter(Boolean).join(' ')} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"
      fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}
