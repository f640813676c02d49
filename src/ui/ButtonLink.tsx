import type { Link } from '../generated/site.ts';
import { SmartLink } from './SmartLink.tsx';

export function ButtonLink({ link, className }: { link: Link; className?: string }) {
  const style = link.style ?? 'primary';
  const classes = ['btn', `btn-${style}`, className].filter(Boolean).join(' ');
  return <SmartLink href={link.href} newTab={link.newTab} className={classes}>{link.label}</SmartLink>;
}

export function ButtonRow({ links }: { links?: Link[] }) {
  if (!links?.length) return null;
  return (
    <div className="btn-row">
      {links.map((link) => <ButtonLink key={link.href + link.label} link={link} />)}
    </div>
  );
}
