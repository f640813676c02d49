import type { CrisisServicesBlock } from '../../generated/site.ts';
import { Icon } from '../../ui/Icon.tsx';
import { telHref } from '../../content/phone.ts';
import { useEntity, useLayout } from '../../ui/context.ts';
import styles from './CrisisServices.module.scss';
import { Band, BlockSection } from '../../ui/BlockSection.tsx';
import { Fact } from '../../ui/Fact.tsx';
import { RichText } from '../../ui/RichText.tsx';

function Service({ id, block }: { id: string; block: CrisisServicesBlock }) {
  const { ui } = useLayout();
  const newTabLabel = block.newTabLabel ?? ui.newTab;
  const service = useEntity('crisisServices', id);
  return (
    <li className={`card ${styles.card}`}>
      <h3>{service.name}</h3>
      <p className={styles.availability}><Icon name="clock" />{service.availability}</p>
      <p className={styles.description}>{service.description}</p>
      <a className={`btn btn-primary ${styles.call}`} href={telHref(service.phone)}>
        <Icon name="phone" />{block.callLabel} {service.phone}
        <span className="visually-hidden"> ({service.name})</span>
      </a>
      <a className={styles.website} href={service.website} target="_blank" rel="noopener noreferrer">
        {block.websiteLabel}<span className="visually-hidden">: {service.name}{newTabLabel ? ` ${newTabLabel}` : ''}</span>
      </a>
    </li>
  );
}

function StripCall({ id, label }: { id: string; label: string }) {
  const service = useEntity('crisisServices', id);
  return (
    <li>
      <a className={`btn btn-secondary ${styles.stripCall}`} href={telHref(service.phone)}>
        <Icon name="phone" />{label} {service.name} {service.phone}
      </a>
    </li>
  );
}

/**
 * Help in a crisis before anything else: the emergency number and a call button per line, in one band. Its words
 * are a labelled region, not a heading, so the page's heading outline still starts with its h1 below.
 */
function CrisisStrip({ block }: { block: CrisisServicesBlock }) {
  return (
    <Band anchor={block.anchor} className={styles.strip}>
      <div className={`container ${styles.stripInner}`} role="region" aria-label={block.heading}>
        <div className={styles.stripText}>
          <p className={styles.stripHeading}>{block.heading}</p>
          {block.intro && <RichText html={block.intro} />}
          <Fact name="emergency" />
        </div>
        <ul className={styles.stripCalls}>
          {block.services.map((id) => <StripCall key={id} id={id} label={block.callLabel} />)}
        </ul>
      </div>
    </Band>
  );
}

/** Crisis and support lines (written once in entities.crisisServices): a call link and a website each, or a strip. */
export function CrisisServices({ block }: { block: CrisisServicesBlock }) {
  if (block.layout === 'strip') return <CrisisStrip block={block} />;
  return (
    <BlockSection anchor={block.anchor} tone={block.tone} heading={block.heading} introHtml={block.intro}>
      <ul className={styles.grid}>
        {block.services.map((id) => <Service key={id} id={id} block={block} />)}
      </ul>
    </BlockSection>
  );
}
