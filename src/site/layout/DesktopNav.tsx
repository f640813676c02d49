import { useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { NavItem } from '../../generated/site.ts';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useLayout } from '../../ui/context.ts';
import { isCurrent, useCloseDetails } from './navState.ts';
import styles from './DesktopNav.module.scss';

/** A drop-down built on <details>: it opens by click or keyboard with no script; script only closes it. */
function Dropdown({ item }: { item: NavItem }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseDetails(ref);
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  return (
    <details ref={ref} data-menu className={styles.dropdown}>
      <summary className={styles.link}>{item.label}</summary>
      <div className={styles.panel}>
        {item.groups?.map((group) => (
          <div key={group.label} className={styles.group}>
            <p className={styles.groupLabel}>{group.label}</p>
            <ul>
              {group.links.map((link) => (
                <li key={link.href}><SmartLink href={link.href} onClick={close}>{link.label}</SmartLink></li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}

export function DesktopNav() {
  const { nav } = useLayout();
  const { pathname } = useLocation();
  return (
    <nav className={styles.nav} aria-label={nav.label}>
      <ul className={styles.list}>
        {nav.items.map((item) => (
          <li key={item.label}>
            {item.groups ? <Dropdown item={item} /> : item.href && (
              <SmartLink href={item.href} className={styles.link} aria-current={isCurrent(pathname, item.href) ? 'page' : undefined}>{item.label}</SmartLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
