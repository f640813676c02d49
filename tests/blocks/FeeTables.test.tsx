import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import type { FeeTablesBlock } from '../../src/generated/site.ts';
import { FeeTables } from '../../src/blocks/FeeTables/FeeTables.tsx';
import { feeRow } from '../../src/blocks/FeeTables/fees.ts';
import { formatCents, parseMoney } from '../../src/content/money.ts';
import { PageContext } from '../../src/ui/context.ts';

/**
 * The practice's fee schedule, typed from its printed list (not from site.yaml): group, item, price, pensioner price,
 * rebate, and the out of pocket amounts worked out by hand (price - rebate; no rebate = the whole price).
 */
const SCHEDULE: [group: string, item: string, price: string, pensioner: string | null, rebate: string | null, outOfPocket: string, outOfPocketPensioner: string | null][] = [
  ['General Consultations', 'Brief consultation', '$45.00', '$40.00', '$20.05', '$24.95', '$19.95'],
  ['General Consultations', 'Regular consultation', '$80.00', '$75.00', '$43.90', '$36.10', '$31.10'],
  ['General Consultations', 'Long consultation (up to 25 mins)', '$125.00', '$120.00', '$84.90', '$40.10', '$35.10'],
  ['General Consultations', 'Prolonged consultation', '$150.00', '$140.00', '$125.10', '$24.90', '$14.90'],
  ['Procedures & Treatments', 'Acupuncture', '$65.00', '$55.00', '$42.20', '$22.80', '$12.80'],
  ['Procedures & Treatments', 'Acupuncture (longer)', '$110.00', '$110.00', '$81.70', '$28.30', '$28.30'],
  ['Procedures & Treatments', 'Iron Infusion', '$150.00', null, '$42.85', '$107.15', null],
  ['Procedures & Treatments', 'Insertion of Implanon', '$100.00', null, '$39.20', '$60.80', null],
  ['Procedures & Treatments', 'Removal of Implanon', '$127.00', null, '$66.85', '$60.15', null],
  ['Home Visits', 'Level B', '$120.40', null, '$70.40', '$50.00', null],
  ['Home Visits', 'Level C', '$189.10', null, '$109.10', '$80.00', null],
  ['Mental Health Appointments', 'Care plan preparation (20 mins)', '$136.20', null, '$106.20', '$30.00', null],
  ['Mental Health Appointments', 'Appointment (20 mins)', '$119.00', null, '$78.95', '$40.05', null],
  ['Mental Health Appointments', 'Care plan review', '$124.00', null, '$78.95', '$45.05', null],
  ['Mental Health Appointments', 'Eating disorder plan (20-40 mins)', '$156.00', null, '$100.20', '$55.80', null],
  ['Mental Health Appointments', 'Eating disorder plan (over 40 mins)', '$203.00', null, '$147.65', '$55.35', null],
  ['Mental Health Appointments', 'Eating disorder plan review', '$134.00', null, '$78.95', '$55.05', null],
  ['Antenatal Care', 'Antenatal Care', '$85.00', null, '$44.15', '$40.85', null],
  ['Antenatal Care', 'Antenatal Care (over 25 mins)', '$145.00', null, '$44.15', '$100.85', null],
  ['Other Fees', 'Non Cancellation Fee', '$45.00', null, null, '$45.00', null],
];

const siteText = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
const loaded = loadSite(SALTBUSH_SITE_FILE, siteText);
if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
const page = loaded.compiled.pages.find((p) => p.path === '/fees')!;
const block = page.blocks.find((b): b is FeeTablesBlock => b.type === 'fee-tables')!;
const groups = block.groups.map((id) => page.entities.feeGroups![id]);

describe('money in whole cents', () => {
  it('parses and formats', () => {
    expect(parseMoney('$120.40')).toBe(12040);
    expect(formatCents(12040)).toBe('$120.40');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-150)).toBe('-$1.50');
    expect(() => parseMoney('80')).toThrow(/not an amount/);
  });

  it('has no floating point drift: $0.30 - $0.10 is $0.20', () => {
    expect(formatCents(parseMoney('$0.30') - parseMoney('$0.10'))).toBe('$0.20');
  });
});

describe('/fees: the 20 fee items of the practice schedule, through the frozen copy of site.yaml and compile', () => {
  it('has the six groups in order, and the page carries only those groups', () => {
    expect(groups.map((g) => g.name)).toEqual([
      'General Consultations', 'Procedures & Treatments', 'Home Visits', 'Mental Health Appointments', 'Antenatal Care', 'Other Fees',
    ]);
    expect(Object.keys(page.entities.feeGroups ?? {}).sort()).toEqual([...block.groups].sort());
  });

  it('has exactly the 20 scheduled items, in order', () => {
    const items = groups.flatMap((g) => g.items.map((item) => [g.name, item.name]));
    expect(items).toEqual(SCHEDULE.map(([group, item]) => [group, item]));
  });

  it.each(SCHEDULE)('%s / %s: price %s, pensioner %s, rebate %s -> out of pocket %s, pensioner %s', (group, name, price, pensioner, rebate, outOfPocket, outOfPocketPensioner) => {
    const item = groups.find((g) => g.name === group)!.items.find((i) => i.name === name)!;
    const row = feeRow(item);
    expect(row).toMatchObject({ price, pensionerPrice: pensioner, medicareRebate: rebate, outOfPocket, outOfPocketPensioner });
  });

  it('shows the scheduled item numbers for brief and regular consultations', () => {
    const rows = groups[0].items.map(feeRow);
    expect(rows[0]).toMatchObject({ f2fItemNumber: '3', telephoneItemNumber: '91890', telehealthItemNumber: '91790' });
    expect(rows[1]).toMatchObject({ f2fItemNumber: '23', telephoneItemNumber: '91891', telehealthItemNumber: '91800' });
  });

  it('never types an out of pocket amount in site.yaml: the schema refuses one', () => {
    const keys = new Set(loaded.site.entities.feeGroups!.flatMap((g) => g.items.flatMap((item) => Object.keys(item))));
    expect([...keys].filter((k) => /outOfPocket/i.test(k))).toEqual([]);
    const typed = siteText.replace('{ name: Brief consultation,', '{ name: Brief consultation, outOfPocket: "$24.95",');
    expect(typed).not.toBe(siteText);
    const result = loadSite(SALTBUSH_SITE_FILE, typed);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.message).join('\n')).toMatch(/outOfPocket/);
  });

  it('refuses an amount without cents or a dollar sign', () => {
    const bad = siteText.replace('price: "$45.00", pensionerPrice: "$40.00"', 'price: "45", pensionerPrice: "$40.00"');
    expect(bad).not.toBe(siteText);
    expect(loadSite(SALTBUSH_SITE_FILE, bad).ok).toBe(false);
  });
});

describe('the rendered tables', () => {
  const html = renderToStaticMarkup(createElement(PageContext, { value: page }, createElement(FeeTables, { block })));
  const doc = new JSDOM(html).window.document;

  it('renders six <details> sharing one name, the first open (openFirst), the rest closed', () => {
    const details = [...doc.querySelectorAll('details')];
    expect(details).toHaveLength(6);
    const names = new Set(details.map((d) => d.getAttribute('name')));
    expect(names.size).toBe(1);
    expect([...names][0]).toBeTruthy();
    expect(details.map((d) => d.hasAttribute('open'))).toEqual([true, false, false, false, false, false]);
  });

  it('has the nine column headings in every table', () => {
    for (const table of doc.querySelectorAll('table')) {
      expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
        'Name of Item', 'F2F Item Number', 'Telephone Item Number', 'Telehealth Item Number', 'Price', 'Pensioner/HCC',
        'Medicare Rebate', 'Out of Pocket', 'Out of Pocket Pensioner/HCC',
      ]);
    }
  });

  it('shows every scheduled row with N/A for missing values', () => {
    const rows = [...doc.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect(rows).toHaveLength(20);
    rows.forEach((cells, i) => {
      const [, name, price, pensioner, rebate, outOfPocket, outOfPocketPensioner] = SCHEDULE[i];
      expect(cells[0]).toBe(name);
      expect(cells.slice(4)).toEqual([price, pensioner ?? 'N/A', rebate ?? 'N/A', outOfPocket, outOfPocketPensioner ?? 'N/A']);
    });
  });
});
