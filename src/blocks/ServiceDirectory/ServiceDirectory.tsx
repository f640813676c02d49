import { useEffect, useRef, useState } from 'react';
import type { ServiceCategory, ServiceDirectoryBlock } from '../../generated/site.ts';
import { Icon } from '../../ui/Icon.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { usePage } from '../../ui/context.ts';
import { useAddress } from '../../ui/address.ts';
import { slugify } from '../../content/ids.ts';
import { filterCategories, isServiceMatch, readServiceQuery, type ServiceQuery } from './filter.ts';
import styles from './ServiceDirectory.module.scss';
import { prefersReducedMotion } from '../../ui/reducedMotion.ts';

const NO_QUERY: ServiceQuery = { category: null, service: null };

/**
 * The service groups as card grids. ?category= and ?service= are read in an effect, after hydration, so the first
 * render matches the prerendered page (which has every group and no highlight).
 */
export function ServiceDirectory({ block }: { block: ServiceDirectoryBlock }) {
  const { entities } = usePage();
  const { search, pathname } = useAddress();
  const [query, setQuery] = useState<ServiceQuery>(NO_QUERY);
  const highlighted = useRef<HTMLLIElement>(null);

  const categories = block.categories.map((id) => {
    const category = entities.serviceCategories?.[id];
    if (!category) throw new Error(`entities.serviceCategories has no "${id}" on this page`);
    return category;
  });

  useEffect(() => setQuery(readServiceQuery(search)), [search]);

  const shown = filterCategories(categories, query.category);
  const isHighlighted = (service: ServiceCategory['services'][number]) => isServiceMatch(service, query.service);
  const highlightKey = query.service;

  useEffect(() => {
    if (!highlightKey) return;
    // After this frame: the app's own scroll-to-top on navigation runs after child effects.
    const frame = requestAnimationFrame(() => {
      const card = highlighted.current;
      if (!card) return;
      const smooth = !prefersReducedMotion();
      card.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
      card.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [highlightKey, query.category]);

  const GroupHeading = block.heading ? 'h3' : 'h2';
  const CardHeading = block.heading ? 'h4' : 'h3';
  let highlightTaken = false;
  return (
    <section id={block.anchor} className={`band ${styles.directory}`}>
      <div className="container">
        {(block.heading || block.intro) && (
          <div className="section-head">
            {block.heading && <h2>{block.heading}</h2>}
            {block.intro && <p>{block.intro}</p>}
          </div>
        )}
        {query.category !== null && (
          <p className={styles.filter} role="status">
            {/* The groups shown by their names; the word from the address only when nothing matched it. */}
            <span>{shown.length
              ? block.filterLabel.replaceAll('{category}', () => shown.map((c) => c.name).join(', '))
              : block.noMatchText.replaceAll('{category}', () => query.category ?? '')}</span>
            <SmartLink href={pathname}>{block.showAllLabel}</SmartLink>
          </p>
        )}
        {shown.map((category) => (
          <section key={category.id} id={slugify(category.name)} className={styles.group} aria-labelledby={`${category.id}-heading`}>
            <div className={styles.groupHead}>
              <GroupHeading id={`${category.id}-heading`}>{category.name}</GroupHeading>
              {category.intro && <p>{category.intro}</p>}
            </div>
            <ul className={styles.grid}>
              {category.services.map((service) => {
                const selected = !highlightTaken && isHighlighted(service);
                if (selected) highlightTaken = true;
                return (
                  <li
                    key={service.title}
                    ref={selected ? highlighted : undefined}
                    tabIndex={selected ? -1 : undefined}
                    aria-current={selected ? 'true' : undefined}
                    className={`card ${styles.card} ${selected ? styles.selected : ''}`}
                  >
                    <span className={styles.icon}><Icon name={service.icon} /></span>
                    {selected && block.selectedLabel && <span className={styles.badge}>{block.selectedLabel}</span>}
                    <CardHeading className={styles.title}>{service.title}</CardHeading>
                    <p>{service.description}</p>
                    {service.href && (
                      <SmartLink href={service.href} className={styles.link}>
                        {/* On a phone the row itself is the link, marked by its arrow: the words are for screen readers. */}
                        <span className={styles.linkWords}>{block.linkLabel}</span><span className="visually-hidden">: {service.title}</span>{/* A no-break space: the arrow never starts a line alone. */}<span aria-hidden="true"> →</span>
                      </SmartLink>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
