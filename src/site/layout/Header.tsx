import { Link } from 'react-router-dom';
import { telHref } from '../../content/phone.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useLayout } from '../../ui/context.ts';
import { DesktopNav } from './DesktopNav.tsx';
import { MobileNav } from './MobileNav.tsx';
import styles from './Header.module.scss';

export function Header() {
  const { site, contact, ui } = useLayout();
  return (
    <header className={styles.header}>
      <div className={styles.topbar}>
        <div className={`container ${styles.topbarInner}`}>
          <a href={telHref(contact.phone, contact.areaCode)}><Icon name="phone" /><span>{contact.labels.phone}: {contact.phone}</span></a>
          <a href={`mailto:${contact.email}`}><Icon name="mail" /><span>{contact.email}</span></a>
          <span className={styles.fax}><Icon name="fax" /><span>{contact.labels.fax}: {contact.fax}</span></span>
        </div>
      </div>
      <div className={`container ${styles.bar}`}>
        {/* The visible name is the link's name (WCAG 2.5.3 label in name); where it goes is added for screen readers. */}
        <Link to="/" className={styles.brand}>
          <img src={site.logo.src} alt="" width={site.logo.width} height={site.logo.height} className={styles.logo} />
          <span className={styles.brandText}>
            <span className={styles.name}>{site.name}</span>
            <span className={styles.subtitle}>{site.subtitle}<span className="visually-hidden">, {ui.homeLinkLabel}</span></span>
          </span>
        </Link>
        <DesktopNav />
        <MobileNav />
      </div>
    </header>
  );
}
