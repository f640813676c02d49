import { telHref } from '../../content/phone.ts';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { useLayout } from '../../ui/context.ts';
import { useOpenStatus } from '../../ui/useOpenStatus.ts';
import styles from './CallBar.module.scss';

/**
 * On a phone, the bar at the foot of the screen: the number that answers at this hour, and Book. Each choice is
 * written once, marked with the states it is for (data-when); the bar's data-call-bar names the state now, and the
 * stylesheet shows only its choices. The prerender names the state at the build's moment, so a page without scripts
 * is right as of its build; the page's script names it again from the open-now line's clock (todayLine.ts) at once
 * and each minute. While closed, 000 beside the number: the practice's number alone would ring out to nobody.
 */
export function CallBar() {
  const { contact, hours, ui } = useLayout();
  // In the app; on a built page, which React never hydrates, the page's script.
  const status = useOpenStatus();
  if (!ui.callBar) return null;
  const { afterHoursGp, emergency, labels } = contact;
  return (
    // A landmark of its own, named by its words, like the header and footer around the page.
    <aside className={styles.bar} aria-label={ui.callBar} data-call-bar={status?.state ?? hours.atBuild ?? 'open'}>
      <a className={styles.call} href={telHref(contact.phone, contact.areaCode)} data-when="open closed">{ui.callBar} {contact.phone}</a>
      <a className={`${styles.call} ${styles.twoLines}`} href={telHref(afterHoursGp.phone)} data-when="afterHours">
        <span className={styles.label}>{afterHoursGp.name}</span> <span>{afterHoursGp.phone}</span>
      </a>
      <a className={`${styles.call} ${styles.emergency}`} href={telHref(emergency)} data-when="afterHours closed">
        <span className="visually-hidden">{labels.emergency} </span>{emergency}
      </a>
      {ui.book && <ButtonLink link={ui.book} className={styles.book} />}
    </aside>
  );
}
