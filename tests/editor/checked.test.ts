import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSite } from '../../src/content/checkSite.ts';
import { siteAddresses } from '../../src/content/siteFiles.ts';
import { checkedSite } from '../../server/editor/checked.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';

const text = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
const files = siteAddresses(SALTBUSH_SITE_FILE);
const at = (iso: string) => new Date(iso);
const site = (over: Partial<Parameters<typeof checkSite>[0]> = {}) => ({ file: 'site.yaml', text, files, publicDir: 'public', now: at('2026-11-28T10:00:00Z'), ...over });

describe('the checker\'s answer kept for the same question (a save, then the publish of what it wrote)', () => {
  it('answers the same question with the answer it got, which is the checker\'s own', () => {
    const first = checkedSite(site());
    expect(first).toEqual(checkSite(site()));
    expect(checkedSite(site({ now: at('2026-11-28T10:14:59Z') }))).toBe(first);
    expect(checkedSite(site({ files: [...files] }))).toBe(first);
  });

  it('checks again for another text, other files, another file name or another quarter hour', () => {
    const first = checkedSite(site());
    const changed = text.replace('closes: "17:30"', 'closes: "18:00"');
    expect(changed).not.toBe(text);
    for (const other of [
      site({ text: changed }),
      site({ files: files.filter((f) => f !== files[0]) }),
      site({ file: 'other.yaml' }),
      site({ publicDir: 'static' }),
      // The next quarter hour: a day may have begun somewhere (a check's answer depends on the practice's day).
      site({ now: at('2026-11-28T10:15:00Z') }),
    ]) {
      const answer = checkedSite(other);
      expect(answer).not.toBe(first);
      expect(answer).toEqual(checkSite(other));
      checkedSite(site());
    }
  });

  it('a file served or gone since is seen: a missing picture is a problem at once', () => {
    const ok = checkedSite(site());
    expect(ok.ok).toBe(true);
    const picture = files.find((f) => /\.(jpe?g|png|webp)$/i.test(f) && text.includes(f));
    expect(picture).toBeDefined();
    const without = checkedSite(site({ files: files.filter((f) => f !== picture) }));
    expect(without.ok).toBe(false);
  });
});
