import { useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useLayout } from '../../ui/context.ts';
import { isCurrent, useCloseDetails } from './navState.ts';
import styles from './MobileNav.module.scss';

/** The phone menu: opens and closes, each group expands on its own, choosing a link closes it. */
export function MobileNav() {
  const { nav, ui } = useLayout();
  const { pathname } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  useCloseDetails(ref);
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  return (
    <details ref={ref} data-menu="phone" className={styles.menu}>
      <summary className={styles.toggle}>
        <span className={styles.burger} aria-hidden="true"><span /><span /><span /></span>
        <span className={styles.openLabel}>{ui.openMenu}</span>
        <span className={styles.closeLabel}>{ui.closeMenu}</span>
      </summary>
      <nav className={styles.panel} aria-label={nav.label}>
        <ul className={styles.list}>
          {nav.items.map((item) => (
            <li key={item.label}>
              {item.href && (
                <SmartLink href={item.href} onClick={close} aria-current={isCurrent(pathname, item.href) ? 'page' : undefined}>{item.label}</SmartLink>
              )}
              {item.groups && (
                // The service groups fold into one item, so every item of the menu fits a small phone on opening.
                <details className={styles.section}>
                  <summary><span className="visually-hidden">{ui.expandGroup} </span>{item.label}</summary>
                  <ul>
                    {item.groups.map((group) => (
                      <li key={group.label}>
                        <details className={styles.group}>
                          <summary><span className="visually-hidden">{ui.expandGroup} </span>{group.label}</summary>
                          <ul>
                            {group.links.map((link) => (
                              <li key={link.href}><SmartLink href={link.href} onClick={close}>{link.label}</SmartLink></li>
                            ))}
                          </ul>
                        </details>
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
