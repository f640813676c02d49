/**
 * The checker's problems as the editor's form shows them beside a field, word for word: of fields and entries,
 * never of quotes, keys, lines or paths. The file's words (npm run check, the YAML view) are asserted in
 * messages.test.ts and stay as they are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formCatalogue, say, type ContentError, type ErrorName } from '../../src/content/errors.ts';
import { loadSite } from '../../src/content/load.ts';

const siteFile = join(import.meta.dirname, '..', 'fixtures', 'minimal-site', 'site.yaml');
const base = readFileSync(siteFile, 'utf8');

interface Case { name: ErrorName; edits: [string, string][]; path: string; form: string }

const cases: Case[] = [
  { name: 'UnknownKey', edits: [['  subtitle: Community', '  subtitel: Community']], path: 'site.subtitel',
    form: 'Something is written here that is not a field of this part, so the site ignores it. Correct or remove it in the YAML view.' },
  { name: 'TextCutAtComma', edits: [['bio: Nina runs the vaccination clinic. }', 'bio: Nina runs the clinic, and the garden. }']], path: 'entities.staff.0.bio',
    form: 'The text of this field stops at a comma, and the rest was read as something else. Type the whole text again in this field.' },
  { name: 'MissingField', edits: [['      summary: Cares for babies, children and teenagers.\n', '']], path: 'entities.doctors.1',
    form: 'Summary is not filled in. Fill it in.' },
  { name: 'EmptyValue', edits: [['      heading: Clinic News', '      heading:']], path: 'pages.0.blocks.2.heading',
    form: 'This field is empty. Fill it in.' },
  { name: 'UnquotedNumber', edits: [['areaCode: "02"', 'areaCode: 02']], path: 'contact.areaCode',
    form: '02 was read as the number 2, which changes it. Type 02 again in this field.' },
  { name: 'BadFormat', edits: [['themeColor: "#5b3a8c"', 'themeColor: "#5b3a8"']], path: 'site.themeColor',
    form: "#5b3a8 is not written the expected way. The practice's main colour as a colour code, e.g. #0f5e6e." },
  { name: 'BadFormat', edits: [['opens: "09:00", closes: "13:00"', 'opens: "09:00", closes: "25:00"']], path: 'hours.regular.1.closes',
    form: '25:00 is not written the expected way. The time it closes, on the 24-hour clock, e.g. 17:30.' },
  { name: 'BadMoney', edits: [['  news:\n', '  feeGroups:\n    - id: consultations\n      name: Consultations\n      items:\n        - { name: Standard, price: "80.00" }\n  news:\n']],
    path: 'entities.feeGroups.0.items.0.price', form: '80.00 is not an amount of money. Type the dollars and cents, e.g. 80 or 80.50.' },
  { name: 'BadPhone', edits: [['phone: "4960 2100"', 'phone: "0960 2100"']], path: 'contact.phone',
    form: '0960 2100 does not look like an Australian phone number. Type it in one of these forms: a local number 8377 1234, with its area code (08) 8377 1234, a mobile 0412 345 678, 1800 022 222, 1300 224 636 or 13 11 14.' },
  { name: 'BadId', edits: [['id: nina-hall', 'id: Nina Hall'], ['staff: [nina-hall]', 'staff: [Nina Hall]']], path: 'entities.staff.0.id',
    form: 'Nina Hall cannot be used as a short name. Use lower-case letters, digits and hyphens only, e.g. nina-hall.' },
  { name: 'BadDate', edits: [['date: "2025-02-03"', 'date: "3/2/2025"']], path: 'entities.news.0.date',
    form: '3/2/2025 is not a date. Write the day, month and year, e.g. 28/11/2026 or 28 November 2026.' },
  { name: 'EmptyText', edits: [['heading: Your local GP in Banksia Flat', 'heading: ""']], path: 'pages.0.blocks.0.heading',
    form: 'This field is empty. Fill it in.' },
  { name: 'EmptyText', edits: [['title: New Friday hours', 'title: ""']], path: 'entities.news.0.title',
    form: 'This field is empty. Fill it in.' },
  { name: 'EmptyText', edits: [['newTab: (opens in a new tab)', 'newTab: ""']], path: 'ui.newTab',
    form: 'This is empty. Write the text in this field.' },
  { name: 'EmptyText', edits: [['specialties: [Family medicine, Travel health]', 'specialties: ["", Travel health]']], path: 'entities.doctors.0.specialties.0',
    form: 'This entry is empty. Fill it in, or remove it.' },
  { name: 'InvisibleText', edits: [['summary: From February the clinic closes at 1pm on Fridays.', 'summary: "\\u200B\\u3164"']], path: 'entities.news.0.summary',
    form: 'This text is made only of invisible characters, so it shows as empty. Write the words in this field.' },
  { name: 'ClosesBeforeOpens', edits: [['opens: "09:00", closes: "13:00"', 'opens: "09:00", closes: "01:00"']], path: 'hours.regular.1.closes',
    form: 'This closes at 01:00, which is not after it opens at 09:00. Check the opening and closing times.' },
  { name: 'TodayNeedsTimeZone', edits: [['  note: Closed on weekends.\n', '  note: Closed on weekends.\n  today: { open: "Open, until {time}", afterHours: "Call {phone}", closed: "Opens {day} {time}", today: today, tomorrow: tomorrow }\n']], path: 'hours.today',
    form: "Whether the surgery is open now is worked out by the practice's clock, and no time zone is given. Fill in Time zone under Opening hours, e.g. Australia/Adelaide." },
  { name: 'BrokenLink', edits: [['{ label: Our Team, href: /team }', '{ label: Our Team, href: /teem }']], path: 'nav.items.1.href',
    form: '/teem goes to no page of this site. Did you mean /team? Choose a page from the list, or upload the file.' },
  { name: 'DuplicateId', edits: [['- slug: dr-ivan-petrov', '- slug: dr-rosa-quinlan']], path: 'entities.doctors.1.slug',
    form: 'Another entry already uses dr-rosa-quinlan as its doctor web address. Give each one its own.' },
  { name: 'UnknownReference', edits: [['items: [new-clinic-hours]', 'items: [new-clinic-hour]']], path: 'pages.0.blocks.2.items.0',
    form: 'new-clinic-hour is not in the list of news. Did you mean new-clinic-hours? Choose one from the list.' },
  { name: 'MissingFile', edits: [['/images/team/rosa-quinlan.svg', '/images/team/rosa-quinlen.svg']], path: 'entities.doctors.0.image.src',
    form: 'There is no file /images/team/rosa-quinlen.svg. Did you mean /images/team/rosa-quinlan.svg? Upload the file in this field, or choose another.' },
  { name: 'BadTemplate', edits: [['    path: /team/:slug', '    path: /team/all']], path: 'pages.2.path',
    form: 'One page for each makes one page per entry, so the web address must end in /:slug, e.g. /doctors/:slug.' },
  { name: 'MissingAlt', edits: [['alt: Portrait of Dr Rosa Quinlan', 'alt: ""']], path: 'entities.doctors.0.image.alt',
    form: 'This picture has no description. Write what it shows for people who cannot see it; only background pictures of a hero may leave it empty.' },
];

function problemsOf(text: string): ContentError[] {
  const result = loadSite(siteFile, text);
  return [...result.warnings, ...(result.ok ? [] : result.errors)];
}

describe("the checker's problems in the form's words", () => {
  it.each(cases.map((c, i) => [`${c.name}${cases.findIndex((d) => d.name === c.name) === i ? '' : ' (again)'}`, c] as const))('%s', (_label, c) => {
    const text = c.edits.reduce((edited, [from, to]) => {
      expect(edited, 'the fixture has changed').toContain(from);
      return edited.replace(from, to);
    }, base);
    const found = problemsOf(text).filter((p) => p.name === c.name && p.path === c.path);
    expect(found.map((p) => p.formMessage)).toEqual([c.form]);
    // The file keeps its own words, which differ.
    expect(found[0].message).not.toBe(c.form);
  });

  it('say nothing of quotes, keys, lines or the file\'s lists', () => {
    for (const c of cases) expect(c.form, c.name).not.toMatch(/quote|entities\.|under pages:|line \d|Add a line|"[a-z]+[A-Z]\w*"/);
  });

  it('words the problems the form cannot make here too, from the same catalogue', () => {
    expect(say('UnusedEntry', 'doctor', 'dr-ivan-petrov', 'doctors').formMessage)
      .toBe('This doctor is on no page, so visitors never see it. Add it to a block that shows doctors, or remove it.');
    expect(say('UnknownReference', 'doctors', 'dr-thomas-nguyen', undefined, 'slug').formMessage)
      .toBe('dr-thomas-nguyen is not in the list of doctors. Choose one from the list.');
    expect(say('OldNews', 'flu-2023', '2023-03-01', 12).formMessage)
      .toBe('The news item flu-2023 is dated 2023-03-01, more than 12 months ago, and this list still shows it. Take it off the list, or tick Leave out old news on the block.');
    expect(say('OldNewsShownNewest', 'flu-2023', '2023-03-01', 12).formMessage)
      .toBe('The news item flu-2023 is dated 2023-03-01, more than 12 months ago, and a news list still shows it among the newest news. Take it down (untick Shown in news lists), or tick Leave out old news on that news list.');
    expect(say('MissingFile', '/people/dr-amelia-hart.avif', undefined).formMessage)
      .toBe("There is no picture /people/dr-amelia-hart.avif. Choose the person's photo in this field to upload it.");
    expect(say('BadTemplate', true).formMessage)
      .toBe('A web address ending in /:slug makes one page per entry. Choose the list under One page for each, or take /:slug off the web address.');
    expect(say('CommentAfterText', 'Open', 'Open #1').formMessage)
      .toBe('The site shows only "Open": in the file, a space and # start a note for editors. Type the whole text again in this field to keep all of it.');
    expect(say('WrongType', 'a list', 'the text "Flu"', 'Write each entry on its own line starting with "- ".').formMessage)
      .toBe('This should be a list, but it is the text "Flu". Fill in the field again.');
    expect(say('BadUrl', 'https://a b', 'it has a space').formMessage)
      .toBe('https://a b is not a web address (it has a space). Type the address as the browser shows it, with no spaces, e.g. https://www.healthdirect.gov.au.');
    expect(say('NotAllowed', 'it must be at least 2 characters long').formMessage)
      .toBe('This value is not allowed (it must be at least 2 characters long). Compare it with the same field of another entry.');
    expect(say('BadId', 'an anchor', 'Bulk Billing', 'bulk-billing').formMessage)
      .toBe('Bulk Billing cannot be used as a link name. Use lower-case letters, digits and hyphens only, e.g. bulk-billing.');
    expect(say('BadId', 'a slug', 'Dr Amelia', 'dr-amelia').formMessage)
      .toBe('Dr Amelia cannot be used as a web address. Use lower-case letters, digits and hyphens only, e.g. dr-amelia.');
    expect(say('EmptyValue', '2').formMessage).toBe('This entry is empty. Fill it in, or remove it.');
    expect(say('UnquotedNumber', '800', 800).formMessage).toBe('800 was read as a number, but text is expected here. Type it again in this field.');
  });

  it('a problem whose words say nothing of the file has one wording', () => {
    expect(say('TooLong', 120, 100)).toEqual({ name: 'TooLong', message: 'This is 120 characters long; at most 100 are allowed. Shorten it.' });
    const worded = new Set([...cases.map((c) => c.name), 'UnusedEntry', 'OldNews', 'OldNewsShownNewest', 'CommentAfterText', 'WrongType', 'BadUrl', 'NotAllowed']);
    expect(Object.keys(formCatalogue).filter((name) => !worded.has(name as ErrorName))).toEqual([]);
  });
});
