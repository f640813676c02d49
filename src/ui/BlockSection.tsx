import type { ReactNode } from 'react';

interface Props {
  anchor?: string;
  tone?: string;
  heading?: string;
  intro?: string;
  children: ReactNode;
}

/** The frame most blocks share: a full-width band, the page container, and an optional centred heading and intro. */
export function BlockSection({ anchor, tone, heading, intro, children }: Props) {
  return (
    <section id={anchor} className={tone === 'tinted' ? 'band band-tinted' : 'band'}>
      <div className="container">
        {(heading || intro) && (
          <div className="section-head">
            {heading && <h2>{heading}</h2>}
            {intro && <p>{intro}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}
