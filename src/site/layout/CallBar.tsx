import { telHref } from '../../content/phone.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useLayout } from '../../ui/context.ts';
import styles from './CallBar.module.scss';

/**
 * On phones the header, and the number in it, scroll away: this bar keeps the practice's number at the foot of the
 * screen. It needs no script (a scroll-driven animation shows it once the page has scrolled; browsers without them
 * show it always), and the space after the footer is reserved for it so it never hides the end of the page.
 */
export function CallBar() {
  const { contact, ui } = useLayout();
  if (!ui.callBar) return null;
  return (
    <>
      <div className={`no-print ${styles.spacer}`} aria-hidden="true" />
      <div className={`no-print ${styles.bar}`}>
        <a className={styles.call} href={telHref(contact.phone, contact.areaCode)}>
          <Icon name="phone" />
          <span>{ui.callBar} <span className={styles.number}>{contact.phone}</span></span>
        </a>
      </div>
    </>
  );
}
