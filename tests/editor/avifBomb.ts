/**
 * Crafted AVIFs of a few hundred bytes whose parts disagree on their size, as an attacker writes them: the first
 * `ispe` a general reader meets says 6,000 px, the primary item (or its grid, or its tiles) says 16,000. They hold no
 * picture data worth decoding; their structure is what a browser reads to size the picture it decodes.
 */
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));
const u16 = (n: number) => [n >> 8 & 0xff, n & 0xff];
const u32 = (n: number) => [n >>> 24 & 0xff, n >> 16 & 0xff, n >> 8 & 0xff, n & 0xff];
const box = (type: string, ...content: number[][]) => {
  const body = content.flat();
  return [...u32(8 + body.length), ...ascii(type), ...body];
};
const full = (type: string, version: number, flags: number, ...content: number[][]) => box(type, [version, ...u32(flags).slice(1)], ...content);

const ftyp = box('ftyp', ascii('avif'), u32(0), ascii('avifmif1miaf'));
const hdlr = full('hdlr', 0, 0, u32(0), ascii('pict'), u32(0), u32(0), u32(0), [0]);
const ispe = (width: number, height: number) => full('ispe', 0, 0, u32(width), u32(height));
/** The same with a 64-bit size in its header, as ISOBMFF allows any box: a reader that skips such boxes misses it. */
const longIspe = (width: number, height: number) => [...u32(1), ...ascii('ispe'), ...u32(0), ...u32(28), 0, 0, 0, 0, ...u32(width), ...u32(height)];
/** An AV1 configuration property: what a real file has beside each coded item (its contents matter not here). */
const av1C = box('av1C', [0x81, 0x00, 0x0c, 0x00]);
const infe = (id: number, type: string) => full('infe', 2, 0, u16(id), u16(0), ascii(type), [0]);
/** One iloc entry (version 1): item, construction method (0 file, 1 idat), one extent of offset and length. */
const place = (id: number, method: number, offset: number, length: number) => [...u16(id), ...u16(method), ...u16(0), ...u16(1), ...u32(offset), ...u32(length)];
const iloc = (...items: number[][]) => full('iloc', 1, 0, [0x44, 0x00], u16(items.length), ...items);
/** ipma (version 0, narrow): each item with its properties' indexes from 1, the top bit marking essential ones. */
const ipma = (...items: [number, number[]][]) => full('ipma', 0, 0, u32(items.length), ...items.map(([id, props]) => [...u16(id), props.length, ...props]));
const mdat = box('mdat', [0x12, 0x00, 0x0a, 0x0a]);

/** The primary item's ispe (with a 64-bit box size) says 16,000 x 16,000; a thumbnail's, listed first, 6,000 x 6,000. */
export function primaryBomb(): Uint8Array {
  const meta = full('meta', 0, 0, hdlr, full('pitm', 0, 0, u16(1)), iloc(place(1, 0, 0, 4), place(2, 0, 0, 4)),
    full('iinf', 0, 0, u16(2), infe(1, 'av01'), infe(2, 'av01')),
    box('iprp', box('ipco', ispe(6000, 6000), longIspe(16_000, 16_000), av1C), ipma([1, [0x83, 2]], [2, [0x83, 1]])));
  return Uint8Array.from([...ftyp, ...meta, ...mdat]);
}

/**
 * The primary item is a 2 x 2 grid whose own ispe says 6,000 x 6,000: its ImageGrid data (in idat) says the output is
 * `output` px square, and each tile's ispe says `tile` px square.
 */
export function gridBomb(output: number, tile: number): Uint8Array {
  const grid = [0, 0, 1, 1, ...u16(output), ...u16(output)];
  const meta = full('meta', 0, 0, hdlr, full('pitm', 0, 0, u16(1)),
    iloc(place(1, 1, 0, grid.length), ...[2, 3, 4, 5].map((id) => place(id, 0, 0, 4))),
    full('iinf', 0, 0, u16(5), infe(1, 'grid'), ...[2, 3, 4, 5].map((id) => infe(id, 'av01'))),
    box('iprp', box('ipco', ispe(6000, 6000), ispe(tile, tile), av1C), ipma([1, [1]], ...[2, 3, 4, 5].map((id): [number, number[]] => [id, [0x83, 2]]))),
    box('idat', grid));
  return Uint8Array.from([...ftyp, ...meta, ...mdat]);
}
