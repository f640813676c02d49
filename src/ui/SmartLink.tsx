import { createContext, use, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react';
import { useLayout } from './context.ts';

interface Props {
  href: string;
  newTab?: boolean;
  /** Said to screen readers after a new-tab link; a block's own words win over the site's (ui.newTab). */
  newTabLabel?: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
  'aria-label'?: string;
  'aria-current'?: 'page';
}

export type PageLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * How a link to one of the site's pages is followed where the whole app runs in the browser (the dev server: its
 * router's Link, which shows the page in place). Nothing in production: each page is a page load, prefetched by the
 * browser, so a link is a plain anchor and the pages that move nothing load no script.
 */
export const PageLinkContext = createContext<ComponentType<PageLinkProps> | null>(null);

/** A page of this site goes through the router; files, other sites, tel: and mailto: are plain links. */
export function isRouterPath(href: string): boolean {
  return href.startsWith('/') && !/\.[a-z0-9]+$/i.test(href.split(/[?#]/)[0]);
}

/** A link that opens a new tab says so to screen readers, or it would move them somewhere else without warning. */
export function SmartLink({ href, newTab, newTabLabel, children, ...rest }: Props) {
  const { ui } = useLayout();
  const label = newTabLabel ?? ui.newTab;
  const tab = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const content = newTab && label ? <>{children}<span className="visually-hidden"> {label}</span></> : children;
  const PageLink = use(PageLinkContext);
  if (PageLink && isRouterPath(href)) return <PageLink href={href} {...tab} {...rest}>{content}</PageLink>;
  return <a href={href} {...tab} {...rest}>{content}</a>;
}
