import type { Image } from '../generated/site.ts';

/** Derived file names of the smaller copies made by scripts/generate-assets.ts: NAME-WIDTH.EXT. */
export function variant(src: string, width: number): string {
  return src.replace(/(\.[a-z0-9]+)$/i, `-${width}$1`);
}

interface Props {
  image: Image;
  className?: string;
  sizes?: string;
  eager?: boolean;
}

/** A sized image (no layout shift), lazy unless it is the first thing on screen. */
export function Picture({ image, className, sizes = '100vw', eager = false }: Props) {
  const srcSet = image.widths?.length ? [...image.widths.map((w) => `${variant(image.src, w)} ${w}w`), `${image.src} ${image.width}w`].join(', ') : undefined;
  return (
    <img
      src={image.src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
