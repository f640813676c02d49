import { Fact } from '../../ui/Fact.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { TodayHours } from '../../ui/TodayHours.tsx';
import { WithYear } from '../../ui/year.tsx';
import { useLayout } from '../../ui/context.ts';
import styles from './Footer.module.scss';

export function Footer() {
  const { footer, hours } = useLayout();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>{footer.contactHeading}</h2>
          {/* On a phone the numbers sit beside the address, where they fit: the same facts in fewer lines. */}
          <div className={styles.where}>
            <Fact name="address" />
            <div>
              <Fact name="phone" withLabel />
              <Fact name="fax" withLabel />
            </div>
          </div>
          <div className={styles.email}><Fact name="email" withLabel /></div>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className={styles.heading}>{hours.heading}</h2>
          {/* Again beside the weekly hours, a page away from the header's line (on a phone, the call bar's). */}
          <TodayHours />
          <Fact name="opening-hours" />
          <Fact name="emergency" />
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>{footer.quickLinksHeading}</h2>
          <ul className={styles.links}>
            {footer.quickLinks.map((link) => <li key={link.href}><SmartLink href={link.href}>{link.label}</SmartLink></li>)}
          </ul>
        </nav>
      </div>
      <div className="container">
        <div className={styles.notice} role="note">
          <strong>{footer.notice.heading}: </strong>{footer.notice.text}
        </div>
        <p className={styles.copyright}><WithYear text={footer.copyright} /></p>
      </div>
    </footer>
  );
}
