// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Article } from '../../src/blocks/Article/Article.tsx';
import { CONTENTS_FROM, sectionIds, showsContents } from '../../src/blocks/Article/contents.ts';
import type { ArticleBlock, Block } from '../../src/generated/site.ts';
import { PageContext } from '../../src/ui/context.ts';
import { pageWithIcons } from './pageWithIcons.ts';

afterEach(cleanup);

const article = (headings: string[], more: Partial<ArticleBlock> = {}): ArticleBlock => ({
  type: 'article', ...more,
  sections: headings.map((heading) => ({ heading, body: `<p>About ${heading}.</p>` })),
});

/** The block on a page of its own (with the other blocks given), as a built page renders it. */
function shown(block: ArticleBlock, others: Block[] = []) {
  const page = pageWithIcons('article', { blocks: [...others, block] });
  const { container } = render(<PageContext value={page}><Article block={block} /></PageContext>);
  const nav = container.querySelector('nav');
  const label = nav && container.querySelector(`#${CSS.escape(nav.getAttribute('aria-labelledby') ?? '')}`);
  return {
    nav,
    name: label?.textContent,
    links: [...(nav?.querySelectorAll('a') ?? [])].map((a) => ({ words: a.textContent, href: a.getAttribute('href') })),
    ids: [...container.querySelectorAll('section[id]')].map((section) => section.id),
  };
}

const FOUR = ['Information We Collect', 'How We Use It', 'Storage and Security', 'Complaints'];

describe('an article\'s list of its sections', () => {
  it(`is shown from ${CONTENTS_FROM} headings: a nav named by the site's words, a link to each heading in order`, () => {
    const { nav, name, links, ids } = shown(article(FOUR));
    expect(nav).not.toBeNull();
    // The frozen copy's ui.contentsLabel: the words come from site.yaml, not from the component.
    expect(name).toBe('On this page');
    expect(links.map((l) => l.words)).toEqual(FOUR);
    expect(ids).toEqual(['information-we-collect', 'how-we-use-it', 'storage-and-security', 'complaints']);
    expect(links.map((l) => l.href)).toEqual(ids.map((id) => `#${id}`));
  });

  it('is not shown for three headings', () => {
    const { nav, ids } = shown(article(FOUR.slice(0, 3)));
    expect(nav).toBeNull();
    // The headings can still be linked to.
    expect(ids).toHaveLength(3);
  });

  it('is not shown when the block turns it off', () => {
    expect(shown(article(FOUR, { contents: false })).nav).toBeNull();
    expect(shown(article(FOUR, { contents: true })).nav).not.toBeNull();
  });

  it('is not shown when the site has no words for it', () => {
    expect(showsContents(article(FOUR), undefined)).toBe(false);
    expect(showsContents(article(FOUR), 'Contents')).toBe(true);
  });

  it('links each heading by a unique id, even when headings repeat or a link name is taken', () => {
    const block: ArticleBlock = {
      type: 'article',
      sections: [
        { heading: 'Fees', body: '<p>a</p>' },
        { heading: 'Fees', body: '<p>b</p>' },
        { heading: 'Fees', body: '<p>c</p>', anchor: 'fees-2' },
        { heading: 'Fees!', body: '<p>d</p>' },
        { heading: '¿¡!?', body: '<p>e</p>' },
      ],
    };
    const { ids, links } = shown(block);
    expect(ids).toEqual(['fees', 'fees-3', 'fees-2', 'fees-4', 'section']);
    expect(new Set(ids).size).toBe(ids.length);
    expect(links.map((l) => l.href)).toEqual(ids.map((id) => `#${id}`));
  });

  it('keeps ids unique across the page: link names of other blocks and headings of an article before it', () => {
    const first = article(['Complaints', 'Contact Us']);
    const faq: Block = { type: 'faq', anchor: 'contact-us', singleOpen: false, items: [{ question: 'Q?', answer: '<p>A</p>' }] };
    const second = article(['Complaints', 'Contact Us', 'Access', 'Storage']);
    const page = [first, faq, second];
    expect(sectionIds(first, page)).toEqual(['complaints', 'contact-us-2']);
    expect(sectionIds(second, page)).toEqual(['complaints-2', 'contact-us-3', 'access', 'storage']);
    // The same on every render: the page's order decides, not which block asks first.
    expect(sectionIds(second, page)).toEqual(sectionIds(second, [...page]));
    expect(shown(second, [first, faq]).ids).toEqual(['complaints-2', 'contact-us-3', 'access', 'storage']);
  });
});
