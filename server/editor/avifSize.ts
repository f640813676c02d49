/**
 * An AVIF's size as a browser decodes it, read from every part that says one. A general reader (image-size) takes
 * the first `ispe` box it meets; a 4 KB file can put a 6,000 px one there for a thumbnail and a 16,000 px one on the
 * primary item, which Chromium decodes to about 1 GB. So: the primary item (`pitm`) and its type (`iinf`), its
 * properties (`iprp`: `ipco` and `ipma`), a grid's output size (its ImageGrid data, in `idat` or where `iloc` says),
 * and the largest side any of these or any other `ispe` gives. Anything that cannot be read is no size at all, and
 * the upload is refused as a picture that cannot be read.
 */

export interface AvifSize { width: number; height: number }

/** A box: its type and where its content lies in the file. */
interface Box { type: string; start: number; end: number }

class Unreadable extends Error {}

/** Reads within `bytes` only: any read past a box's end means the file is not what it says. */
class Reader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) { this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength); }

  private within(at: number, length: number, end: number) {
    if (at < 0 || at + length > end || at + length > this.bytes.length) throw new Unreadable();
  }

  u8(at: number, end: number) { this.within(at, 1, end); return this.view.getUint8(at); }
  u16(at: number, end: number) { this.within(at, 2, end); return this.view.getUint16(at); }
  u32(at: number, end: number) { this.within(at, 4, end); return this.view.getUint32(at); }
  /** An unsigned number of 0, 4 or 8 bytes (iloc's offset and length sizes). */
  uint(at: number, size: number, end: number): number {
    if (size === 0) return 0;
    if (size === 4) return this.u32(at, end);
    if (size === 8) return this.u32(at, end) * 2 ** 32 + this.u32(at + 4, end);
    throw new Unreadable();
  }
  text(at: number, end: number) { this.within(at, 4, end); return String.fromCharCode(...this.bytes.subarray(at, at + 4)); }

  /** The boxes between `start` and `end`, in order. */
  boxes(start: number, end: number): Box[] {
    const found: Box[] = [];
    for (let at = start; at < end;) {
      let size = this.u32(at, end);
      const type = this.text(at + 4, end);
      let header = 8;
      if (size === 1) { size = this.uint(at + 8, 8, end); header = 16; } else if (size === 0) size = end - at;
      if (size < header || at + size > end) throw new Unreadable();
      found.push({ type, start: at + header, end: at + size });
      at += size;
    }
    return found;
  }
}

const only = (boxes: Box[], type: string): Box => {
  const matching = boxes.filter((b) => b.type === type);
  if (matching.length !== 1) throw new Unreadable();
  return matching[0];
};

/** Item id -> its item type ('av01', 'grid', 'Exif'...), from `iinf`'s `infe` boxes (versions 2 and 3 carry a type). */
function itemTypes(r: Reader, iinf: Box): Map<number, string> {
  const version = r.u8(iinf.start, iinf.end);
  const entries = r.boxes(iinf.start + 4 + (version === 0 ? 2 : 4), iinf.end).filter((b) => b.type === 'infe');
  const types = new Map<number, string>();
  for (const infe of entries) {
    const v = r.u8(infe.start, infe.end);
    if (v < 2) throw new Unreadable();
    const id = v === 2 ? r.u16(infe.start + 4, infe.end) : r.u32(infe.start + 4, infe.end);
    types.set(id, r.text(infe.start + 4 + (v === 2 ? 2 : 4) + 2, infe.end));
  }
  return types;
}

/** Item id -> the indexes (from 0) into `ipco` of the properties associated with it, from `ipma`. */
function associations(r: Reader, ipma: Box): Map<number, number[]> {
  const version = r.u8(ipma.start, ipma.end);
  const wide = (r.u32(ipma.start, ipma.end) & 1) === 1;
  const count = r.u32(ipma.start + 4, ipma.end);
  const map = new Map<number, number[]>();
  let at = ipma.start + 8;
  for (let i = 0; i < count; i++) {
    const id = version < 1 ? r.u16(at, ipma.end) : r.u32(at, ipma.end);
    at += version < 1 ? 2 : 4;
    const n = r.u8(at++, ipma.end);
    const indexes: number[] = [];
    for (let j = 0; j < n; j++) {
      // The top bit says "essential"; the rest is the property's index from 1 (0 means none).
      const index = wide ? r.u16(at, ipma.end) & 0x7fff : r.u8(at, ipma.end) & 0x7f;
      at += wide ? 2 : 1;
      if (index > 0) indexes.push(index - 1);
    }
    map.set(id, [...(map.get(id) ?? []), ...indexes]);
  }
  return map;
}

/** The bytes of one item, as `iloc` places them: in the file (construction method 0) or in `idat` (1). */
function itemData(r: Reader, iloc: Box, idat: Box | undefined, item: number): Uint8Array {
  const version = r.u8(iloc.start, iloc.end);
  let at = iloc.start + 4;
  const sizes = r.u16(at, iloc.end);
  at += 2;
  const [offsetSize, lengthSize, baseSize] = [sizes >> 12, (sizes >> 8) & 0xf, (sizes >> 4) & 0xf];
  const indexSize = version === 1 || version === 2 ? sizes & 0xf : 0;
  const count = version < 2 ? r.u16(at, iloc.end) : r.u32(at, iloc.end);
  at += version < 2 ? 2 : 4;
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? r.u16(at, iloc.end) : r.u32(at, iloc.end);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) { method = r.u16(at, iloc.end) & 0xf; at += 2; }
    at += 2; // data_reference_index
    const base = r.uint(at, baseSize, iloc.end);
    at += baseSize;
    const extents = r.u16(at, iloc.end);
    at += 2;
    // Extents of no bytes at all would have this loop run 65,535 times per item for nothing.
    if (extents > 1 && offsetSize + lengthSize + indexSize === 0) throw new Unreadable();
    const parts: Uint8Array[] = [];
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = r.uint(at, offsetSize, iloc.end);
      at += offsetSize;
      const length = r.uint(at, lengthSize, iloc.end);
      at += lengthSize;
      if (id !== item) continue;
      const [from, to] = method === 0 ? [0, r.bytes.length] : method === 1 && idat ? [idat.start, idat.end] : [0, -1];
      const first = from + base + offset;
      const last = length === 0 ? to : first + length;
      if (to < 0 || first > last || last > to) throw new Unreadable();
      parts.push(r.bytes.subarray(first, last));
    }
    if (id !== item) continue;
    // ImageGrid data is 8 or 12 bytes: anything much longer is not a grid.
    if (parts.reduce((n, p) => n + p.length, 0) > 64) throw new Unreadable();
    return Uint8Array.from(parts.flatMap((p) => [...p]));
  }
  throw new Unreadable();
}

/** A grid item's output size, from its ImageGrid data: version, flags (bit 0: 32-bit sizes), rows, columns, sizes. */
function gridSize(data: Uint8Array): AvifSize {
  const r = new Reader(data);
  if (r.u8(0, data.length) !== 0) throw new Unreadable();
  const wide = (r.u8(1, data.length) & 1) === 1;
  return wide
    ? { width: r.u32(4, data.length), height: r.u32(8, data.length) }
    : { width: r.u16(4, data.length), height: r.u16(6, data.length) };
}

/** A property's size, for those that give one: `ispe` (the image's), `clap` (the part shown). */
function propertySize(r: Reader, box: Box): AvifSize | undefined {
  if (box.type === 'ispe') return { width: r.u32(box.start + 4, box.end), height: r.u32(box.start + 8, box.end) };
  if (box.type === 'clap') {
    const [wn, wd, hn, hd] = [0, 4, 8, 12].map((o) => r.u32(box.start + o, box.end));
    if (wd === 0 || hd === 0) throw new Unreadable();
    return { width: Math.ceil(wn / wd), height: Math.ceil(hn / hd) };
  }
  return undefined;
}

/**
 * The size a browser decodes this AVIF at, as the largest any part of it says, or undefined when its structure
 * cannot be read. A quarter turn (`irot`) swaps the sides as shown; the longer side is the same either way.
 */
export function avifSize(bytes: Uint8Array): AvifSize | undefined {
  try {
    const r = new Reader(bytes);
    const top = r.boxes(0, bytes.length);
    if (top[0]?.type !== 'ftyp') throw new Unreadable();
    // An image sequence is decoded from its track, whose size is in other boxes: a practice's pictures are stills.
    if (top.some((b) => b.type === 'moov')) throw new Unreadable();
    const meta = only(top, 'meta');
    const inMeta = r.boxes(meta.start + 4, meta.end);
    const pitm = only(inMeta, 'pitm');
    const primary = r.u8(pitm.start, pitm.end) === 0 ? r.u16(pitm.start + 4, pitm.end) : r.u32(pitm.start + 4, pitm.end);
    const types = itemTypes(r, only(inMeta, 'iinf'));
    const type = types.get(primary);
    if (type === undefined) throw new Unreadable();
    const iprp = only(inMeta, 'iprp');
    const inIprp = r.boxes(iprp.start, iprp.end);
    const ipco = only(inIprp, 'ipco');
    const properties = r.boxes(ipco.start, ipco.end);
    const linked = inIprp.filter((b) => b.type === 'ipma').map((b) => associations(r, b));
    const ofPrimary = linked.flatMap((m) => m.get(primary) ?? []).map((i) => {
      if (i >= properties.length) throw new Unreadable();
      return properties[i];
    });
    // Every image item has its size (ispe); a browser refuses one without.
    const ispe = ofPrimary.find((p) => p.type === 'ispe');
    if (!ispe) throw new Unreadable();
    const sizes = [...ofPrimary, ...properties].map((p) => propertySize(r, p)).filter((s): s is AvifSize => s !== undefined);
    let shown = propertySize(r, ispe) as AvifSize;
    if (type === 'grid') {
      const idat = inMeta.find((b) => b.type === 'idat');
      shown = gridSize(itemData(r, only(inMeta, 'iloc'), idat, primary));
      sizes.push(shown);
    }
    const turned = ofPrimary.find((p) => p.type === 'irot');
    if (turned && (r.u8(turned.start, turned.end) & 3) % 2 === 1) shown = { width: shown.height, height: shown.width };
    const largest = sizes.reduce((a, b) => (Math.max(b.width, b.height) > Math.max(a.width, a.height) ? b : a), shown);
    if (!largest.width || !largest.height) throw new Unreadable();
    return Math.max(largest.width, largest.height) > Math.max(shown.width, shown.height) ? largest : shown;
  } catch {
    // Unreadable, or a size past what a number holds: either way no size to trust.
    return undefined;
  }
}
