import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar } from '../../src/ui/Avatar.tsx';
import { Picture } from '../../src/ui/Picture.tsx';

const portrait = { src: '/people/dr-ada-lane.webp', alt: 'Dr Ada Lane', width: 960, height: 960, widths: [320, 640], avif: true };

describe('Picture', () => {
  it('offers the AVIF copies first when the image has them, and keeps the size, the alt text and lazy loading', () => {
    const html = renderToStaticMarkup(<Picture image={portrait} sizes="320px" />);
    expect(html).toMatch(/^<picture><source type="image\/avif" srcSet="\/people\/dr-ada-lane-320.avif 320w, \/people\/dr-ada-lane-640.avif 640w, \/people\/dr-ada-lane.avif 960w" sizes="320px"\/><img /);
    expect(html).toContain('srcSet="/people/dr-ada-lane-320.webp 320w, /people/dr-ada-lane-640.webp 640w, /people/dr-ada-lane.webp 960w"');
    expect(html).toContain('alt="Dr Ada Lane" width="960" height="960"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('fetchPriority');
  });

  it('stays a plain <img> without AVIF copies (the hero, whose picture React preloads), eager when first on screen', () => {
    const html = renderToStaticMarkup(<Picture image={{ src: '/images/hero/a.webp', alt: '', width: 1920, height: 1080, widths: [640] }} eager />);
    // React preloads an eager plain <img> (never one inside <picture>): the hero's LCP picture starts at once.
    expect(html).toMatch(/^<link rel="preload" as="image" imageSrcSet="\/images\/hero\/a-640.webp 640w, \/images\/hero\/a.webp 1920w"[^>]*\/><img src="\/images\/hero\/a.webp" srcSet=/);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(renderToStaticMarkup(<Picture image={{ src: '/logo.svg', alt: 'Logo', width: 64, height: 64 }} />)).not.toContain('srcSet');
  });
});

describe('Avatar', () => {
  it("crops a person's picture to keep the top unless told otherwise; without a picture shows the first letter", () => {
    const top = renderToStaticMarkup(<Avatar name="Dr Ada Lane" image={portrait} />);
    const centre = renderToStaticMarkup(<Avatar name="Dr Ada Lane" image={portrait} position="center" />);
    const className = (html: string) => /<img[^>]* class="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(className(top)).toMatch(/top/);
    expect(className(centre)).toMatch(/center/);
    expect(renderToStaticMarkup(<Avatar name="Dr Ada Lane" />)).toMatch(/aria-hidden="true">A<\/div>$/);
  });
});
