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

/** The slide that holds this node (the focused element, say), or -1. */
function slideOf(track: HTMLElement, node: Node | null): number {
  return [...track.children].findIndex((slide) => slide.contains(node));
}

/** Whether the whole of a slide's card is in view (a slide's left padding is the gap before its card). */
function wholeInView(viewport: HTMLElement, slide: Element): boolean {
  const card = slide.getBoundingClientRect();
  const view = viewport.getBoundingClientRect();
  return card.left + parseFloat(getComputedStyle(slide).paddingLeft) >= view.left - 1 && card.right <= view.right + 1;
}

/**
 * Brings a slide that the focus went to into view, at once. The viewport clips and cannot scroll, so a link focused
 * in a slide off to the side would be invisible. Embla's own focus handling is not used: it ignores a focus that
 * comes more than 10 ms after the Tab key, which a busy phone easily takes. Before embla has started, the track is
 * moved by hand (the result says so), and embla then starts from that slide.
 */
function showSlide(viewport: HTMLElement, track: HTMLElement, index: number, embla: EmblaCarouselType | null): boolean {
  const slide = track.children.item(index);
  if (!slide || wholeInView(viewport, slide)) return false;
  if (embla) {
    embla.scrollTo(index, true);
    return false;
  }
  track.style.transform = `translateX(${(track.firstElementChild?.getBoundingClientRect().left ?? 0) - slide.getBoundingClientRect().left}px)`;
  return true;
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
  const trackRef = useRef<HTMLDivElement>(null);
  // The slide the track was moved to by hand before embla started: embla starts from it.
  const startRef = useRef(0);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const ready = api !== null;
  useEffect(() => {
    const viewport = viewportRef.current!;
    const track = trackRef.current!;
    // The focus may have come to a slide before this script ran (it is what woke the island).
    const focused = slideOf(track, document.activeElement);
    if (focused > 0 && showSlide(viewport, track, focused, null)) startRef.current = focused;
    let instance: EmblaCarouselType | undefined;
    let cancelled = false;
    const near = new IntersectionObserver((entries) => {
      if (!entries[0].isIntersecting) return;
      near.disconnect();
      void import('embla-carousel').then(({ default: EmblaCarousel }) => {
        if (cancelled) return;
        // Embla measures the slides from their offsets, which a transform on the track would shift; it then moves
        // the track to that slide itself, before the next frame.
        track.style.transform = '';
        setApi(instance = EmblaCarousel(viewport, { align: 'start', loop: true, startIndex: startRef.current, watchFocus: false }));
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
        <div className={styles.viewport} ref={viewportRef} onFocus={(event) => {
          const track = trackRef.current;
          const index = track ? slideOf(track, event.target) : -1;
          if (track && index >= 0 && showSlide(event.currentTarget, track, index, api)) startRef.current = index;
        }}>
          <div className={styles.track} ref={trackRef}>
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
