import { describe, expect, it } from 'vitest';
import { manifest } from 'virtual:site/routes';
import { resolvePath } from '../../src/site/resolve.ts';

describe('resolvePath over the real route manifest', () => {
  it('finds pages with and without a trailing slash', () => {
    expect(resolvePath(manifest, '/fees')).toMatchObject({ kind: 'page', id: 'fees' });
    expect(resolvePath(manifest, '/fees/')).toMatchObject({ kind: 'page', id: 'fees' });
    expect(resolvePath(manifest, '/')).toMatchObject({ kind: 'page', id: 'home' });
  });

  it('redirects the navigation aliases permanently to their canonical pages', () => {
    expect(resolvePath(manifest, '/services/gynaecology-services')).toEqual({ kind: 'redirect', to: '/services/gynaecology', permanent: true });
    expect(resolvePath(manifest, '/services/work-cover')).toEqual({ kind: 'redirect', to: '/work-cover', permanent: true });
    expect(resolvePath(manifest, '/immunisations')).toEqual({ kind: 'redirect', to: '/services/immunisations', permanent: true });
  });

  it('gives every doctor a profile page, including the one not listed, and redirects unknown slugs to /doctors', () => {
    const profiles = manifest.pages.filter((p) => p.path.startsWith('/doctors/'));
    expect(profiles).toHaveLength(7);
    expect(resolvePath(manifest, '/doctors/dr-laura-bennett')).toMatchObject({ kind: 'page' });
    expect(resolvePath(manifest, '/doctors/dr-nobody')).toEqual({ kind: 'redirect', to: '/doctors', permanent: false });
  });

  it('sends anything else to the not-found page, including malformed escapes', () => {
    expect(resolvePath(manifest, '/no-such-page')).toEqual({ kind: 'not-found', id: manifest.notFoundId });
    expect(resolvePath(manifest, '/doctors/a/b')).toEqual({ kind: 'not-found', id: manifest.notFoundId });
    expect(resolvePath(manifest, '/%E0%A4%A')).toEqual({ kind: 'not-found', id: manifest.notFoundId });
  });
});
