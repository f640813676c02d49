import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
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
  if (isRouterPath(href)) return <Link to={href} {...tab} {...rest}>{content}</Link>;
  return <a href={href} {...tab} {...rest}>{content}</a>;
}
