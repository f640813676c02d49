import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadSite } from '../../src/content/load.ts';
import type { Problem } from '../../src/editor/api.ts';
import { fixesFor } from '../../src/editor/fixes.ts';
import { applyOp } from '../../src/editor/ops/apply.ts';
import type { Json } from '../../src/editor/yaml/json.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';

const frozen = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
/** A new receptionist, on no page yet. */
const withNewStaff = frozen.replace('\n  news:\n', '\n    - { id: ava-brown, name: Ava Brown, role: Receptionist, bio: Ava joins the front desk in December. }\n  news:\n');

const warningsOf = (text: string, name: string) => loadSite(SALTBUSH_SITE_FILE, text).warnings.filter((w) => w.name === name) as Problem[];
function applied(doc: Json, ops: ReturnType<typeof fixesFor>[number]['ops']): Json {
  let next = doc;
  for (const op of ops) {
    const done = applyOp(next, op);
    if (done.kind !== 'done') throw new Error(`not applied: ${JSON.stringify(op)}`);
    next = done.value;
  }
  return next;
}

describe('one-click answers to warnings', () => {
  it('an entry on no page: a button for each list of its kind, named by the list and its page; one click and the warning is gone', () => {
    expect(withNewStaff).not.toBe(frozen);
    const [warning] = warningsOf(withNewStaff, 'UnusedEntry');
    expect(warning.path).toMatch(/^entities\.staff\.\d+\.id$/);
    const doc = parse(withNewStaff) as Json;
    const fixes = fixesFor(warning, doc);
    expect(fixes.map((f) => f.label)).toEqual(['Show it in Our Nurses on /doctors', 'Show it in Practice Management on /doctors', 'Show it in Our Reception Team on /doctors']);
    const next = applied(doc, fixes[2].ops) as { pages: { path: string; blocks: { heading?: string; staff?: string[] }[] }[] };
    const team = next.pages.find((p) => p.path === '/doctors')!.blocks.find((b) => b.heading === 'Our Reception Team');
    expect(team?.staff).toEqual(['chloe-anderson', 'daniel-russo', 'mei-wong', 'lucy-fraser', 'ava-brown']);
    const after = withNewStaff.replace('staff: [chloe-anderson, daniel-russo, mei-wong, lucy-fraser]', 'staff: [chloe-anderson, daniel-russo, mei-wong, lucy-fraser, ava-brown]');
    expect(warningsOf(after, 'UnusedEntry')).toEqual([]);
  });

  it('old news among the newest: Take it down unticks Shown in news lists on the item', () => {
    const warning = warningsOf(frozen, 'OldNewsShownNewest').find((w) => w.message.includes('thursday-hours-2023'))!;
    const doc = parse(frozen) as Json;
    const [fix] = fixesFor(warning, doc);
    expect(fix.label).toBe('Take it down');
    const next = applied(doc, fix.ops) as { entities: { news: { id: string; listed?: boolean }[] } };
    expect(next.entities.news.find((n) => n.id === 'thursday-hours-2023')?.listed).toBe(false);
  });

  it('old news on a list that names it: Take it down takes it off that list only', () => {
    const text = frozen.replace('        heading: Latest News & Announcements\n', '        heading: Latest News & Announcements\n        items: [flu-vaccines-2025, thursday-hours-2023]\n');
    const warning = warningsOf(text, 'OldNews').find((w) => w.message.includes('thursday-hours-2023'))!;
    const doc = parse(text) as Json;
    const next = applied(doc, fixesFor(warning, doc)[0].ops) as { pages: { blocks: { type: string; items?: string[] }[] }[]; entities: { news: { id: string }[] } };
    expect(next.pages[0].blocks.find((b) => b.type === 'news-list')?.items).toEqual(['flu-vaccines-2025']);
    expect(next.entities.news.map((n) => n.id)).toContain('thursday-hours-2023');
  });
});
