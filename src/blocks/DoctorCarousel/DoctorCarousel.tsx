import type { EmblaCarouselType } from 'embla-carousel';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DoctorCarouselBlock } from '../../generated/site.ts';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useReducedMotion } from '../../ui/motion.ts';
import { useEntity } from '../../ui/context.ts';
import { profileHref } from '../../ui/links.ts';
import styles from './DoctorCarousel.module.scss';

function Slide({ slug, label, role, profileLabel }: { slug: string; label: string; role: string; profileLabel?: string }) {
  const doctor = useEntity('doctors', slug);
  const href = profileHref(doctor.slug);
  return (
    <div className={styles.slide} role="group" aria-roledescription={role} aria-label={label}>
      <article className={`card ${styles.card}`}>
        <Avatar name={doctor.name} image={doctor.image} position={doctor.imagePosition} />
        <div className={styles.body}>
          <h3>{doctor.name}</h3>
          <p className={styles.quals}>{doctor.qualifications}</p>
          <p>{doctor.summary}</p>
          {href && profileLabel && <SmartLink href={href} className={styles.profile}>{profileLabel}<span className="visually-hidden">: {doctor.name}</span></SmartLink>}
        </div>
      </article>
    </div>
  );
}

/**
 * Looping carousel (embla): start-aligned, 1/2/3 per view by width, buttons and arrow keys. Embla is fetched when
 * the carousel comes near the screen, not with the page: the first paint never waits for it, and a phone that is
 * never scrolled that far never downloads it. Until then the first doctors simply show.
 */
/** Nothing when there is no doctor to show (a list left empty is filled in with every listed doctor: content/automatic.ts). */
export function DoctorCarousel({ block }: { block: DoctorCarouselBlock }) {
  return block.doctors?.length ? <Carousel block={block} doctors={block.doctors} /> : null;
}

function Carousel({ block, doctors }: { block: DoctorCarouselBlock; doctors: string[] }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const ready = api !== null;
  useEffect(() => {
    const viewport = viewportRef.current!;
    let instance: EmblaCarouselType | undefined;
    let cancelled = false;
    const near = new IntersectionObserver((entries) => {
      if (!entries[0].isIntersecting) return;
      near.disconnect();
      void import('embla-carousel').then(({ default: EmblaCarousel }) => {
        if (!cancelled) setApi(instance = EmblaCarousel(viewport, { align: 'start', loop: true }));
      });
    }, { rootMargin: '300px' });
    near.observe(viewport);
    return () => {
      cancelled = true;
      near.disconnect();
      instance?.destroy();
    };
  }, []);
  // With prefers-reduced-motion the slides change at once instead of sliding across.
  const reduced = useReducedMotion();
  const previous = useCallback(() => api?.scrollPrev(reduced), [api, reduced]);
  const next = useCallback(() => api?.scrollNext(reduced), [api, reduced]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') { event.preventDefault(); previous(); }
    if (event.key === 'ArrowRight') { event.preventDefault(); next(); }
  };
  const total = doctors.length;
  return (
    <section className="band band-tinted" aria-roledescription={block.carouselRole} aria-labelledby="carousel-heading" onKeyDown={onKeyDown}>
      <div className="container">
        <div className="section-head">
          <h2 id="carousel-heading">{block.heading}</h2>
          {block.intro && <p>{block.intro}</p>}
        </div>
        <div className={styles.viewport} ref={viewportRef}>
          <div className={styles.track}>
            {doctors.map((slug, i) => (
              <Slide key={slug} slug={slug} role={block.slideRole} profileLabel={block.profileLabel}
                label={block.slideLabel.replace('{n}', () => String(i + 1)).replace('{total}', () => String(total))} />
            ))}
          </div>
        </div>
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} onClick={previous} aria-label={block.previousLabel} disabled={!ready}>
            <span aria-hidden="true">←</span>
          </button>
          <button type="button" className={styles.arrow} onClick={next} aria-label={block.nextLabel} disabled={!ready}>
            <span aria-hidden="true">→</span>
          </button>
        </div>
        {block.button && <div className={styles.more}><ButtonLink link={block.button} /></div>}
      </div>
    </section>
  );
}
