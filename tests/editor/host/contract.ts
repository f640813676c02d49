import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GitHost } from '../../../server/editor/gitHost.ts';
import { BINARY, CHANGED_SITE, bytesAt, gitIn, tempRepo, type TempRepo } from './repo.ts';

export const AUTHOR = { name: 'Reception Desk', email: 'reception@practice.example' };
export const MESSAGE = 'Opening hours: the new phone number\n\nAdded by the reception desk.';
export const PUBLISHED = [
  { path: 'site.yaml', content: new TextEncoder().encode(CHANGED_SITE) },
  { path: 'public/images/x.png', content: BINARY },
];

/** The host under test over a fresh repository, and how to let it go. */
export interface Subject { repo: TempRepo; host: GitHost; close(): Promise<void> }

/**
 * What every GitHost must do, asserted against git run directly on the website's bare repository: each host's test
 * file runs these over its own way of reaching the repository.
 */
export function hostContract(name: string, start: (repo: TempRepo) => Promise<Omit<Subject, 'repo'>>, more: (subject: () => Subject) => void) {
  describe(name, () => {
    let subject: Subject;
    beforeEach(async () => {
      const repo = tempRepo();
      subject = { repo, ...(await start(repo)) };
    });
    afterEach(async () => {
      await subject.close();
      subject.repo.cleanup();
    });
    const main = () => gitIn(subject.repo.bare, ['rev-parse', 'refs/heads/main']).trim();

    it('reads the head, files, folders and last changes that the repository holds', async () => {
      const { host, repo } = subject;
      expect(await host.head()).toBe(main());
      for (const path of ['site.yaml', 'public/a.txt', 'documents/b.md']) {
        expect(await host.read(repo.seed, path)).toEqual(bytesAt(repo.bare, repo.seed, path));
      }
      expect(await host.read(repo.seed, 'public/missing.png')).toBeUndefined();
      // A folder is no file.
      expect(await host.read(repo.seed, 'public')).toBeUndefined();
      for (const folder of ['public/', 'documents/']) {
        const listed = gitIn(repo.bare, ['ls-tree', '-r', '--name-only', repo.seed, '--', folder]).split('\n').filter(Boolean);
        expect((await host.list(repo.seed, folder)).sort()).toEqual(listed.sort());
      }
      expect(await host.list(repo.seed, 'nothing/')).toEqual([]);

      const newer = repo.publishElsewhere('site.yaml', CHANGED_SITE);
      expect(await host.head()).toBe(newer);
      for (const path of ['site.yaml', 'public/a.txt']) {
        const [by, at] = gitIn(repo.bare, ['log', '-1', '--format=%an%x09%aI', newer, '--', path]).trim().split('\t');
        const change = await host.lastChange(newer, path);
        expect(change.by).toBe(by);
        expect(Date.parse(change.at ?? '')).toBe(Date.parse(at));
      }
      expect((await host.lastChange(newer, 'site.yaml')).by).toBe('Other Person');
      // Up to the commit asked about, not the branch's latest.
      expect((await host.lastChange(repo.seed, 'site.yaml')).by).toBe('Seed Person');
    });

    it('publishes one commit on the head: the given author, message and files, the bytes exact', async () => {
      const { host, repo } = subject;
      const result = await host.commit({ parent: repo.seed, files: PUBLISHED, message: MESSAGE, author: AUTHOR });
      if (!result.ok) throw new Error('the commit was refused');
      expect(main()).toBe(result.commit);
      expect(gitIn(repo.bare, ['rev-list', '--parents', '-n', '1', result.commit]).trim()).toBe(`${result.commit} ${repo.seed}`);
      expect(gitIn(repo.bare, ['log', '-1', '--format=%an%x00%ae%x00%B', result.commit]))
        .toBe(`${AUTHOR.name}\0${AUTHOR.email}\0${MESSAGE}\n`);
      const changed = gitIn(repo.bare, ['diff', '--numstat', repo.seed, result.commit]).trim().split('\n').map((line) => line.split('\t')[2]);
      expect(changed.sort()).toEqual(['public/images/x.png', 'site.yaml']);
      expect(bytesAt(repo.bare, result.commit, 'public/images/x.png')).toEqual(BINARY);
      expect(new TextDecoder().decode(bytesAt(repo.bare, result.commit, 'site.yaml'))).toBe(CHANGED_SITE);
      // The files not given are the parent's, untouched.
      expect(bytesAt(repo.bare, result.commit, 'public/a.txt')).toEqual(bytesAt(repo.bare, repo.seed, 'public/a.txt'));
      expect(await host.read(result.commit, 'public/images/x.png')).toEqual(BINARY);
    });

    it('two commits on the same head at the same moment: one lands, the other is told the branch moved', async () => {
      const { host, repo } = subject;
      const other = [{ path: 'documents/b.md', content: new TextEncoder().encode('# Their leaflet\n') }];
      const results = await Promise.all([
        host.commit({ parent: repo.seed, files: PUBLISHED, message: MESSAGE, author: AUTHOR }),
        host.commit({ parent: repo.seed, files: other, message: 'The leaflet', author: AUTHOR }),
      ]);
      const landed = results.filter((r) => r.ok);
      expect(landed).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, moved: true }]);
      expect(main()).toBe(landed[0].ok ? landed[0].commit : '');
    });

    it('changes nothing when someone published meanwhile, and says the branch moved', async () => {
      const { host, repo } = subject;
      const theirs = repo.publishElsewhere('documents/b.md', '# Their leaflet\n');
      const result = await host.commit({ parent: repo.seed, files: PUBLISHED, message: MESSAGE, author: AUTHOR });
      expect(result).toEqual({ ok: false, moved: true });
      expect(main()).toBe(theirs);
      expect(gitIn(repo.bare, ['rev-list', '--count', 'refs/heads/main']).trim()).toBe('2');
    });

    it('lists the versions that changed a file, newest first, with their parents, authors, dates and messages', async () => {
      const { host, repo } = subject;
      const approved = `${MESSAGE}\n\nApproved-by: Practice Manager <manager@practice.example>`;
      const first = await host.commit({ parent: repo.seed, files: PUBLISHED, message: approved, author: AUTHOR });
      if (!first.ok) throw new Error('the commit was refused');
      // A commit that leaves the file alone is not one of its versions.
      const leaflet = repo.publishElsewhere('documents/b.md', '# Their leaflet\n');
      const last = repo.publishElsewhere('site.yaml', 'practice:\n  name: Theirs\n', 'Practice Manager');
      const versions = await host.history(await host.head(), 'site.yaml', 30);
      expect(versions.map((v) => v.commit)).toEqual([last, first.commit, repo.seed]);
      expect(versions.map((v) => v.parent)).toEqual([leaflet, repo.seed, undefined]);
      expect(versions[1]).toMatchObject({ author: AUTHOR, message: approved });
      expect(versions[0].author.name).toBe('Practice Manager');
      for (const version of versions) {
        const at = gitIn(repo.bare, ['log', '-1', '--format=%aI', version.commit]).trim();
        expect(Date.parse(version.at)).toBe(Date.parse(at));
      }
      // Up to the commit asked about, and no more than asked for.
      expect((await host.history(first.commit, 'site.yaml', 30)).map((v) => v.commit)).toEqual([first.commit, repo.seed]);
      expect((await host.history(last, 'site.yaml', 1)).map((v) => v.commit)).toEqual([last]);
      expect(await host.history(last, 'nothing.yaml', 30)).toEqual([]);
    });

    it('lists older versions page by page: each page the next run of the list, none past its end', async () => {
      const { host, repo } = subject;
      const made = [1, 2, 3, 4, 5].map((n) => repo.publishElsewhere('site.yaml', `practice:\n  name: Version ${n}\n`, 'Practice Manager'));
      const all = [...made].reverse().concat(repo.seed);
      const head = await host.head();
      const pages = await Promise.all([0, 1, 2, 3].map((page) => host.history(head, 'site.yaml', 2, page)));
      expect(pages.map((versions) => versions.map((v) => v.commit))).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4, 6), []]);
      // The first page is the list as asked without one.
      expect((await host.history(head, 'site.yaml', 2)).map((v) => v.commit)).toEqual(all.slice(0, 2));
    });

    more(() => subject);
  });
}
