import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertRenderedWhole, blockModules, chunksFor, fillShell } from '../../scripts/prerender.ts';
import { blockFacts } from '../../src/content/schema.ts';
import type { PageData } from '../../src/content/model.ts';

const root = resolve(import.meta.dirname, '..', '..');
const page = (types: string[]): PageData => ({ id: 'p', path: '/p', title: 't', description: 'd', entities: {}, icons: {}, days: {}, blocks: types.map((type) => ({ type })) as PageData['blocks'] });

describe('the chunks a prerendered page preloads', () => {
  it('come from the registry line of every block type, each naming a file that exists', () => {
    const modules = blockModules();
    expect([...modules.keys()].sort()).toEqual([...blockFacts().types].sort());
    for (const file of modules.values()) expect(existsSync(join(root, file)), file).toBe(true);
  });

  it('follow a renamed component file, since the registry line is read, not a name guessed from the type', () => {
    const modules = blockModules(`const loaders = {\n  hero: () => import('./Banner/Banner.tsx').then((m) => m.Banner),\n}`);
    expect(modules.get('hero')).toBe('src/blocks/Banner/Banner.tsx');
    const manifest = {
      'virtual:site/page/p': { file: 'assets/p.js', imports: ['_shared.js'] },
      'src/blocks/Banner/Banner.tsx': { file: 'assets/banner.js' },
      '_shared.js': { file: 'assets/shared.js' },
    };
    expect(chunksFor(page(['hero']), manifest, modules)).toEqual(['assets/p.js', 'assets/shared.js', 'assets/banner.js']);
  });

  it('stop the build when a block has no chunk, instead of shipping a page that hydrates late', () => {
    expect(() => chunksFor(page(['hero']), { 'virtual:site/page/p': { file: 'assets/p.js' } }, new Map([['hero', 'src/blocks/Hero/Hero.tsx']])))
      .toThrow('The build has no chunk for the "hero" block (src/blocks/Hero/Hero.tsx).');
  });
});

describe("a page's HTML in Vite's shell", () => {
  it('keeps the text as written, even where it looks like a replacement pattern', () => {
    const shell = '<head><!--app-head--></head><body><!--app-html--><script src="/e.js"></script></body>';
    const body = '<p>A fee of $$90 or $&amp; more, $` and $\'</p>';
    expect(fillShell(shell, { '<!--app-head-->': '<title>$&</title>', '<!--app-html-->': body, '<script src="/e.js"></script>': '<script>go("$1")</script>' }))
      .toBe(`<head><title>$&</title></head><body>${body}<script>go("$1")</script></body>`);
  });
});

describe('a page that did not render whole on the server', () => {
  it('stops the build (React marks a part that failed on the server with <!--$!-->)', async () => {
    const { createElement, Suspense } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const Broken = () => { throw new Error('Invalid URL'); };
    const html = renderToString(createElement('main', null, createElement(Suspense, { fallback: null }, createElement(Broken))));
    expect(() => assertRenderedWhole('/contact', html)).toThrow('The page /contact could not be prerendered whole');
    expect(() => assertRenderedWhole('/contact', renderToString(createElement('main', null, 'fine')))).not.toThrow();
  });
});
