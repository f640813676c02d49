import type { StatusBlock } from '../../generated/site.ts';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import styles from './Status.module.scss';

export function Status({ block }: { block: StatusBlock }) {
  return (
    <section className={styles.status}>
      <p className={styles.code} aria-hidden="true">{block.code}</p>
      <h1><span className="visually-hidden">{block.code}: </span>{block.heading}</h1>
      <ButtonLink link={block.link} />
      {block.links?.length ? (
        <ul className={styles.more}>
          {block.links.map((link) => <li key={link.href + link.label}><ButtonLink link={{ style: 'outline', ...link }} /></li>)}
        </ul>
      ) : null}
    </section>
  );
}
