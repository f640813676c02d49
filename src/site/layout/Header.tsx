import { telHref } from '../../content/phone.ts';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Fact } from '../../ui/Fact.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { TodayHours } from '../../ui/TodayHours.tsx';
import { useLayout } from '../../ui/context.ts';
import { CallBar } from './CallBar.tsx';
import { DesktopNav } from './DesktopNav.tsx';
import { MobileNav } from './MobileNav.tsx';
import styles from './Header.module.scss';

/**
 * The header, and with it the ways to reach the practice: on paper a masthead (name, address, phone) in place of the
 * header; on screen a top band that scrolls away (whether the surgery is open now, and the contact line) and under it
 * a compact bar that stays at the top of the screen with the menu, and Call and Book where they fit; on a phone the
 * number that answers at this hour and Book in a bar at the foot of the screen (CallBar.tsx; its space is reserved
 * at the end of the page).
 */
export function Header() {
  const { site, contact, hours, ui } = useLayout();
  const tel = telHref(contact.phone, contact.areaCode);
  // Drawn in two places, one shown at a time: atop the band on a phone and a tablet, in the bar beside the name from
  // the width where the bar has room for it (and keeps it in view while scrolling).
  const status = (where: string) => hours.clock && (
    <div className={where}><Icon name="clock" /><TodayHours summary className={`today ${styles.today}`} /></div>
  );
  return (
    <>
    <div className="print-masthead">
      <p>{site.name}</p>
      <Fact name="address" />
      <Fact name="phone" withLabel />
    </div>
    <header className={hours.clock ? `${styles.header} ${styles.withStatus}` : styles.header}>
      <div className={styles.topbar}>
        <div className={`container ${styles.topbarInner}`}>
          {status(styles.status)}
          {/* One line on a phone: the numbers whole, their labels and the e-mail address for screen readers only. */}
          <div className={styles.contacts}>
            <a href={tel}><Icon name="phone" /><span><span className={styles.wide}>{contact.labels.phone}: </span>{contact.phone}</span></a>
            <span><Icon name="fax" /><span><span className={styles.wide}>{contact.labels.fax}: </span>{contact.fax}</span></span>
            <a href={`mailto:${contact.email}`}><Icon name="mail" /><span className={styles.narrow}>{contact.labels.email} </span><span className={styles.wide}>{contact.email}</span></a>
          </div>
        </div>
      </div>
      <div className={`container ${styles.bar}`}>
        {/* The visible name is the link's name (WCAG 2.5.3 label in name); where it goes is added for screen readers. */}
        <SmartLink href="/" className={styles.brand}>
          <img src={site.logo.src} alt="" width={site.logo.width} height={site.logo.height} className={styles.logo} />
          <span className={styles.brandText}>
            <span className={styles.name}>{site.name}</span>
            <span className={styles.subtitle}>{site.subtitle}<span className="visually-hidden">, {ui.homeLinkLabel}</span></span>
          </span>
        </SmartLink>
        {status(styles.barStatus)}
        <DesktopNav />
        {(ui.call || ui.book) && (
          <div className={styles.actions}>
            {ui.call && <a className="btn btn-outline" href={tel}>{ui.call} {contact.phone}</a>}
            {ui.book && <ButtonLink link={ui.book} />}
          </div>
        )}
        <MobileNav />
      </div>
    </header>
    <CallBar />
    </>
  );
}
