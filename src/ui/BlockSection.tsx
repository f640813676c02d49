import type { ReactNode } from 'react';
import type { Tone } from '../generated/site.ts';
import { RichText } from './RichText.tsx';

interface BandProps {
  anchor?: string;
  tone?: Tone | 'notice';
  className?: string;
  labelledBy?: string;
  children: ReactNode;
}

/** The full-width band every block sits in: its anchor for /page#name links, and its background. */
export function Band({ anchor, tone, className, labelledBy, children }: BandProps) {
  const classes = ['band', tone === 'tinted' ? 'band-tinted' : '', className ?? ''].filter(Boolean).join(' ');
  return <section id={anchor} className={classes} aria-labelledby={labelledBy}>{children}</section>;
}

interface Props {
  anchor?: string;
  tone?: Tone;
  heading?: string;
  intro?: string;
  /** An intro written as markdown (already HTML after the build). */
  introHtml?: string;
  children: ReactNode;
}

/** The frame most blocks share: a full-width band, the page container, and an optional centred heading and intro. */
export function BlockSection({ anchor, tone, heading, intro, introHtml, children }: Props) {
  return (
    <Band anchor={anchor} tone={tone}>
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
    </Band>
  );
}
