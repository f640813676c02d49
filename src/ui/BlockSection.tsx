import type { ReactNode } from 'react';
import { RichText } from './RichText.tsx';

interface Props {
  anchor?: string;
  tone?: string;
  heading?: string;
  intro?: string;
  /** An intro written as markdown (already HTML after the build). */
  introHtml?: string;
  children: ReactNode;
}

/** The frame most blocks share: a full-width band, the page container, and an optional centred heading and intro. */
export function BlockSection({ anchor, tone, heading, intro, introHtml, children }: Props) {
  return (
    <section id={anchor} className={tone === 'tinted' ? 'band band-tinted' : 'band'}>
      <div className="container">
        {(heading || intro || introHtml) && (
          <div className="section-head">
            {heading && <h2>{heading}</h2>}
            {intro && <p>{intro}</p>}
            {introHtml && <RichText html={introHtml} />}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}
