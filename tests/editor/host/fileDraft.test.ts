import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalGitHost } from '../../../server/local/localGitHost.ts';
import { call, editorPerTest, saveValue, type Doc } from '../request.ts';
import type { Sandbox } from '../sandbox.ts';

// npm run edit's Publish is npm start's: the file on disk is the draft, and LocalGitHost makes and sends the commit.
// Tried with real git, the practice in a temporary repository and a bare one as the website's copy.
const open = editorPerTest();
afterEach(() => { vi.restoreAllMocks(); });

const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 90, g: 60, b: 140 } } }).png().toBuffer();

const remoteHead = (box: Sandbox) => box.git(['rev-parse', 'main'], box.remote).trim();

/** A colleague publishes from a clone of their own: the site note replaced. */
function colleaguePublishes(box: Sandbox, note: string) {
  const other = join(box.dir, `colleague-${Date.now()}`);
  box.git(['clone', '--quiet', box.remote, other], box.dir);
  writeFileSync(join(other, 'site.yaml'), readFileSync(join(other, 'site.yaml'), 'utf8').replace('Closed on weekends.', note));
  box.git(['-c', 'user.name=Karen', '-c', 'user.email=k@x.example', 'commit', '--quiet', '-am', 'Their note'], other);
  box.git(['push', '--quiet', 'origin', 'main'], other);
}

type Opened = { box: Sandbox; editor: Parameters<typeof call>[0]; doc: Doc };

/** Monday's closing typed as 17:30 (and the logo set to `logo`): the file on disk, as saved. */
async function laterClosing(opened: Opened, logo?: string) {
  const value = structuredClone(opened.doc.value) as Doc['value'] & { site: { logo: Record<string, unknown> } };
  value.hours.regular[0].closes = '17:30';
  if (logo) value.site.logo = { ...value.site.logo, src: logo, width: 8, height: 8 };
  await saveValue(opened, value, opened.doc.hash);
  return readFileSync(opened.box.siteFile, 'utf8');
}

describe('npm run edit publishes through LocalGitHost', () => {
  it('one commit on the website\'s head, by the person, with their words and the files the content names', async () => {
    const opened = await open('minimal');
    const { box, editor } = opened;
    const parent = remoteHead(box);
    const commit = vi.spyOn(LocalGitHost.prototype, 'commit');
    const logo = String((await call(editor, 'POST', '/api/upload?name=logo.png', await png())).body.href);
    const draft = await laterClosing(opened, logo);
    const result = await call(editor, 'POST', '/api/publish', { message: 'Later closing', author: 'Chloe Anderson' });
    expect(result.status).toBe(200);
    expect(commit).toHaveBeenCalledTimes(1);
    const [change] = commit.mock.calls[0];
    expect({ parent: change.parent, message: change.message, author: change.author, paths: change.files.map((f) => f.path) })
      .toEqual({ parent, message: 'Later closing', author: { name: 'Chloe Anderson', email: 'reception@practice.example' }, paths: ['site.yaml', `public${logo}`] });
    expect(await commit.mock.results[0].value).toEqual({ ok: true, commit: result.body.commit });
    expect(remoteHead(box)).toBe(result.body.commit);
    expect(box.git(['log', '-1', '--format=%an <%ae>|%cn|%s|%P', 'main'], box.remote).trim()).toBe(`Chloe Anderson <reception@practice.example>|Reception Desk|Later closing|${parent}`);
    expect(box.git(['show', 'main:site.yaml'], box.remote)).toBe(draft);
    expect(new Uint8Array(readFileSync(join(box.work, 'public', logo)))).toEqual(change.files[1].content);
    // This copy follows: its branch is the published commit and nothing is left to commit.
    expect(box.git(['rev-parse', 'HEAD']).trim()).toBe(result.body.commit);
    expect(box.git(['status', '--porcelain']).trim()).toBe('');
  });

  it('a push that cannot reach the website leaves the draft on disk and says why; the next Publish sends it', async () => {
    const opened = await open('minimal');
    const { box, editor } = opened;
    const [before, local] = [remoteHead(box), box.git(['rev-parse', 'HEAD']).trim()];
    const draft = await laterClosing(opened);
    box.git(['remote', 'set-url', 'origin', join(box.dir, 'nowhere.git')]);
    const refused = await call(editor, 'POST', '/api/publish', { message: 'Later closing' });
    expect(refused).toEqual({ status: 409, body: { error: 'The website\'s copy (origin) could not be reached: check the internet connection, then press Publish again. Your changes are saved on this computer; nothing is lost.' } });
    expect(readFileSync(box.siteFile, 'utf8')).toBe(draft);
    expect(box.git(['rev-parse', 'HEAD']).trim()).toBe(local);
    expect(box.git(['status', '--porcelain']).trim()).toBe('M site.yaml');
    expect(remoteHead(box)).toBe(before);

    box.git(['remote', 'set-url', 'origin', box.remote]);
    expect((await call(editor, 'POST', '/api/publish', { message: 'Later closing' })).status).toBe(200);
    expect(box.git(['show', 'main:site.yaml'], box.remote)).toBe(draft);
  });

  it('someone publishing between reading the head and sending: tried again on theirs, and both land', async () => {
    const opened = await open('minimal');
    const { box, editor } = opened;
    await laterClosing(opened);
    const head = LocalGitHost.prototype.head;
    vi.spyOn(LocalGitHost.prototype, 'head').mockImplementationOnce(async function (this: LocalGitHost) {
      const seen = await head.call(this);
      colleaguePublishes(box, 'Closed on weekends and holidays.');
      return seen;
    });
    const commit = vi.spyOn(LocalGitHost.prototype, 'commit');
    const result = await call(editor, 'POST', '/api/publish', { message: 'Later closing' });
    expect(result.status).toBe(200);
    expect(result.body.merged).toBe(true);
    expect(await Promise.all(commit.mock.results.map((r) => r.value))).toMatchObject([{ ok: false, moved: true }, { ok: true }]);
    const published = box.git(['show', 'main:site.yaml'], box.remote);
    expect(published).toContain('closes: "17:30"');
    expect(published).toContain('Closed on weekends and holidays.');
    expect(box.git(['log', '--format=%s', 'main'], box.remote).trim().split('\n').slice(0, 2)).toEqual(['Later closing', 'Their note']);
    expect(readFileSync(box.siteFile, 'utf8')).toBe(published);
    expect(box.git(['status', '--porcelain']).trim()).toBe('');
  });
});
