import type { PageHeaderBlock } from '../../generated/site.ts';
import { ButtonRow } from '../../ui/ButtonLink.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { WithYear } from '../../ui/year.tsx';
import styles from './PageHeader.module.scss';
import { useLayout } from '../../ui/context.ts';
import { telHref } from '../../content/phone.ts';

export function PageHeader({ block }: { block: PageHeaderBlock }) {
  const heading = <WithYear text={block.heading} />;
  const { ui, contact } = useLayout();
  return (
    <section className={styles.header}>
      <div className="container">
        {block.breadcrumb?.length ? (
          <nav aria-label={ui.breadcrumbLabel} className={`no-print ${styles.breadcrumb}`}>
            <ol>
              {block.breadcrumb.map((link) => <li key={link.href}><SmartLink href={link.href}>{link.label}</SmartLink></li>)}
              <li aria-current="page">{heading}</li>
            </ol>
          </nav>
        ) : null}
        <h1>{heading}</h1>
        {block.intro && <p className={styles.intro}>{block.intro}</p>}
        {block.call && <a className={`btn btn-primary ${styles.call}`} href={telHref(contact.phone, contact.areaCode)}>{block.call} {contact.phone}</a>}
        <ButtonRow links={block.buttons} />
      </div>
    </section>
  );
}
