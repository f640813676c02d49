import type { PartnerContactBlock } from '../../generated/site.ts';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { BreakAfter } from '../../ui/BreakAfter.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { telHref } from '../../content/phone.ts';
import { useEntity, useLayout } from '../../ui/context.ts';
import styles from './PartnerContact.module.scss';
import { Band } from '../../ui/BlockSection.tsx';

/** A partner practice's details (written once in entities.partners) and how to book with them: by phone. */
export function PartnerContact({ block }: { block: PartnerContactBlock }) {
  const partner = useEntity('partners', block.partner);
  const { contact, ui } = useLayout();
  const newTabLabel = block.newTabLabel ?? ui.newTab;
  const tel = telHref(partner.phone, partner.areaCode ?? contact.areaCode);
  const site = new URL(partner.website);
  const siteText = site.host + (site.pathname === '/' ? '' : site.pathname);
  const address = partner.address;
  return (
    <Band anchor={block.anchor} tone={block.tone}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.text}>
          <h2>{block.heading ?? partner.name}</h2>
          {block.intro && <RichText html={block.intro} />}
          {(block.callLabel || block.buttons?.length) ? (
            <div className="btn-row">
              {block.callLabel && <a className="btn btn-primary" href={tel}><Icon name="phone" />{block.callLabel} {partner.phone}</a>}
              {block.buttons?.map((link) => <ButtonLink key={link.href + link.label} link={{ ...link, style: link.style ?? 'outline' }} />)}
            </div>
          ) : null}
        </div>
        <div className={`card ${styles.card}`}>
          {block.heading && <p className={styles.name}>{partner.name}</p>}
          <dl className={styles.details}>
            {address && (
              <div>
                <dt><Icon name="map-pin" /><span className={block.addressLabel ? styles.label : 'visually-hidden'}>{block.addressLabel}</span></dt>
                <dd><address>{address.street}<br />{address.suburb} {address.state} {address.postcode}</address></dd>
              </div>
            )}
            <div>
              <dt><Icon name="phone" /><span className={styles.label}>{block.phoneLabel}</span></dt>
              <dd><a href={tel}>{partner.phone}</a></dd>
            </div>
            <div>
              <dt><Icon name="mail" /><span className={styles.label}>{block.emailLabel}</span></dt>
              {/* Long addresses wrap after the @ or a dot rather than mid-word. */}
              <dd><a href={`mailto:${partner.email}`}><BreakAfter text={partner.email} marks="@." /></a></dd>
            </div>
            <div>
              <dt><Icon name="globe" /><span className={styles.label}>{block.websiteLabel}</span></dt>
              <dd>
                <a href={partner.website} target="_blank" rel="noopener noreferrer">
                  <BreakAfter text={siteText} marks="./" />
                  {newTabLabel && <span className="visually-hidden"> {newTabLabel}</span>}
                </a>
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </Band>
  );
}
