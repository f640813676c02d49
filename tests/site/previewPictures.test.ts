import { describe, expect, it } from 'vitest';
import { picturesOf, UploadPictures, withPictures } from '../../src/site/preview/pictures.ts';

const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';

describe('the preview\'s pictures of a draft\'s uploads', () => {
  it('shows an upload from its bytes wherever the content names it, without the copies it does not have, and leaves the rest as it was', () => {
    const other = { src: '/images/hero.webp', alt: 'Coast', width: 1920, height: 1080, widths: [640] };
    const site = { pages: [{ entities: { doctors: [{ name: 'Dr Mei Lin', image: { src: '/images/mei-lin-abc123.jpg', alt: 'Dr Mei Lin smiling', width: 640, height: 480, widths: [320], avif: true } }] }, hero: other }] };
    const shown = withPictures(site, { '/images/mei-lin-abc123.jpg': JPEG });
    expect(shown.pages[0].entities.doctors[0].image).toEqual({ src: JPEG, alt: 'Dr Mei Lin smiling', width: 640, height: 480 });
    expect(shown.pages[0].hero).toBe(other);
    expect(site.pages[0].entities.doctors[0].image.src).toBe('/images/mei-lin-abc123.jpg');
    expect(withPictures(site, {})).toBe(site);
  });

  it('takes only data: pictures for addresses of the site from a message', () => {
    expect(picturesOf({
      '/images/a-abc123.jpg': JPEG, '/images/b.jpg': 'javascript:alert(1)', 'https://elsewhere.example/x.jpg': JPEG,
      '/images/c.jpg': 'data:text/html;base64,PHNjcmlwdD4=', '/images/d.jpg': 42,
    })).toEqual({ '/images/a-abc123.jpg': JPEG });
    expect(picturesOf('nothing')).toEqual({});
  });

  it('draws an upload named before its bytes came as a blank picture, never its address, then the picture', () => {
    const uploads = new UploadPictures();
    uploads.name(['/images/mei-lin-abc123.jpg']);
    expect(uploads.shown['/images/mei-lin-abc123.jpg']).toMatch(/^data:image\/gif;base64,/);
    const before = uploads.shown;
    uploads.name(['/images/mei-lin-abc123.jpg']);
    expect(uploads.shown).toBe(before);
    uploads.receive({ '/images/mei-lin-abc123.jpg': JPEG });
    expect(uploads.shown).toEqual({ '/images/mei-lin-abc123.jpg': JPEG });
  });
});
