/**
 * WCAG 2 contrast of text against what is behind it, from the colours the browser computed: the text's colour over
 * its background, each background composited over its ancestors' down to the white canvas. Background images and
 * gradients are not seen, so use it for text on plain colour.
 */

export interface Rgba { r: number; g: number; b: number; a: number }

/** Colours as the page computed them: the text's, then each background from the element out to the root. */
export interface ComputedColours { color: string; backgrounds: string[] }

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** A computed colour: Chromium gives `rgb(r, g, b)` or `rgba(r, g, b, a)`. */
export function parseColor(css: string): Rgba {
  const match = /^rgba?\(([^)]*)\)$/.exec(css.trim());
  if (!match) throw new Error(`Not an rgb() colour: "${css}"`);
  const [r, g, b, a = 1] = match[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  return { r, g, b, a };
}

const over = (top: Rgba, under: Rgba): Rgba => ({
  r: top.r * top.a + under.r * (1 - top.a),
  g: top.g * top.a + under.g * (1 - top.a),
  b: top.b * top.a + under.b * (1 - top.a),
  a: 1,
});

function luminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The contrast of the text with the colours behind it. */
export function textContrast({ color, backgrounds }: ComputedColours): number {
  const behind = backgrounds.reduceRight((under, css) => over(parseColor(css), under), WHITE);
  return contrastRatio(over(parseColor(color), behind), behind);
}

/**
 * In the page (pass it to evaluateAll): for each element, the colour of its text, or of its pseudo-element's
 * (`'::before'`), and the background colours behind it. Self-contained: Playwright sends only its source.
 */
export function computedColours(elements: Element[], pseudo: string | null = null): ComputedColours[] {
  return elements.map((element) => {
    const backgrounds: string[] = [];
    if (pseudo) backgrounds.push(getComputedStyle(element, pseudo).backgroundColor);
    for (let el: Element | null = element; el; el = el.parentElement) backgrounds.push(getComputedStyle(el).backgroundColor);
    return { color: getComputedStyle(element, pseudo).color, backgrounds };
  });
}
