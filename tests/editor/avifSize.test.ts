import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { avifSize } from '../../server/editor/avifSize.ts';
import { checkUpload, storedUploadProblem } from '../../server/editor/upload.ts';
import { renderPortrait } from '../../build/people.ts';
import { gridBomb, primaryBomb } from './avifBomb.ts';
import { call, editorPerTest } from './request.ts';

// An AVIF is as large as the largest size any of its parts gives a browser, at upload and again at Publish.
const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'avif', name)));
const TOO_LARGE = (label: string, side: number) => `"${label}" is ${side} × ${side} pixels; a picture may be at most 6000 pixels on its longer side. Make it smaller in a photo program and choose it again.`;
const UNREADABLE = (label: string) => `"${label}" looks like a picture but cannot be read. Save it again from a photo program and choose it again.`;
const STORED = 'public/images/photo-abc123.avif';
const open = editorPerTest();

describe('an AVIF whose parts disagree on its size', () => {
  it('is the fixture the generator makes, a few hundred bytes that a general reader takes for 6,000 px', () => {
    expect(fixture('primary-16000.avif')).toEqual(primaryBomb());
    expect(fixture('grid-16000.avif')).toEqual(gridBomb(16_000, 3000));
    expect(primaryBomb().length).toBeLessThan(4096);
    expect(imageSize(primaryBomb())).toMatchObject({ width: 6000, height: 6000 });
    expect(imageSize(gridBomb(16_000, 3000))).toMatchObject({ width: 6000, height: 6000 });
  });

  it('is refused at upload and at Publish by the primary item\'s size, its grid\'s output or its largest tile', () => {
    for (const bytes of [fixture('primary-16000.avif'), fixture('grid-16000.avif'), gridBomb(6000, 16_000)]) {
      expect(avifSize(bytes)).toEqual({ width: 16_000, height: 16_000 });
      expect(checkUpload('photo.avif', bytes)).toEqual({ ok: false, status: 413, message: TOO_LARGE('photo.avif', 16_000) });
      expect(storedUploadProblem(STORED, bytes)).toBe(TOO_LARGE(STORED, 16_000));
    }
  });

  it('is refused through the editor\'s upload', async () => {
    const { editor } = await open('minimal');
    const refused = await call(editor, 'POST', '/api/upload?name=photo.avif', fixture('primary-16000.avif'));
    expect(refused).toEqual({ status: 413, body: { error: TOO_LARGE('photo.avif', 16_000) } });
  });

  it('is refused as unreadable when its structure cannot be read', () => {
    const whole = primaryBomb();
    for (const bytes of [whole.subarray(0, 60), whole.subarray(0, whole.length - 40), Uint8Array.from([...whole.subarray(0, 30), 0xff, 0xff, 0xff, 0xff, ...whole.subarray(34)])]) {
      expect(avifSize(bytes)).toBeUndefined();
      expect(checkUpload('photo.avif', bytes)).toEqual({ ok: false, status: 415, message: UNREADABLE('photo.avif') });
      expect(storedUploadProblem(STORED, bytes)).toBe(UNREADABLE(STORED));
    }
  });

  it('a grid within the limit, and a real AVIF as the build makes one, pass with their true size', async () => {
    expect(avifSize(gridBomb(6000, 3000))).toEqual({ width: 6000, height: 6000 });
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2a7' } }).png().toBuffer();
    const avif = new Uint8Array(await renderPortrait(png, 'avif', 320, 'portrait.png'));
    const { width, height } = await sharp(avif).metadata();
    expect([width, height]).toEqual([320, 200]);
    expect(avifSize(avif)).toEqual({ width: 320, height: 200 });
    expect(checkUpload('portrait.avif', avif)).toMatchObject({ ok: true, width: 320, height: 200 });
    expect(storedUploadProblem(STORED, avif)).toBeUndefined();
  });
});
