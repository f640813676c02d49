/**
 * The draft's uploads the website cannot serve yet, as the editor sends them: address -> the picture as a data:
 * address (src/editor/draftPictures.ts). The pages drawn here show those instead of asking the site for them.
 */
export type Pictures = Readonly<Record<string, string>>;

const ADDRESS = /^\/[a-z0-9][a-z0-9/._-]*$/i;
const PICTURE = /^data:image\/(jpeg|png|webp|avif|gif);base64,[A-Za-z0-9+/=]*$/;

/** Only addresses of the site and data: pictures, whatever else a message holds. */
export function picturesOf(value: unknown): Pictures {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter(([address, shown]) => ADDRESS.test(address) && typeof shown === 'string' && PICTURE.test(shown)));
}

/** Drawn for an upload whose bytes are still on their way (a transparent pixel): nothing asks the site for it. */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * What the pages show for the draft's uploads. The bytes come in a message of their own, sent when they change and
 * when the page loads; the uploads' addresses come with every version of the text. A version may come first (this
 * page listens before it has loaded, and the editor sends the bytes again once it has), so an upload named there
 * and not received yet is drawn blank rather than asked of the site, which does not have it.
 */
export class UploadPictures {
  private received: Pictures = {};
  private named: readonly string[] = [];
  shown: Pictures = {};

  receive(value: unknown) {
    this.received = picturesOf(value);
    this.refresh();
  }

  name(value: unknown) {
    const named = Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string' && ADDRESS.test(a)) : [];
    if (named.join('\n') === this.named.join('\n')) return;
    this.named = named;
    this.refresh();
  }

  private refresh() {
    this.shown = { ...Object.fromEntries(this.named.map((address) => [address, BLANK])), ...this.received };
  }
}

const plain = (value: object) => [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/**
 * The compiled content with each picture (an object with a `src`) that is an upload shown from its bytes. Its
 * smaller and AVIF copies go: an upload has none until the build makes them, and a data: address has no variants
 * to name. Unchanged parts stay the same objects.
 */
export function withPictures<T>(value: T, pictures: Pictures): T {
  if (!Object.keys(pictures).length) return value;
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) {
      const mapped = item.map(walk);
      return mapped.some((next, i) => next !== item[i]) ? mapped : item;
    }
    if (!item || typeof item !== 'object' || !plain(item)) return item;
    let copy: Record<string, unknown> | undefined;
    for (const [key, inner] of Object.entries(item)) {
      const next = walk(inner);
      if (next !== inner) (copy ??= { ...item })[key] = next;
    }
    const src = (item as { src?: unknown }).src;
    if (typeof src === 'string' && Object.hasOwn(pictures, src)) {
      const { widths: _widths, avif: _avif, ...rest } = copy ?? (item as Record<string, unknown>);
      return { ...rest, src: pictures[src] };
    }
    return copy ?? item;
  };
  return walk(value) as T;
}
