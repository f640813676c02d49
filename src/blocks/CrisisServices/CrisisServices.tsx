import type { CrisisServicesBlock } from '../../generated/site.ts';
import { Icon } from '../../ui/Icon.tsx';
import { telHref } from '../../content/phone.ts';
import { useEntity, useLayout } from '../../ui/context.ts';
import styles from './CrisisServices.module.scss';
import { BlockSection } from '../../ui/BlockSection.tsx';

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

/** Crisis and support lines (written once in entities.crisisServices): a call link and a website each. */
export function CrisisServices({ block }: { block: CrisisServicesBlock }) {
  return (
    <BlockSection anchor={block.anchor} tone={block.tone} heading={block.heading} introHtml={block.intro}>
      <ul className={styles.grid}>
        {block.services.map((id) => <Service key={id} id={id} block={block} />)}
      </ul>
    </BlockSection>
  );
}
