/** The small pure helpers behind "did you mean", Australian numbers and money. */
import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/content/ids.ts';
import { cents, formatCents } from '../../src/content/money.ts';
import { isAustralianPhone } from '../../src/content/phone.ts';
import { closest, closestPath, editDistance } from '../../src/content/suggest.ts';

describe('did you mean', () => {
  it('counts edits, a swap of two letters as one', () => {
    expect(editDistance('heading', 'heading')).toBe(0);
    expect(editDistance('headng', 'heading')).toBe(1);
    expect(editDistance('haeding', 'heading')).toBe(1);
    expect(editDistance('colour', 'code')).toBe(4);
  });

  it('suggests a close field name and nothing for a far one', () => {
    const fields = ['type', 'heading', 'intro', 'breadcrumb', 'buttons'];
    expect(closest('headng', fields)).toBe('heading');
    expect(closest('Heading', fields)).toBe('heading');
    expect(closest('button', fields)).toBe('buttons');
    expect(closest('colour', fields)).toBeUndefined();
    expect(closest('x', fields)).toBeUndefined();
  });

  it('finds the page a link meant, by its whole path or by its last part', () => {
    const paths = ['/', '/fees', '/appointments', '/services/skin-checks', '/services/flu-vaccine', '/work-cover'];
    expect(closestPath('/appointment', paths)).toBe('/appointments');
    expect(closestPath('/skin-checks', paths)).toBe('/services/skin-checks');
    expect(closestPath('/services/work-cover', paths)).toBe('/work-cover');
    expect(closestPath('/services/flu-vacine', paths)).toBe('/services/flu-vaccine');
    expect(closestPath('/completely-else', paths)).toBeUndefined();
  });

  it('turns a name into a well-formed id', () => {
    expect(slugify('Dr Amelia Hart')).toBe('dr-amelia-hart');
    expect(slugify('  Women’s Health & Care ')).toBe('womens-health-care');
    expect(slugify('Café Über')).toBe('cafe-uber');
    expect(slugify('!!!')).toBe('');
  });
});

describe('Australian phone numbers', () => {
  it.each(['8377 1234', '(08) 8377 1234', '08 8377 1234', '+61 8 8377 1234', '0412 345 678', '1800 022 222', '1300 224 636', '13 11 14', '000'])('accepts %s', (number) => {
    expect(isAustralianPhone(number)).toBe(true);
  });
  it.each(['0960 2100', '12345', '+1 555 123 4567', '1900 123 456', '8377 12345', 'call us', '08-8377-12'])('rejects %s', (number) => {
    expect(isAustralianPhone(number)).toBe(false);
  });
});

describe('money', () => {
  it('reads "$X.XX" amounts as cents and writes them back', () => {
    expect(cents('$80.00')).toBe(8000);
    expect(cents('$1234.50')).toBe(123450);
    expect(cents('$0.05')).toBe(5);
    // One written form, the schema's: a thousands comma is refused there, so here too.
    for (const bad of ['80.00', '$80', '$80.0', 'AUD 80.00', '$80.00 each', '$1,234.50', '$080.00']) expect(cents(bad)).toBeNull();
    expect(formatCents(3610)).toBe('$36.10');
    expect(formatCents(-150)).toBe('-$1.50');
  });
});
