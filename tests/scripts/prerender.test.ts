import { describe, expect, it } from 'vitest';
import { assertRenderedWhole, entryChunks, fillShell } from '../../build/prerender.ts';

describe('the script a prerendered page starts', () => {
  it('is the page entry, with every chunk it imports (each once) to fetch before it', () => {
    const manifest = {
      'src/site/entry-page.ts': { file: 'assets/page.js', isEntry: true, imports: ['_a.js', '_b.js'] },
      '_a.js': { file: 'assets/a.js', imports: ['_b.js'] },
      '_b.js': { file: 'assets/b.js' },
      'src/blocks/Hero/Hero.tsx': { file: 'assets/hero.js', imports: ['_framework.js'] },
    };
    expect(entryChunks(manifest, 'src/site/entry-page.ts')).toEqual({ entry: '/assets/page.js', chunks: ['assets/a.js', 'assets/b.js'] });
  });

  it('stops the build when the entry is missing, instead of shipping pages that start nothing', () => {
    expect(() => entryChunks({}, 'src/site/entry-page.ts')).toThrow('The build has no entry for src/site/entry-page.ts.');
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
