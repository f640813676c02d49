import { useContext } from 'react';
import type { CtaBandBlock } from '../../generated/site.ts';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Fact, FOOTER_FACTS } from '../../ui/Fact.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { telHref } from '../../content/phone.ts';
import { PageContext, useLayout } from '../../ui/context.ts';
import styles from './CtaBand.module.scss';

export function CtaBand({ block }: { block: CtaBandBlock }) {
  const { contact } = useLayout();
  // The call button is the phone number: listing it again beside the button, just above the footer that lists it
  // too, is the same number three times at the bottom of a page.
  // At the end of a page the footer follows at once with the practice's details: the band leaves them to it.
  const last = useContext(PageContext)?.blocks.at(-1) === block;
  const facts = block.facts?.filter((fact) => !(last && FOOTER_FACTS.includes(fact)) && !(block.callLabel && fact === 'phone'));
  // The call band asks a visitor to phone; on paper the masthead gives the number.
  return (
    <section className={`no-print ${styles.band}`}>
      <div className={`container ${styles.inner}`}>
        <div>
          <h2>{block.heading}</h2>
          {block.text && <p className={styles.text}>{block.text}</p>}
          <div className="btn-row">
            {block.callLabel && (
              <a className="btn btn-secondary" href={telHref(contact.phone, contact.areaCode)}>
                <Icon name="phone" />{block.callLabel} {contact.phone}
              </a>
            )}
            {block.buttons?.map((link) => <ButtonLink key={link.href} link={{ ...link, style: link.style ?? 'outline' }} className={styles.light} />)}
          </div>
        </div>
        {facts?.length ? (
          <div className={styles.facts}>
            {facts.map((fact) => <Fact key={fact} name={fact} withLabel />)}
          </div>
        ) : null}
      </div>
    </section>
  );
}
