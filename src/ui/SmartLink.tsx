import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface Props {
  href: string;
  newTab?: boolean;
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

export function SmartLink({ href, newTab, children, ...rest }: Props) {
  const tab = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  if (isRouterPath(href)) return <Link to={href} {...tab} {...rest}>{children}</Link>;
  return <a href={href} {...tab} {...rest}>{children}</a>;
}
