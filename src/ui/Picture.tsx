import type { Image } from '../generated/site.ts';

/** Derived file names of the smaller copies made by scripts/generate-assets.ts: NAME-WIDTH.EXT. */
export function variant(src: string, width: number): string {
  return src.replace(/(\.[a-z0-9]+)$/i, (extension) => `-${width}${extension}`);
}

interface Props {
  image: Image;
  className?: string;
  sizes?: string;
  eager?: boolean;
}

/**
 * A sized image (no layout shift), lazy unless it is the first thing on screen. With `avif`, a <picture> offers the
 * AVIF copies first (same names, .avif) and the browser falls back to the <img>'s own files. React does not preload
 * an image inside <picture>, so the hero (the preloaded LCP picture) stays a plain <img>.
 */
export function Picture({ image, className, sizes = '100vw', eager = false }: Props) {
  const { src, widths = [] } = image;
  const candidates = [...widths.map((w) => `${variant(src, w)} ${w}w`), `${src} ${image.width}w`].join(', ');
  // `sizes` without a `srcSet` is ignored by browsers, so it is always given (fewer bytes than a condition).
  const img = (
    <img
      src={src}
      srcSet={widths.length ? candidates : undefined}
      sizes={sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
    />
  );
  return image.avif ? <picture><source type="image/avif" srcSet={candidates.replace(/\.\w+ /g, '.avif ')} sizes={sizes} />{img}</picture> : img;
}
