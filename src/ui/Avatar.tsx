import type { Image } from '../generated/site.ts';
import styles from './Avatar.module.scss';
import { Picture } from './Picture.tsx';

/** A person's photo (cropped to keep the top, where faces are, unless told otherwise; eager only where it is the first thing on screen), or the first letter of their name when there is none. */
export function Avatar({ name, image, position, className, eager, sizes = '(min-width: 768px) 320px, 100vw' }: {
  name: string; image?: Image; position?: 'top' | 'center' | 'bottom'; className?: string; eager?: boolean;
  /** How wide the picture is drawn, for the browser's choice among its sizes. */
  sizes?: string;
}) {
  const classes = [styles.avatar, className].filter(Boolean).join(' ');
  if (image) return <Picture image={image} eager={eager} className={`${classes} ${styles[position ?? 'top']}`} sizes={sizes} />;
  const initial = name.replace(/^(Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s+/i, '').trim().charAt(0).toUpperCase();
  return <div className={`${classes} ${styles.initial}`} aria-hidden="true">{initial}</div>;
}
