/**
 * The exact words of every error kind, as an editor sees them. Each case breaks the small fixture site in one
 * place; the expected line and column are found from the edited text (where the edit is), the rest of the
 * message is written out in full so that any change of wording is a deliberate one.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv from 'ajv';
import { LineCounter, parseDocument } from 'yaml';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { catalogue, editorCatalogue, type ErrorName } from '../../src/content/errors.ts';
import { formatError } from '../../src/content/errorFormat.ts';
import { loadSite } from '../../src/content/load.ts';
import { locateSchemaErrors } from '../../src/content/schemaMessages.ts';

const siteFile = join(import.meta.dirname, '..', 'fixtures', 'minimal-site', 'site.yaml');
const base = readFileSync(siteFile, 'utf8');
const file = relative(process.cwd(), siteFile);

const FEES = [
  '  feeGroups:',
  '    - id: consultations',
  '      name: Consultations',
  '      items:',
  '        - { name: Standard, f2fItemNumber: "23", price: "$80.00", medicareRebate: "$43.90" }',
  '',
].join('\n');

/** An anchor on one doctor's qualifications, and an alias repeating them on another's. */
const ANCHOR_AND_ALIAS: [string, string][] = [['qualifications: MBBS, FRACGP', 'qualifications: &gp MBBS, FRACGP'], ['qualifications: MBBS, DCH', 'qualifications: *gp']];

interface Case {
  name: ErrorName;
  /** Text replacements applied to the fixture, in order (each must match). */
  edits: [string, string][];
  /** Where the error must point: the first occurrence of this text in the edited file (plus `col` to override). */
  at: string;
  /** Columns to move right from the start of `at`. */
  shift?: number;
  where: string;
  path: string;
  message: string;
  /** A warning: the file still passes, and the message is among the warnings. */
  warning?: true;
  /** The day it is checked on ("YYYY-MM-DD", noon UTC), for the problems of dates; else the real clock. */
  on?: string;
}

const cases: Case[] = [
  // Reading the file.
  { name: 'YamlTab', edits: [['    suburb: Banksia Flat', '\t  suburb: Banksia Flat']], at: '\t  suburb', where: 'Line {line} in contact > address', path: 'contact.address',
    message: 'This line is indented with a tab. Use spaces only, two for each level.' },
  { name: 'YamlIndent', edits: [['    suburb: Banksia Flat', '   suburb: Banksia Flat']], at: '   suburb', where: 'Line {line} in contact > address', path: 'contact.address',
    message: 'This line does not line up with the lines around it. Start it in the same column as the other fields of its group.' },
  { name: 'YamlUnclosedQuote', edits: [['postcode: "2999"', 'postcode: "2999']], at: '"2999', where: 'Line {line} in contact', path: 'contact',
    message: 'The quote mark (") that starts the text on this line is never closed. Add a closing " at the end of the text.' },
  { name: 'YamlUnclosedBracket', edits: [['- { label: Our Team, href: /team }', '- { label: Our Team, href: /team']], at: '{ label: Our Team', where: 'Line {line} in nav > items', path: 'nav.items',
    message: 'The "{" on this line is never closed. Add "}" at the end of the line.' },
  { name: 'YamlColonInText', edits: [['text: Unhurried appointments', 'text: Note: unhurried appointments']], at: 'Note: unhurried', where: 'Line {line} in Page "/" > block 1 (hero)', path: 'pages.0.blocks.0',
    message: 'This line has a second ": " (colon and space), or the next line is indented too far. Put text that contains ": " in double quotes, e.g. text: "Note: bring your Medicare card".' },
  { name: 'YamlMissingColon', edits: [['    suburb: Banksia Flat', '    suburb Banksia Flat']], at: 'suburb Banksia', where: 'Line {line} in contact > address', path: 'contact.address',
    message: 'A field name must be followed by ": " (a colon and a space) on the same line. Add the missing colon or space, here or on the next line.' },
  { name: 'YamlTextAfterQuote', edits: [['code: "404"', 'code: "404" page']], at: '"404" page', shift: 6, where: 'Line {line} in Not-found page > block 1 (status)', path: 'notFound.blocks.0',
    message: 'There is more text after the closing quote. Put the whole text in double quotes, e.g. "Women\'s health".' },
  { name: 'YamlReservedStart', edits: [['summary: Cares for babies', 'summary: @Cares for babies']], at: '@Cares', where: 'Line {line} in Doctor "Dr Ivan Petrov"', path: 'entities.doctors.1',
    message: 'Text cannot start with "@" unless it is in quotes. Put the whole text in double quotes.' },
  { name: 'YamlAnchorOrAlias', edits: ANCHOR_AND_ALIAS, at: '&gp', where: 'Line {line} in Doctor "Dr Rosa Quinlan"', path: 'entities.doctors.0',
    message: 'A value starting with & or * is read as a YAML anchor or alias, and anchors and aliases (&name, *name) are not used in this file. Write the value out in full where it is needed; if it is text that starts with & or *, put the whole text in double quotes.' },
  { name: 'YamlAnchorOrAlias', edits: ANCHOR_AND_ALIAS, at: '*gp', where: 'Line {line} in Doctor "Dr Ivan Petrov"', path: 'entities.doctors.1',
    message: 'A value starting with & or * is read as a YAML anchor or alias, and anchors and aliases (&name, *name) are not used in this file. Write the value out in full where it is needed; if it is text that starts with & or *, put the whole text in double quotes.' },
  { name: 'DuplicateKey', edits: [['      qualifications: MBBS, DCH\n', '      qualifications: MBBS, DCH\n      qualifications: MBBS\n']], at: 'qualifications: MBBS\n', where: 'Line {line} in Doctor "Dr Ivan Petrov"', path: 'entities.doctors.1',
    message: '"qualifications" is written twice in the same group. Keep only one of them.' },
  { name: 'YamlSyntax', edits: [['code: "404"', 'code: "\\q404"']], at: '\\q404', where: 'Line {line} in Not-found page > block 1 (status)', path: 'notFound.blocks.0',
    message: 'The file cannot be read from here (Invalid escape sequence \\q). Check the indentation, colons and quotes on this line and the one above.' },
  { name: 'EmptyFile', edits: [[base, '# Nothing here yet.\n']], at: '# Nothing', where: 'The whole file', path: '(file)',
    message: 'The file has no content. Put back the last version that worked, or start from a copy of another site.yaml.' },

  // Fields and values.
  { name: 'UnknownKey', edits: [['  subtitle: Community', '  subtitel: Community']], at: 'subtitel', where: 'site > subtitel', path: 'site.subtitel',
    message: '"subtitel" is not a field here. Did you mean "subtitle"? Correct the spelling.' },
  { name: 'UnknownKey', edits: [['        intro: Appointments are made by phone.', '        intro: Appointments are made by phone.\n        colour: purple']], at: 'colour', where: 'Page "/visit" > block 1 (page-header) > colour', path: 'pages.3.blocks.0.colour',
    message: '"colour" is not a field here. Remove it, or use one of: type, heading, intro, breadcrumb, buttons, call, from, until.' },
  { name: 'TextCutAtComma', edits: [['bio: Nina runs the vaccination clinic. }', 'bio: Nina runs the clinic, and the garden. }']], at: 'and the garden', where: 'Staff member "Nina Hall" > bio', path: 'entities.staff.0.bio',
    message: 'The text of "bio" stops at a comma, so "and the garden." was read as a field name. Put the whole text in quotes: bio: "Nina runs the clinic, and the garden.".' },
  { name: 'MissingField', edits: [['      summary: Cares for babies, children and teenagers.\n', '']], at: 'slug: dr-ivan-petrov', where: 'Doctor "Dr Ivan Petrov"', path: 'entities.doctors.1',
    message: '"summary" is missing. Add a line "summary: ..." (One or two sentences for the home page carousel).' },
  { name: 'EmptyValue', edits: [['      heading: Clinic News', '      heading:']], at: 'heading:\n', where: 'Page "/" > block 3 (news-list) > heading', path: 'pages.0.blocks.2.heading',
    message: 'Nothing is written after "heading:". Write its value, or remove the line if it is not needed.' },
  { name: 'WrongType', edits: [["      specialties: [Children's health]", "      specialties: Children's health"]], at: "Children's health\n", where: 'Doctor "Dr Ivan Petrov" > specialties', path: 'entities.doctors.1.specialties',
    message: 'This should be a list, but it is the text "Children\'s health". Write each entry on its own line starting with "- ", or in square brackets, e.g. [a, b].' },
  { name: 'UnquotedNumber', edits: [['areaCode: "02"', 'areaCode: 02']], at: '02\n', where: 'contact > areaCode', path: 'contact.areaCode',
    message: '02 was read as the number 2, which changes it. Put it in quotes: "02".' },
  { name: 'UnquotedNumber', edits: [['postcode: "2999"', 'postcode: 2999']], at: '2999\n', where: 'contact > address > postcode', path: 'contact.address.postcode',
    message: '2999 was read as a number, but text is expected here. Put it in quotes: "2999".' },
  { name: 'UnknownBlockType', edits: [['- type: staff-cards', '- type: staff-card']], at: 'staff-card\n', where: 'Page "/team" > block 3 (staff-card) > type', path: 'pages.1.blocks.2.type',
    message: '"staff-card" is not a block type. Did you mean "staff-cards"? Use one of: {blockTypes}.' },
  { name: 'NotAllowedValue', edits: [['state: NSW', 'state: New South Wales']], at: 'New South Wales', where: 'contact > address > state', path: 'contact.address.state',
    message: '"New South Wales" is not allowed here. Use one of: NSW, VIC, QLD, SA, WA, TAS, NT, ACT.' },
  { name: 'NotAllowedValue', edits: [['icon: clock', 'icon: clok']], at: 'clok', where: 'Page "/" > block 2 (info-strip) > items > "Clinic Hours" > icon', path: 'pages.0.blocks.1.items.0.icon',
    message: '"clok" is not allowed here. Did you mean "clock"? Use one of: {icons}.' },
  { name: 'BadFormat', edits: [['themeColor: "#5b3a8c"', 'themeColor: "#5b3a8"']], at: '"#5b3a8"', where: 'site > themeColor', path: 'site.themeColor',
    message: '"#5b3a8" is not written the expected way. Main colour, e.g. "#0f5e6e" (in quotes).' },
  { name: 'BadMoney', edits: [['  news:\n', FEES.replace('"$80.00"', '"80.00"') + '  news:\n']], at: '"80.00"', where: 'Fee group "Consultations" > items > "Standard" > price', path: 'entities.feeGroups.0.items.0.price',
    message: '"80.00" is not an amount of money as the site writes it. Write a dollar sign, dollars and two-digit cents, in quotes, e.g. "$80.00".' },
  { name: 'BadPhone', edits: [['phone: "4960 2100"', 'phone: "0960 2100"']], at: '"0960 2100"', where: 'contact > phone', path: 'contact.phone',
    message: '"0960 2100" does not look like an Australian phone number. Write it in quotes in one of these forms: a local number "8377 1234", with its area code "(08) 8377 1234", a mobile "0412 345 678", "1800 022 222", "1300 224 636" or "13 11 14".' },
  { name: 'CommentAfterText', warning: true, edits: [['title: New Friday hours', 'title: Friday hours changed #2 of 2025']], at: 'Friday hours changed', where: 'News item "Friday hours changed" > title', path: 'entities.news.0.title',
    message: 'The text stops at " #": what follows a space and # is read as a note for editors, so the site shows only "Friday hours changed". If the # is part of the text, put the whole text in double quotes: "Friday hours changed #2 of 2025".' },
  { name: 'UnusedEntry', warning: true, edits: [['  news:\n    - id: new-clinic-hours', '  news:\n    - { id: flu-clinic, date: "2025-03-01", title: Flu clinic, summary: Flu vaccines are here. }\n    - id: new-clinic-hours']], at: 'flu-clinic', where: 'News item "Flu clinic" > id', path: 'entities.news.0.id',
    message: 'The news item "flu-clinic" is on no page, so visitors never see it. Add "flu-clinic" to a block that lists news, or remove the entry.' },
  { name: 'InvisibleText', edits: [['summary: From February the clinic closes at 1pm on Fridays.', 'summary: "\\u200B\\u3164"']], at: '"\\u200B', where: 'News item "New Friday hours" > summary', path: 'entities.news.0.summary',
    message: 'This text is made only of invisible characters, so it shows as empty. Write the words, or remove the line if it is not needed.' },
  { name: 'BadUrl', edits: [['    - { label: Visit Us, href: /visit }\n\nfooter', '    - { label: Visit Us, href: /visit }\n    - { label: Council, href: "https://banksia flat.example" }\n\nfooter']], at: '"https://banksia flat', where: 'nav > items > "Council" > href', path: 'nav.items.3.href',
    message: '"https://banksia flat.example" is not a web address (it has a space in it). Write the address as the browser shows it, with no spaces, e.g. "https://www.healthdirect.gov.au".' },
  { name: 'UnsafeLink', edits: [['(https://www.smartraveller.gov.au)', '(javascript:alert(1))']], at: '|\n        Dr Rosa', where: 'Doctor "Dr Rosa Quinlan" > bio', path: 'entities.doctors.0.bio',
    message: 'The link "javascript:alert(1" would run code or open hidden data instead of a page, so it is never shown. Link to a page of this site, e.g. "/fees", or to a website starting with https://.' },
  { name: 'FeeBelowRebate', edits: [['  news:\n', FEES.replace('price: "$80.00"', 'price: "$40.00"') + '  news:\n']], at: '"$40.00"', where: 'Fee group "Consultations" > items > "Standard" > price', path: 'entities.feeGroups.0.items.0.price',
    message: 'The price $40.00 is less than the Medicare rebate of $43.90, so the fees page would show a negative out-of-pocket amount. Check both amounts.' },
  { name: 'ClosesBeforeOpens', edits: [['opens: "09:00", closes: "13:00"', 'opens: "09:00", closes: "01:00"']], at: '"01:00"', where: 'hours > regular > "Friday" > closes', path: 'hours.regular.1.closes',
    message: 'This closes at 01:00, which is not after it opens at 09:00. Times use the 24-hour clock: 5:30 PM is "17:30".' },
  { name: 'UnknownTimeZone', edits: [['  note: Closed on weekends.\n', '  note: Closed on weekends.\n  timeZone: Australia/Banksia_Flat\n']], at: 'Australia/Banksia_Flat', where: 'hours > timeZone', path: 'hours.timeZone',
    message: '"Australia/Banksia_Flat" is not a time zone. Write the practice\'s time zone as the world\'s list of time zones names it, e.g. "Australia/Adelaide", "Australia/Sydney" or "Australia/Perth".' },
  { name: 'TodayNeedsTimeZone', edits: [['  note: Closed on weekends.\n', '  note: Closed on weekends.\n  today: { open: "Open, until {time}", afterHours: "Call {phone}", closed: "Opens {day} {time}", today: today, tomorrow: tomorrow }\n']], at: '{ open', where: 'hours > today', path: 'hours.today',
    message: 'Whether the surgery is open now is worked out by the practice\'s clock, and no time zone is given. Add "timeZone:" under hours:, e.g. timeZone: Australia/Adelaide.' },
  { name: 'OldNews', edits: [['date: "2025-02-03"', 'date: "2000-01-01"']], at: 'new-clinic-hours]', where: 'Page "/" > block 3 (news-list) > items > entry 1', path: 'pages.0.blocks.2.items.0', warning: true,
    message: 'The news item "new-clinic-hours" is dated 2000-01-01, more than 120 months ago, and this list still shows it. Take it off the list, or add "leaveOutOld: true" to the block to leave out items older than 120 months.' },
  { name: 'OldNewsShownNewest', edits: [['date: "2025-02-03"', 'date: "2000-01-01"'], ['        items: [new-clinic-hours]\n', '']], at: 'id: new-clinic-hours', where: 'News item "New Friday hours"', path: 'entities.news.0', warning: true,
    message: 'The news item "new-clinic-hours" is dated 2000-01-01, more than 120 months ago, and a news list still shows it among the newest news. Add "listed: false" to it to take it down, or add "leaveOutOld: true" to that news list to leave out items older than 120 months.' },
  { name: 'DatedWindowOver', edits: [['      summary: From February the clinic closes at 1pm on Fridays.\n', '      summary: From February the clinic closes at 1pm on Fridays.\n      until: "2026-11-30"\n']], at: '"2026-11-30"', where: 'News item "New Friday hours" > until', path: 'entities.news.0.until', warning: true, on: '2026-12-02',
    message: 'This was to be shown until 2026-11-30, which has passed, so the site leaves it out. Delete it, or change the date.' },
  { name: 'DatedWindowOver', edits: [['  note: Closed on weekends.\n', '  note: Closed on weekends.\n  exceptions:\n    - { label: Closed 1 December, from: "2026-12-01", closed: true }\n']], at: '"2026-12-01"', where: 'hours > exceptions > "Closed 1 December" > from', path: 'hours.exceptions.0.from', warning: true, on: '2026-12-02',
    message: 'This was to be shown until 2026-12-01, which has passed, so the site leaves it out. Delete it, or change the date.' },
  { name: 'ReferenceNotCurrent', edits: [['      summary: From February the clinic closes at 1pm on Fridays.\n', '      summary: From February the clinic closes at 1pm on Fridays.\n      until: "2026-11-30"\n']], at: 'new-clinic-hours]', where: 'Page "/" > block 3 (news-list) > items > entry 1', path: 'pages.0.blocks.2.items.0', warning: true, on: '2026-12-02',
    message: 'This names the news item "new-clinic-hours", which is not on the site on 2026-12-02 (its last day was 2026-11-30), so the site leaves it out here. Take it out here, or change its dates.' },
  { name: 'ReferenceEndsSoon', edits: [['      summary: From February the clinic closes at 1pm on Fridays.\n', '      summary: From February the clinic closes at 1pm on Fridays.\n      until: "2027-01-30"\n']], at: 'new-clinic-hours]', where: 'Page "/" > block 3 (news-list) > items > entry 1', path: 'pages.0.blocks.2.items.0', warning: true, on: '2026-12-02',
    message: 'This names the news item "new-clinic-hours", whose last day is 2027-01-30: from 2027-01-31 the site leaves it out here. Take it out here before then, or change its dates.' },
  { name: 'UntilBeforeFrom', edits: [['      summary: From February the clinic closes at 1pm on Fridays.\n', '      summary: From February the clinic closes at 1pm on Fridays.\n      from: "2027-02-01"\n      until: "2027-01-31"\n']], at: '"2027-01-31"', where: 'News item "New Friday hours" > until', path: 'entities.news.0.until', on: '2026-12-02',
    message: 'The last day, 2027-01-31, comes before the first day, 2027-02-01, so this is never shown. Check the dates.' },
  { name: 'ClosedWithHours', edits: [['  note: Closed on weekends.\n', '  note: Closed on weekends.\n  exceptions:\n    - { label: Closed 25 December, from: "2026-12-25", closed: true, opens: "09:00", closes: "12:00" }\n']], at: '{ label: Closed 25', where: 'hours > exceptions > "Closed 25 December"', path: 'hours.exceptions.0', on: '2026-12-02',
    message: 'These days are marked "Closed all day" (closed: true) and also have an opening or closing time. Clear the times, or untick "Closed all day".' },
  { name: 'ExceptionOnNoOpenDay', edits: [['  note: Closed on weekends.\n', '  note: Closed on weekends.\n  exceptions:\n    - { label: Closed 5 and 6 December, from: "2026-12-05", until: "2026-12-06", closed: true }\n']], at: '{ label: Closed 5', where: 'hours > exceptions > "Closed 5 and 6 December"', path: 'hours.exceptions.0', warning: true, on: '2026-12-02',
    message: 'From 2026-12-05 to 2026-12-06 falls only on Saturday and Sunday, when the surgery is closed every week, so this closure changes no hours. Check the dates.' },
  { name: 'NextYearHolidaysMissing', edits: [['  note: Closed on weekends.\n', '  note: Closed on weekends.\n  publicHolidays:\n    - { date: "2026-12-25", name: Christmas Day }\n']], at: '- { date: "2026-12-25"', where: 'hours > publicHolidays', path: 'hours.publicHolidays', warning: true, on: '2026-11-01',
    message: 'The public holidays list no day of 2027. Add next year\'s public holidays before the year ends, so the site knows the surgery keeps its public-holiday hours on them.' },
  { name: 'BadTelLink', edits: [['    - { label: Visit Us, href: /visit }\n\nfooter', '    - { label: Visit Us, href: /visit }\n    - { label: Call, href: "tel:4960" }\n\nfooter']], at: '"tel:4960"', where: 'nav > items > "Call" > href', path: 'nav.items.3.href',
    message: '"tel:4960" does not dial an Australian phone number. Write "tel:" and the number without spaces, e.g. "tel:+61883771234", "tel:1800022222" or "tel:000".' },
  { name: 'BadId', edits: [['id: nina-hall', 'id: Nina Hall'], ['staff: [nina-hall]', 'staff: [Nina Hall]']], at: 'Nina Hall,', where: 'Staff member "Nina Hall" > id', path: 'entities.staff.0.id',
    message: '"Nina Hall" cannot be used as an id. Use lower-case letters, digits and hyphens only, e.g. "nina-hall".' },
  { name: 'BadDate', edits: [['date: "2025-02-03"', 'date: "3/2/2025"']], at: '"3/2/2025"', where: 'News item "New Friday hours" > date', path: 'entities.news.0.date',
    message: '"3/2/2025" is not a date. Write it in quotes as "YYYY-MM-DD", e.g. "2025-04-01".' },
  { name: 'BadEmail', edits: [['email: hello@banksiaflathealth.example', 'email: hello.banksiaflathealth.example']], at: 'hello.banksia', where: 'contact > email', path: 'contact.email',
    message: '"hello.banksiaflathealth.example" is not an e-mail address. Write it like reception@example.org.' },
  { name: 'EmptyText', edits: [['heading: Your local GP in Banksia Flat', 'heading: ""']], at: '""\n', where: 'Page "/" > block 1 (hero) > heading', path: 'pages.0.blocks.0.heading',
    message: '"heading" is empty. Write it between the quotes (The big heading (the page\'s main heading)).' },
  // The issue's case: a required text left empty reads like a missing one, not like an optional one to remove.
  { name: 'EmptyText', edits: [['title: New Friday hours', 'title: ""']], at: '""\n', where: 'News item "new-clinic-hours" > title', path: 'entities.news.0.title',
    message: '"title" is empty. Write it between the quotes (The headline of the item).' },
  { name: 'EmptyText', edits: [['newTab: (opens in a new tab)', 'newTab: ""']], at: '""\n', where: 'ui > newTab', path: 'ui.newTab',
    message: '"newTab" is empty. Write it between the quotes, or remove the line if it is not needed.' },
  { name: 'EmptyText', edits: [['specialties: [Family medicine, Travel health]', 'specialties: ["", Travel health]']], at: '"", Travel', where: 'Doctor "Dr Rosa Quinlan" > specialties > entry 1', path: 'entities.doctors.0.specialties.0',
    message: 'This list entry is empty. Write it between the quotes, or remove the entry.' },
  { name: 'UnsupportedFile', edits: [['    - { label: Visit Us, href: /visit }\n\nfooter', '    - { label: Visit Us, href: /visit }\n    - { label: Prices, href: /downloads/prices.xlsx }\n\nfooter']], at: '/downloads/prices.xlsx', where: 'nav > items > "Prices" > href', path: 'nav.items.3.href',
    message: '"/downloads/prices.xlsx" is a kind of file the site does not serve. Use one of: .pdf, .doc, .docx, .txt, .svg, .webp, .avif, .png, .jpg, .jpeg, .gif, .ico, .mp4, .webm; save other documents (a spreadsheet, say) as PDF.' },
  { name: 'TooLong', edits: [['summary: From February the clinic closes at 1pm on Fridays.', `summary: ${'The clinic has new hours. '.repeat(240).trim()}`]], at: 'The clinic has new hours.', where: 'News item "New Friday hours" > summary', path: 'entities.news.0.summary',
    message: 'This is 6239 characters long; at most 300 are allowed. Shorten it.' },
  { name: 'TooLong', edits: [['    title: Our Team\n', '    title: Our Team, our doctors, our nurse and everyone else who works at the clinic\n']], at: 'Our Team, our', where: 'Page "/team" > title', path: 'pages.1.title',
    message: 'This is 74 characters long; at most 70 are allowed. Shorten it.' },
  { name: 'TooLong', edits: [['        Dr Ivan Petrov trained in paediatrics before becoming a GP.\n', `        ${'Dr Ivan Petrov trained in paediatrics before becoming a GP. '.repeat(350).trim()}\n`]], at: '|\n        Dr Ivan', where: 'Doctor "Dr Ivan Petrov" > bio', path: 'entities.doctors.1.bio',
    message: 'This is 21000 characters long; at most 20000 are allowed. Shorten it.' },
  { name: 'TooFew', edits: [['        images:\n          - { src: /images/hills.svg, alt: "", width: 1600, height: 900 }\n', '        images: []\n']], at: '[]\n', where: 'Page "/" > block 1 (hero) > images', path: 'pages.0.blocks.0.images',
    message: 'This list has 0 entries but needs at least 1. Add one more.' },
  { name: 'TooMany', edits: [['          - { label: Visit Us, href: /visit }\n      - type: info-strip', '          - { label: Visit Us, href: /visit }\n          - { label: Team, href: /team }\n          - { label: Home, href: / }\n          - { label: Visit, href: /visit }\n      - type: info-strip']], at: '- { label: Visit Us, href: /visit }\n          - { label: Team', where: 'Page "/" > block 1 (hero) > buttons', path: 'pages.0.blocks.0.buttons',
    message: 'This list has 4 entries; at most 3 are allowed. Remove 1.' },
  { name: 'OutOfRange', edits: [['intervalMs: 6000', 'intervalMs: 600']], at: '600\n', where: 'Page "/" > block 1 (hero) > intervalMs', path: 'pages.0.blocks.0.intervalMs',
    message: '600 is too small. Use a number of at least 2000.' },
  { name: 'RepeatedItem', edits: [['aliases: [/doctors]', 'aliases: [/doctors, /doctors]']], at: '/doctors]', where: 'Page "/team" > aliases > entry 2', path: 'pages.1.aliases.1',
    message: '"/doctors" is in this list twice. Remove one of them.' },

  // Checks a schema cannot make.
  { name: 'BrokenLink', edits: [['{ label: Our Team, href: /team }', '{ label: Our Team, href: /teem }']], at: '/teem', where: 'nav > items > "Our Team" > href', path: 'nav.items.1.href',
    message: 'The link "/teem" goes to no page of this site. Did you mean "/team"? Use the path of a page listed under pages:, or of a file under public/.' },
  { name: 'InsecureLink', edits: [['https://www.smartraveller.gov.au', 'http://www.smartraveller.gov.au']], at: '|\n        Dr Rosa', where: 'Doctor "Dr Rosa Quinlan" > bio', path: 'entities.doctors.0.bio',
    message: 'The link "http://www.smartraveller.gov.au" starts with http://, which is not secure. Change it to "https://www.smartraveller.gov.au".' },
  { name: 'DuplicateId', edits: [['- slug: dr-ivan-petrov', '- slug: dr-rosa-quinlan']], at: 'dr-rosa-quinlan\n      name: Dr Ivan', where: 'Doctor "Dr Ivan Petrov" > slug', path: 'entities.doctors.1.slug',
    message: 'The doctor slug "dr-rosa-quinlan" is already used on line {firstLine}. Give each one its own.' },
  { name: 'UnknownReference', edits: [['items: [new-clinic-hours]', 'items: [new-clinic-hour]']], at: 'new-clinic-hour]', where: 'Page "/" > block 3 (news-list) > items > entry 1', path: 'pages.0.blocks.2.items.0',
    message: '"new-clinic-hour" is not in entities.news. Did you mean "new-clinic-hours"? Use the id of an entry there.' },
  { name: 'MissingFile', edits: [['/images/team/rosa-quinlan.svg', '/images/team/rosa-quinlen.svg']], at: '/images/team/rosa-quinlen.svg', where: 'Doctor "Dr Rosa Quinlan" > image > src', path: 'entities.doctors.0.image.src',
    message: 'The file "/images/team/rosa-quinlen.svg" is not in public/. Did you mean "/images/team/rosa-quinlan.svg"? Add the file as public/images/team/rosa-quinlen.svg, or fix the path.' },
  { name: 'BadTemplate', edits: [['    path: /team/:slug', '    path: /team/all']], at: '/team/all', where: 'Page "/team/all" > path', path: 'pages.2.path',
    message: '"each" makes one page per entry, so the path must end in "/:slug". Add it, e.g. "/doctors/:slug".' },
  { name: 'HeadingCount', edits: [['      - type: page-header\n        heading: Our Team\n        intro: A small team who know their patients.', '      - type: section\n        heading: Our Team\n        body: A small team who know their patients.']], at: '- type: section\n        heading: Our Team', where: 'Page "/team" > blocks', path: 'pages.1.blocks',
    message: 'This page has no main heading. Add one of these blocks at the top: doctor-profile, hero, page-header, status.' },
  { name: 'MissingAlt', edits: [['alt: Portrait of Dr Rosa Quinlan', 'alt: ""']], at: '"", width: 400', where: 'Doctor "Dr Rosa Quinlan" > image > alt', path: 'entities.doctors.0.image.alt',
    message: 'This picture has no description (alt). Write what it shows for people who cannot see it; only background pictures of a hero may have alt: "".' },
  { name: 'MissingPageText', edits: [['    description: Where the clinic is, when it is open and how to make an appointment.', '    description: " "']], at: '" "', where: 'Page "/visit" > description', path: 'pages.3.description',
    message: 'This page has no description. Write one or two sentences that search engines show.' },
  { name: 'OutOfPocketMismatch', edits: [['  news:\n', FEES.replace('medicareRebate: "$43.90" }', 'medicareRebate: "$43.90", outOfPocket: "$46.10" }') + '  news:\n']], at: '"$46.10"', where: 'Fee group "Consultations" > items > "Standard" > outOfPocket', path: 'entities.feeGroups.0.items.0.outOfPocket',
    message: 'Out of pocket is $46.10, but $80.00 minus the rebate of $43.90 is $36.10. Change it to "$36.10", or remove it and the site works it out.' },
];

function position(text: string, needle: string): { line: number; col: number } {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`"${needle}" is not in the edited text`);
  const before = text.slice(0, index).split('\n');
  return { line: before.length, col: before[before.length - 1].length + 1 };
}

const schemaList = (file: string, key: 'enum' | 'oneOf') => {
  const json = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schema', file), 'utf8')) as Record<string, unknown[]>;
  return key === 'enum' ? json.enum.map(String) : (json.oneOf as { $ref: string }[]).map((b) => b.$ref.replace(/^blocks\/|\.schema\.json$/g, ''));
};

describe('every error kind, word for word', () => {
  it.each(cases.map((c, i) => [`${c.name}${cases.findIndex((d) => d.name === c.name) === i ? '' : ' (again)'}`, c] as const))('%s', (_label, c) => {
    if (c.on) vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${c.on}T12:00:00Z`) });
    onTestFinished(() => { vi.useRealTimers(); });
    let text = base;
    for (const [from, to] of c.edits) {
      expect(text.includes(from), `the fixture no longer contains: ${from}`).toBe(true);
      text = text.replace(from, to);
    }
    const result = loadSite(siteFile, text);
    // A warning leaves the site working; an error stops it.
    expect(result.ok).toBe(Boolean(c.warning));
    const problems = c.warning ? result.warnings : result.ok ? [] : result.errors;
    const { line, col } = position(text, c.at);
    const message = c.message
      .replace('{blockTypes}', () => schemaList('block.schema.json', 'oneOf').join(', '))
      .replace('{icons}', () => schemaList('defs/icon.schema.json', 'enum').join(', '))
      .replace('{firstLine}', () => String(position(text, 'dr-rosa-quinlan').line));
    const expected = `${file}:${line}:${col + (c.shift ?? 0)}  ${c.warning ? 'Warning: ' : ''}${c.where.replace('{line}', String(line))} [${c.path}]  ${message}`;
    const mine = problems.filter((e) => e.name === c.name).map(formatError);
    // Shown as a diff against the nearest message when it does not match.
    expect(mine.includes(expected) ? expected : mine.length === 1 ? mine[0] : mine).toEqual(expected);
  });

  it('names a day or a moment to check for (SITE_NOW, --on) that is not one', () => {
    onTestFinished(() => { vi.unstubAllEnvs(); });
    const said = (at: string) => {
      vi.stubEnv('SITE_NOW', at);
      const result = loadSite(siteFile, base);
      return result.ok ? [] : result.errors.map((e) => `${e.name}: ${formatError(e)}`);
    };
    expect(said('2026-13-01')).toEqual([`BadDay: ${file}:1:1  The whole file [(file)]  "2026-13-01" is not a day of the calendar. Write the day to check or build for like 2026-12-25 (year, month, day), e.g. npm run check -- --on 2026-12-25.`]);
    expect(said('2026-12-25T25:00:00+10:30')).toEqual([`BadMoment: ${file}:1:1  The whole file [(file)]  SITE_NOW is not a moment: "2026-12-25T25:00:00+10:30". Write it like 2026-12-25T09:00:00+10:30, or a day like 2026-12-25.`]);
    expect(said('2026-12-25')).toEqual([]);
  });

  it('names a file that does not exist, and a folder given instead of a file, without a stack trace', () => {
    const missing = loadSite(join(import.meta.dirname, 'no-such-site.yaml'));
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      const name = relative(process.cwd(), join(import.meta.dirname, 'no-such-site.yaml'));
      expect(missing.errors.map(formatError)).toEqual([
        `${name}:1:1  The whole file [(file)]  The file ${name} does not exist. Check its name and folder, or set SITE to the right file.`,
      ]);
      expect(missing.errors[0].name).toBe('FileNotFound');
    }
    const folder = loadSite(join(import.meta.dirname));
    expect(folder.ok).toBe(false);
    if (!folder.ok) {
      expect(folder.errors[0].name).toBe('CheckerFailed');
      expect(formatError(folder.errors[0])).toBe(`${relative(process.cwd(), import.meta.dirname)}:1:1  The whole file [(file)]  The checker stopped unexpectedly (EISDIR: illegal operation on a directory, read). This is not caused by a mistake in the file; tell the person who looks after the website.`);
    }
  });

  it('names a file under public/ of a kind the site does not serve, in the whole file\'s place', () => {
    const listed = ['/images/logo.svg', '/images/hills.svg', '/images/team/rosa-quinlan.svg', '/favicon.svg'];
    const result = loadSite(siteFile, base, [...listed, '/images/x.html', '/CNAME']);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const at = (path: string) => relative(process.cwd(), join(siteFile, '..', 'public', path));
    const kinds = '.pdf, .doc, .docx, .txt, .svg, .webp, .avif, .png, .jpg, .jpeg, .gif, .ico, .mp4, .webm';
    expect(result.errors.map(formatError)).toEqual([
      `${at('images/x.html')}:1:1  The whole file [(file)]  public/images/x.html is a kind of file the site does not serve (.html). Remove it: public/ may hold only pictures, videos and documents (${kinds}).`,
      `${at('CNAME')}:1:1  The whole file [(file)]  public/CNAME has no ending such as .pdf or .jpg that says what kind of file it is. Remove it: public/ may hold only pictures, videos and documents (${kinds}).`,
    ]);
    expect(result.errors.map((e) => e.name)).toEqual(['UnservedFileKind', 'UnservedFileKind']);
  });

  it('refuses aliases that stand for ten billion copies with located messages, and does not stop', () => {
    const levels = Array.from({ length: 10 }, (_, i) => `  l${i}: &l${i} [${Array(10).fill(i ? `*l${i - 1}` : 'lol').join(', ')}]`);
    const text = `${base}laughs:\n${levels.join('\n')}\n`;
    const result = loadSite(siteFile, text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(new Set(result.errors.map((e) => e.name))).toEqual(new Set(['YamlAnchorOrAlias']));
    expect(result.errors[0]).toMatchObject({ line: position(text, '&l0').line, col: position(text, '&l0').col, where: `Line ${position(text, '&l0').line} in laughs` });
    expect(result.errors.length).toBeLessThanOrEqual(30);
  });

  it('collapses a failed oneOf to one message naming the allowed forms, and words other rules plainly', () => {
    const ajv = new Ajv({ allErrors: true, verbose: true });
    const validate = ajv.compile({
      type: 'object',
      properties: {
        contact: { oneOf: [{ type: 'string', description: 'a phone number as text' }, { title: 'a group with phone and email', type: 'object', required: ['phone', 'email'] }] },
        code: { not: { const: 'x' } },
      },
    });
    const text = 'contact: 12\ncode: x\n';
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines });
    const data = doc.toJS();
    validate(data);
    const errors = locateSchemaErrors({ file: 'tiny.yaml', text, doc, lines, data }, validate.errors ?? [], []);
    expect(errors.map(formatError)).toEqual([
      'tiny.yaml:1:10  contact [contact]  This is not written in any of the forms allowed here. Write it as a phone number as text, or as a group with phone and email.',
      'tiny.yaml:2:7  code [code]  This value is not allowed (must NOT be valid). Compare it with the same field elsewhere in the file.',
    ]);
    expect(errors.map((e) => e.name)).toEqual(['NoMatchingForm', 'NotAllowed']);
  });

  it('covers every name in the catalogue', () => {
    const tested = new Set<string>([...cases.map((c) => c.name), 'FileNotFound', 'CheckerFailed', 'NoMatchingForm', 'NotAllowed', 'UnservedFileKind', 'BadDay', 'BadMoment']);
    expect(Object.keys(catalogue).filter((name) => !tested.has(name))).toEqual([]);
  });

  it('reports every problem of a file at once, in line order', () => {
    let text = base;
    for (const c of cases.filter((x) => ['UnknownKey', 'BrokenLink', 'MissingAlt', 'UnquotedNumber', 'DuplicateId'].includes(x.name))) {
      for (const [from, to] of c.edits) text = text.replace(from, to);
    }
    const result = loadSite(siteFile, text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const names = result.errors.map((e) => e.name);
    for (const name of ['UnknownKey', 'BrokenLink', 'MissingAlt', 'UnquotedNumber', 'DuplicateId'] as const) expect(names).toContain(name);
    const lines = result.errors.map((e) => e.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });
});

describe('phone numbers in every Australian form', () => {
  it.each([
    ['4960 2100', 'tel:+61249602100'], ['(02) 4960 2100', 'tel:+61249602100'], ['02 4960 2100', 'tel:+61249602100'],
    ['0412 345 678', 'tel:+61412345678'], ['1300 224 636', 'tel:1300224636'], ['1800 022 222', 'tel:1800022222'], ['13 11 14', 'tel:131114'],
  ])('accepts "%s" as the practice phone and dials %s', async (written, tel) => {
    const result = loadSite(siteFile, base.replace('phone: "4960 2100"', `phone: "${written}"`));
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([]);
    const { telHref } = await import('../../src/content/phone.ts');
    expect(telHref(written, '02')).toBe(tel);
  });

  it('refuses a number written with other marks, naming the forms', () => {
    const result = loadSite(siteFile, base.replace('phone: "4960 2100"', 'phone: "0412-345-678"'));
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([
      '"0412-345-678" is not written the expected way. Write the number in quotes with digits and spaces only, e.g. "8377 1234", "(08) 8377 1234", "0412 345 678", "1800 022 222" or "13 11 14".',
    ]);
  });
});

describe('the editor\'s own words', () => {
  it('says in the tab a file opens in from the preview that it is coming, and why it could not be opened', () => {
    expect(editorCatalogue.PreviewFileOpening()).toBe('Opening the file...');
    expect(editorCatalogue.PreviewFileNotOpened('')).toBe('The file could not be opened. Close this tab, then click its link in the preview again.');
    expect(editorCatalogue.PreviewFileNotOpened('The editor is not answering.')).toBe('The file could not be opened. The editor is not answering. Close this tab, then click its link in the preview again.');
  });
});

describe('History searched by a part of the site and a colleague', () => {
  it('says plainly when no version listed matches, and whether older versions can be looked through', () => {
    expect(editorCatalogue.HistoryNoneFound(30, 'Fees', '', true)).toBe('No version among the newest 30 changed Fees. Show older versions to look further back.');
    expect(editorCatalogue.HistoryNoneFound(60, '', 'Karen Mills', true)).toBe('No version among the newest 60 was published or approved by Karen Mills. Show older versions to look further back.');
    expect(editorCatalogue.HistoryNoneFound(42, 'Page "/fees"', 'Karen Mills', false)).toBe('None of the website\'s 42 versions changed Page "/fees" and was published or approved by Karen Mills.');
  });
});

describe('an open editor told what colleagues did', () => {
  it('says who published and what the form does with it, a request approved or sent back, and requests waiting', () => {
    expect(editorCatalogue.NewsPublished('Karen Mills', ' at 10:42 am on 6 December 2026', false)).toBe('Karen Mills published a new version of the website at 10:42 am on 6 December 2026. The form now shows it.');
    expect(editorCatalogue.NewsPublished('Karen Mills', '', true)).toBe('Karen Mills published a new version of the website. Your changes stay as they are, and go with it when you publish.');
    expect(editorCatalogue.NewsApproved()).toBe('Your changes are on the website: a colleague approved and published them. The form now shows the website\'s version.');
    expect(editorCatalogue.NewsSentBack('Karen Mills')).toBe('Karen Mills sent your changes back with a note (below).');
    expect(editorCatalogue.NewsAsked(1)).toBe('A request for approval waits: press "Waiting for approval".');
    expect(editorCatalogue.NewsAsked(2)).toBe('2 requests for approval wait: press "Waiting for approval".');
  });
});

describe('the preview beside the form', () => {
  it('says when it cannot draw the page, and when it is behind or not answering, with what to do', () => {
    expect(editorCatalogue.PreviewCannotDraw()).toBe('This page cannot be drawn from the text as it is now. It shows again once the text is complete.');
    expect(editorCatalogue.PreviewBehind()).toBe('The preview shows the page as it was before your last change, which it cannot draw yet (perhaps something is half typed). It catches up by itself once it can; your changes are saved.');
    expect(editorCatalogue.PreviewNotAnswering()).toBe('The preview has not shown your last change: it stopped answering. Press Reload above it to draw the page again; your changes are saved.');
  });
});

describe('signing in to /admin by a code e-mailed through the practice\'s mail provider', () => {
  it('says where the code went, and each refusal with what to do, naming People for a sign-in link', () => {
    expect(editorCatalogue.SignInCodeSent('karen@practice.example')).toBe('A code is on its way to karen@practice.example. Type it below: it works once, within an hour. (The e-mail\'s link signs you in too, on the device you open it on.)');
    expect(editorCatalogue.SignInNotInvited('mei@practice.example')).toBe('Nobody has been invited with the address mei@practice.example. Check it; if it is right, ask the practice manager to invite you (People, in the editor).');
    expect(editorCatalogue.SignInMailRefused()).toBe('The sign-in e-mail could not be sent: the website\'s mail service refused it or could not be reached. Ask the practice manager for a sign-in link (People, "Sign-in link"), and tell the person who looks after the website that its e-mail settings need checking.');
    expect(editorCatalogue.SignInMailTooMany()).toBe('Too many sign-in e-mails were asked for in a short time, so no e-mail was sent. Wait a few minutes and try again, or ask the practice manager for a sign-in link (People, "Sign-in link").');
    expect(editorCatalogue.SignInCodeWrong()).toBe('That code is not right, or it has expired. Type the six digits of the newest e-mail, or ask for a new code.');
    expect(editorCatalogue.SignInLinkExpired()).toBe('That sign-in link has expired or has been used already. Type your e-mail address to get a new code.');
    expect(editorCatalogue.SignInOffline()).toBe('The sign-in service could not be reached. Check the internet connection, then try again.');
    expect(editorCatalogue.SignInFailed('Database error.')).toBe('Signing in did not work (Database error). Try again in a minute; if it happens again, ask the practice manager for a sign-in link.');
    expect(editorCatalogue.SignInFailed('')).toBe('Signing in did not work. Try again in a minute; if it happens again, ask the practice manager for a sign-in link.');
    expect(editorCatalogue.PeopleLinkCopied('Mei Lin')).toBe('A sign-in link for Mei Lin is copied. Give it to Mei Lin alone (a text message, say): whoever opens it is signed in as them. It works once, within an hour.');
    expect(editorCatalogue.PeopleLinkShown('Mei Lin')).toBe('The sign-in link for Mei Lin is below: copy it and give it to Mei Lin alone. Whoever opens it is signed in as them. It works once, within an hour.');
  });
});
