// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/content/markdown.ts';
import { markdownFromHtml } from '../../src/editor/clipboard/markdownFromHtml.ts';

/** What Word and a web page put on the clipboard (text/html), as a formatted text's markdown. */
const clipboard = (name: string) => readFileSync(join(import.meta.dirname, '..', 'fixtures', 'clipboard', name), 'utf8');

describe('the clipboard\'s HTML as markdown', () => {
  it.each([
    {
      title: 'Word: its list paragraphs become lists, bold, italics and the link stay, and none of its own markup is left',
      file: 'word.html',
      markdown: [
        'Flu vaccines for 2026 have arrived. They’re free for people aged 65 and over – book early 💉',
        '**Who should have one**',
        '- People aged 65 and over\n- Pregnant women, at *any* stage\n- Children from 6 months to under 5 years',
        'To book:',
        '1. Phone reception on (08) 9000 0000\n2. Bring your **Medicare card**',
        'Read more at [Healthdirect Australia](https://www.healthdirect.gov.au/) for advice on “flu season”.',
      ],
    },
    {
      title: 'a web page: the heading as a bold line, emphasis, both kinds of list and the link; script, style and a javascript: link go',
      file: 'web.html',
      markdown: [
        '**Before your appointment**',
        'Please bring your **Medicare card** and a list of your *current medicines*.',
        '- Arrive 10 minutes early\n- Tell reception if you have a cough or fever',
        'When you arrive:',
        '1. Check in at the front desk\n2. Take a seat in the waiting room',
        'For advice after hours, read more at [Healthdirect Australia](https://www.healthdirect.gov.au/) or click here.',
      ],
    },
  ])('$title', ({ file, markdown }) => {
    expect(markdownFromHtml(clipboard(file))).toBe(markdown.join('\n\n'));
  });

  it('gives the site real lists and the named link (both fragments, through the site\'s own renderer)', () => {
    const word = renderMarkdown(markdownFromHtml(clipboard('word.html')));
    expect(word).toMatch(/<ul>\n<li>People aged 65 and over<\/li>\n<li>Pregnant women, at <em>any<\/em> stage<\/li>\n<li>Children from 6 months to under 5 years<\/li>\n<\/ul>/);
    expect(word).toMatch(/<ol>\n<li>Phone reception on \(08\) 9000 0000<\/li>\n<li>Bring your <strong>Medicare card<\/strong><\/li>\n<\/ol>/);
    expect(word).toContain('<a href="https://www.healthdirect.gov.au/" target="_blank" rel="noopener noreferrer">Healthdirect Australia</a>');
    const web = renderMarkdown(markdownFromHtml(clipboard('web.html')));
    expect(web).toMatch(/<ul>\n<li>Arrive 10 minutes early<\/li>\n<li>Tell reception if you have a cough or fever<\/li>\n<\/ul>/);
    expect(web).toContain('<a href="https://www.healthdirect.gov.au/" target="_blank" rel="noopener noreferrer">Healthdirect Australia</a>');
    expect(web).not.toMatch(/javascript|script|notice/i);
  });

  it('keeps links to web pages, e-mail, phone numbers and the site\'s pages only', () => {
    const link = (href: string) => markdownFromHtml(`<p><a href="${href}">Words</a></p>`);
    expect(link('https://example.org/a b(c)')).toBe('[Words](https://example.org/a%20b%28c%29)');
    expect(link('http://example.org')).toBe('[Words](http://example.org)');
    expect(link('mailto:reception@example.com.au')).toBe('[Words](mailto:reception@example.com.au)');
    expect(link('tel:+61890000000')).toBe('[Words](tel:+61890000000)');
    expect(link('/fees')).toBe('[Words](/fees)');
    for (const other of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example/x', 'file:///C:/x.docx', '#top', 'fees.html']) {
      expect(link(other), other).toBe('Words');
    }
    expect(markdownFromHtml('<p><a href="https://example.org"><img src="x.png" alt=""></a>After</p>')).toBe('After');
  });

  it('Word\'s nested list levels, a list straight after another kind, and its spacing with non-breaking spaces', () => {
    const item = (level: number, marker: string, text: string) =>
      `<p class=MsoListParagraphCxSpMiddle style='mso-list:l0 level${level} lfo1'><!--[if !supportLists]--><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><!--[endif]-->${text}<o:p></o:p></p>`;
    const html = [item(1, '1.', 'Ring'), item(2, 'a.', 'Say your name'), item(2, 'b.', 'Say&nbsp;&nbsp;your date of birth'), item(1, '2.', 'Come in'), item(1, '·', 'A bullet')].join('\n');
    expect(markdownFromHtml(html)).toBe('1. Ring\n   1. Say your name\n   2. Say your date of birth\n2. Come in\n\n- A bullet');
    expect(renderMarkdown(markdownFromHtml(html))).toMatch(/<ol>\n<li>Ring<ol>\n<li>Say your name<\/li>/);
  });

  it('styles that say bold or italic (as Google Docs writes them), and a bold wrapper that says it is not bold', () => {
    const html = '<b style="font-weight:normal;" id="docs-internal-guid-1"><p><span style="font-weight:700">Closed</span> on <span style="font-style:italic">public holidays</span>.</p></b>';
    expect(markdownFromHtml(html)).toBe('**Closed** on *public holidays*.');
    expect(markdownFromHtml('<p><b><span style="mso-bidi-font-weight:normal">Once</span></b> <strong><b>only</b></strong></p>')).toBe('**Once** **only**');
  });

  it('gives nothing for a clipboard without words, so that the browser pastes its plain text', () => {
    expect(markdownFromHtml('<meta charset="utf-8"><img src="https://example.org/x.png"><style>p{}</style>')).toBe('');
    expect(markdownFromHtml('<!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]--><p class=MsoNormal><o:p>&nbsp;</o:p></p>')).toBe('');
  });
});
