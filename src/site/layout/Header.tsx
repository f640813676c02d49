import { Link } from 'react-router-dom';
import { telHref } from '../../content/phone.ts';
import { EmailAddress } from '../../ui/EmailAddress.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useLayout } from '../../ui/context.ts';
import { DesktopNav } from './DesktopNav.tsx';
import { MobileNav } from './MobileNav.tsx';
import styles from './Header.module.scss';

export function Header() {
  const { site, contact, ui } = useLayout();
  return (
    <header className={`no-print ${styles.header}`}>
      <div className={styles.topbar}>
        {/* Phone and fax share the first line on a phone; the longer e-mail address gets the second. */}
        <div className={`container ${styles.topbarInner}`}>
          <a href={telHref(contact.phone, contact.areaCode)}><Icon name="phone" /><span>{contact.labels.phone}: {contact.phone}</span></a>
          <span><Icon name="fax" /><span>{contact.labels.fax}: {contact.fax}</span></span>
          <a href={`mailto:${contact.email}`}><Icon name="mail" /><span><EmailAddress address={contact.email} /></span></a>
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
