import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { changedLines, comments } from './lineDiff.ts';
import type { Sandbox } from './sandbox.ts';
import { opsFor } from './ops.ts';
import { call, saveValue, editorPerTest, type Doc } from './request.ts';

const open = editorPerTest();

/** Karen publishes first, from a clone of the website's copy: one text of site.yaml replaced, committed and pushed. */
function colleaguePublishes(b: Sandbox, from: string, to: string, message: string): string {
  const other = join(b.dir, 'other');
  b.git(['clone', '--quiet', b.remote, other], b.dir);
  writeFileSync(join(other, 'site.yaml'), readFileSync(join(other, 'site.yaml'), 'utf8').replace(from, to));
  b.git(['-c', 'user.name=Karen', '-c', 'user.email=k@x.example', 'commit', '--quiet', '-am', message], other);
  b.git(['push', '--quiet', 'origin', 'main'], other);
  return other;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 80, b: 90 } } }).png().toBuffer();

/**
 * The file changed on disk (`from` replaced by `to`) after the editor loaded it, then a later weekday closing typed:
 * the operations are made on the version the editor loaded and sent with its hash, as a browser that has not seen
 * the change sends them.
 */
async function closingTypedAfter(from: string, to: string) {
  const { box: b, editor: e, doc } = await open('minimal');
  const theirs = readFileSync(b.siteFile, 'utf8').replace(from, to);
  writeFileSync(b.siteFile, theirs);
  const value = structuredClone(doc.value);
  value.hours.regular[0].closes = '17:30';
  const saved = await call(e, 'POST', '/api/ops', { ops: opsFor(doc.value, value), hash: doc.hash });
  return { b, theirs, saved };
}

/** Karen publishes Monday's closing as 19:00; this person then types 17:30 there and presses Publish. */
async function bothChangeClosing() {
  const { box: b, editor: e, doc } = await open('minimal');
  colleaguePublishes(b, 'closes: "17:00" }', 'closes: "19:00" }', 'Later on Mondays');
  const value = structuredClone(doc.value);
  value.hours.regular[0].closes = '17:30';
  await saveValue({ editor: e, box: b }, value, doc.hash);
  return { b, e, refused: await call(e, 'POST', '/api/publish', { message: 'Later closing' }) };
}

describe('the editor server', () => {
  it('loads the document with its hash, value and the checker messages', async () => {
    const { doc } = await open('minimal');
    expect(doc.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(doc.problems).toEqual([]);
    expect(doc.value.hours.regular[0].label).toBe('Monday to Thursday');
  });

  it('opens a file whose aliases stand for too many copies, with no value and the checker\'s message', async () => {
    const { box: b, editor: e } = await open('minimal');
    const levels = Array.from({ length: 4 }, (_, i) => `  l${i}: &l${i} [${Array(10).fill(i ? `*l${i - 1}` : 'lol').join(', ')}]`);
    const text = `${readFileSync(b.siteFile, 'utf8')}laughs:\n${levels.join('\n')}\n`;
    writeFileSync(b.siteFile, text);
    const reply = await call(e, 'GET', '/api/document');
    expect(reply.status).toBe(200);
    expect(reply.body.value).toBeNull();
    const [first] = reply.body.problems as { name: string; line: number; message: string }[];
    expect(first).toMatchObject({ name: 'YamlAnchorOrAlias', line: text.split('\n').findIndex((line) => line.includes('&l0')) + 1 });
    expect(first.message).toContain('anchors and aliases (&name, *name) are not used in this file');
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin, and takes only JSON', async () => {
    const { editor: e, doc } = await open('minimal');
    expect((await call(e, 'GET', '/api/document', undefined, { host: 'evil.example:5174' })).status).toBe(403);
    expect((await call(e, 'GET', '/api/document', undefined, { host: `attacker.example:${e.port}` })).status).toBe(403);
    const foreign = await call(e, 'POST', '/api/ops', { ops: [], hash: doc.hash }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const formPost = await call(e, 'POST', '/api/ops', { ops: [], hash: doc.hash }, { 'content-type': 'text/plain' });
    expect(formPost.status).toBe(415);
    expect((await call(e, 'GET', '/api/document', undefined, { host: `localhost:${e.port}` })).status).toBe(200);
    // Operations of another shape than the forms send are refused, in plain words, before anything is read.
    for (const ops of [[{ op: 'set', path: [{ bad: 1 }], value: 1 }], [{ op: 'remove', path: ['hours'] }], [{ op: 'swap', path: [] }], 'all']) {
      const odd = await call(e, 'POST', '/api/ops', { ops, hash: doc.hash });
      expect(odd.status).toBe(400);
      expect(odd.body.error).toBe('The editor sent a change it could not read. Reload the page.');
    }
  });

  it('saves one change as one changed line, atomically, and a save without changes is byte-identical', async () => {
    const { box: b, editor: e, doc } = await open('real');
    const before = readFileSync(b.siteFile, 'utf8');
    const same = await saveValue({ editor: e, box: b }, doc.value, doc.hash);
    expect(same.status).toBe(200);
    expect(readFileSync(b.siteFile, 'utf8')).toBe(before);

    const value = structuredClone(doc.value);
    value.hours.regular[0].closes = value.hours.regular[0].closes === '18:00' ? '18:30' : '18:00';
    const saved = await saveValue({ editor: e, box: b }, value, doc.hash);
    expect(saved.status).toBe(200);
    expect(saved.body.problems).toEqual([]);
    const after = readFileSync(b.siteFile, 'utf8');
    const diff = changedLines(before, after);
    expect(diff.removed).toHaveLength(1);
    expect(diff.added).toHaveLength(1);
    expect(comments(after)).toEqual(comments(before));
    expect(parse(after)).toEqual(value);
    expect(readdirSync(b.work).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a change made on disk since loading is kept, and the typed change is merged into it by path', async () => {
    const { b, theirs, saved } = await closingTypedAfter('Closed on weekends.', 'Closed on weekends and holidays.');
    expect(saved.status).toBe(200);
    expect(saved.body.conflicts).toEqual([]);
    const now = readFileSync(b.siteFile, 'utf8');
    expect(changedLines(theirs, now).added).toEqual(['    - { label: Monday to Thursday, days: [Monday, Tuesday, Wednesday, Thursday], opens: "09:00", closes: "17:30" }']);
    expect(now).toContain('Closed on weekends and holidays.');
    // The answer carries the file's value, so that the browser shows both changes.
    expect((saved.body.value as Doc['value']).hours.note).toBe('Closed on weekends and holidays.');
  });

  it('the same field changed on disk and in the editor: nothing is overwritten, and both values come back', async () => {
    const { b, theirs, saved } = await closingTypedAfter('closes: "17:00" }', 'closes: "16:00" }');
    expect(saved.status).toBe(200);
    expect(saved.body.conflicts).toMatchObject([{ where: 'Opening hours > Monday to Thursday > Closing time', theirs: '16:00' }]);
    expect(readFileSync(b.siteFile, 'utf8')).toBe(theirs);
  });

  it('keeps work with errors as a draft: saved, reported with its place, and not publishable', async () => {
    const { box: b, editor: e, doc } = await open('minimal');
    const value = structuredClone(doc.value);
    value.hours.regular[0].closes = '5:30pm';
    const saved = await saveValue({ editor: e, box: b }, value, doc.hash);
    expect(saved.status).toBe(200);
    const problems = saved.body.problems as { path: string; message: string }[];
    expect(problems.map((p) => p.path)).toContain('hours.regular.0.closes');
    expect(readFileSync(b.siteFile, 'utf8')).toContain('closes: "5:30pm"');
    const published = await call(e, 'POST', '/api/publish', { message: 'Later closing' });
    expect(published.status).toBe(409);
    expect(String(published.body.error)).toMatch(/1 problem .*saved as a draft/);
    expect(b.git(['log', '--oneline']).trim().split('\n')).toHaveLength(1);
  });

  it('refuses a required text left empty (a news headline): a problem beside its field in the form\'s words, and no publish', async () => {
    const { box: b, editor: e, doc } = await open('real');
    const value = structuredClone(doc.value) as Doc['value'] & { entities: { news: { title: string }[] } };
    value.entities.news[0].title = '';
    const saved = await saveValue({ editor: e, box: b }, value, doc.hash);
    expect(saved.status).toBe(200);
    const problems = (saved.body.problems as { name: string; path: string; where: string; formMessage?: string }[]).filter((p) => !p.name.startsWith('OldNews'));
    expect(problems).toMatchObject([{ name: 'EmptyText', path: 'entities.news.0.title', formMessage: 'This field is empty. Fill it in.' }]);
    expect(readFileSync(b.siteFile, 'utf8')).toContain('title: ""');
    const published = await call(e, 'POST', '/api/publish', { message: 'New headline' });
    expect(published.status).toBe(409);
  });

  it('uploads a picture under a safe new name with its size, and refuses paths, wrong types and empty files', async () => {
    const { box: b, editor: e } = await open('minimal');
    const ok = await call(e, 'POST', '/api/upload?name=' + encodeURIComponent('Dr Jane (new).PNG'), await png(300, 200));
    expect(ok.status).toBe(200);
    expect(ok.body.href).toMatch(/^\/images\/dr-jane-new-[0-9a-f]{6}\.png$/);
    expect(ok.body).toMatchObject({ width: 300, height: 200, kind: 'picture' });
    expect(readdirSync(join(b.work, 'public', 'images')).some((f) => `/images/${f}` === ok.body.href)).toBe(true);

    const pathName = await call(e, 'POST', '/api/upload?name=' + encodeURIComponent('../../x'), await png(10, 10));
    expect(pathName.status).toBe(400);
    expect(String(pathName.body.error)).toMatch(/not a plain file name/);
    const notPicture = await call(e, 'POST', '/api/upload?name=notes.png', new TextEncoder().encode('just text, named like a picture'));
    expect(notPicture.status).toBe(415);
    const pdf = await call(e, 'POST', '/api/upload?name=consent.pdf', new TextEncoder().encode('%PDF-1.4\n%fake but typed\n'));
    expect(pdf.body.href).toMatch(/^\/downloads\/consent-[0-9a-f]{6}\.pdf$/);
  });

  it('reviews changes in words with the YAML diff, and undoes one', async () => {
    const { box: b, editor: e, doc } = await open('minimal');
    const published = readFileSync(b.siteFile, 'utf8');
    const value = structuredClone(doc.value);
    value.hours.regular[0].closes = '17:30';
    value.hours.note = 'Closed on weekends and public holidays.';
    const saved = await saveValue({ editor: e, box: b }, value, doc.hash);
    const review = (await call(e, 'GET', '/api/review')).body as { changes: { id: string; words: string }[]; diff: string };
    expect(review.changes.map((c) => c.words)).toEqual([
      'Opening hours > Monday to Thursday > Closing time: 17:00 -> 17:30',
      'Opening hours > Note: Closed on weekends. -> Closed on weekends and public holidays.',
    ]);
    expect(review.diff).toContain('-    - { label: Monday to Thursday, days: [Monday, Tuesday, Wednesday, Thursday], opens: "09:00", closes: "17:00" }');
    expect(review.diff).toContain('+  note: Closed on weekends and public holidays.');
    const undone = await call(e, 'POST', '/api/undo', { id: review.changes[1].id, hash: saved.body.hash });
    expect(undone.status).toBe(200);
    const now = readFileSync(b.siteFile, 'utf8');
    expect(changedLines(published, now).added).toEqual(['    - { label: Monday to Thursday, days: [Monday, Tuesday, Wednesday, Thursday], opens: "09:00", closes: "17:30" }']);
  });

  it('Review matches entries by id: one doctor removed and another added are exactly that, and each undoes alone', async () => {
    const { box: b, editor: e, doc } = await open('real');
    const published = readFileSync(b.siteFile, 'utf8');
    const value = structuredClone(doc.value) as Doc['value'] & { entities: { doctors: Record<string, unknown>[] } };
    const [gone] = value.entities.doctors.splice(1, 1);
    value.entities.doctors.splice(1, 0, { ...gone, slug: 'dr-rosa-nguyen', name: 'Dr Rosa Nguyen' });
    await saveValue({ editor: e, box: b }, value);
    const review = (await call(e, 'GET', '/api/review')).body as { changes: { id: string; kind: string; words: string }[] };
    expect(review.changes.map((c) => `${c.kind}: ${c.words}`)).toEqual([
      `removed: Doctors: removed "${String(gone.name)}"`,
      'added: Doctors: added "Dr Rosa Nguyen"',
    ]);
    // Undoing the removal puts the doctor back with the very lines that were published; the new one stays.
    expect((await call(e, 'POST', '/api/undo', { id: review.changes[0].id })).status).toBe(200);
    const now = readFileSync(b.siteFile, 'utf8');
    expect(changedLines(published, now).removed).toEqual([]);
    expect((parse(now) as typeof value).entities.doctors.map((d) => d.slug)).toContain('dr-rosa-nguyen');
    expect((await call(e, 'POST', '/api/undo', { id: review.changes[1].id })).status).toBe(200);
    expect(readFileSync(b.siteFile, 'utf8')).toBe(published);
  });

  it('publishes one commit with the message, only site.yaml and the new picture, authored by the person publishing and committed by git\'s own configuration', async () => {
    const { box: b, editor: e, doc } = await open('minimal');
    const upload = await call(e, 'POST', '/api/upload?name=rosa.png', await png(120, 120));
    // A stray file beside it that the content does not mention, and another changed file: neither is published.
    writeFileSync(join(b.work, 'public', 'images', 'stray.png'), await png(5, 5));
    writeFileSync(join(b.work, 'public', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const value = structuredClone(doc.value) as Doc['value'] & { site: { logo: Record<string, unknown> } };
    value.site.logo = { ...value.site.logo, src: upload.body.href as string, width: 120, height: 120 };
    const saved = await saveValue({ editor: e, box: b }, value, doc.hash);
    expect(saved.body.problems).toEqual([]);
    // The person publishing is the author, as one line without the brackets that hold an e-mail.
    const result = await call(e, 'POST', '/api/publish', { message: 'New logo', author: 'Chloe <Anderson>\n' });
    expect(result.status).toBe(200);
    const log = b.git(['log', '-1', '--format=%an <%ae>|%cn|%s', '--name-only', 'origin/main'], b.work).trim().split('\n');
    expect(log[0]).toBe('Chloe Anderson <reception@practice.example>|Reception Desk|New logo');
    expect(log.slice(1).filter(Boolean).sort()).toEqual([`public${String(upload.body.href)}`, 'site.yaml']);
    expect(b.git(['rev-parse', 'main'], b.remote).trim()).toBe(result.body.commit);
    expect(b.git(['status', '--porcelain']).trimEnd().split('\n').sort()).toEqual([' M public/favicon.svg', '?? public/images/stray.png']);
  });

  it('publishing onto someone else\'s newer commit: their change and ours both land, ours on top, fast-forward', async () => {
    const { box: b, editor: e, doc } = await open('minimal');
    // Someone else publishes first, from another copy, a change to another field.
    const other = colleaguePublishes(b, 'Closed on weekends.', 'Closed on weekends and holidays.', 'Their change');
    const theirCommit = b.git(['rev-parse', 'HEAD'], other).trim();
    const value = structuredClone(doc.value);
    value.hours.regular[0].closes = '17:30';
    await saveValue({ editor: e, box: b }, value, doc.hash);
    const result = await call(e, 'POST', '/api/publish', { message: 'Later closing' });
    expect(result.status).toBe(200);
    expect(result.body.merged).toBe(true);
    const published = b.git(['show', 'main:site.yaml'], b.remote);
    expect(published).toContain('closes: "17:30"');
    expect(published).toContain('Closed on weekends and holidays.');
    expect(b.git(['log', '--format=%s', 'main'], b.remote).trim().split('\n').slice(0, 2)).toEqual(['Later closing', 'Their change']);
    expect(b.git(['rev-parse', 'main^'], b.remote).trim()).toBe(theirCommit);
    // This copy follows: the file is the merged one, its branch the published commit, nothing left to commit.
    expect(readFileSync(b.siteFile, 'utf8')).toBe(published);
    expect(b.git(['rev-parse', 'HEAD']).trim()).toBe(result.body.commit);
    expect(b.git(['status', '--porcelain']).trim()).toBe('');
  });

  it('publishing onto a newer commit keeps this copy\'s own unsent content commits: their picture and text go too', async () => {
    const { box: b, editor: e, doc } = await open('minimal');
    // A publish that recorded here but never reached the website (say, the connection dropped): a picture and a logo.
    const upload = await call(e, 'POST', '/api/upload?name=logo.png', await png(64, 64));
    const value = structuredClone(doc.value) as Doc['value'] & { site: { logo: Record<string, unknown> } };
    value.site.logo = { ...value.site.logo, src: upload.body.href as string };
    await saveValue({ editor: e, box: b }, value);
    b.git(['add', 'site.yaml', `public${String(upload.body.href)}`]);
    b.git(['commit', '--quiet', '-m', 'New logo, not sent']);
    colleaguePublishes(b, 'Closed on weekends.', 'Closed on weekends and holidays.', 'Their change');
    const result = await call(e, 'POST', '/api/publish', { message: 'New logo' });
    expect(result.status).toBe(200);
    const published = b.git(['show', 'main:site.yaml'], b.remote);
    expect(published).toContain(String(upload.body.href));
    expect(published).toContain('Closed on weekends and holidays.');
    expect(b.git(['ls-tree', '--name-only', '-r', 'main', '--', 'public/images'], b.remote)).toContain(`public${String(upload.body.href)}`);
    expect(b.git(['status', '--porcelain']).trim()).toBe('');
  });

  it('publishing onto a newer commit that changed the same field: both values and who, then the person chooses', async () => {
    const { b, e, refused } = await bothChangeClosing();
    expect(refused.status).toBe(409);
    expect(String(refused.body.error)).toMatch(/Someone else published a change to a place you changed too, so nothing was sent\..*nothing is lost\. Choose which version to keep/);
    const conflicts = refused.body.conflicts as { key: string; where: string; mine: string; theirs: string; by: string; at: string }[];
    expect(conflicts).toMatchObject([{ where: 'Opening hours > Monday to Thursday > Closing time', mine: '17:30', theirs: '19:00', by: 'Karen' }]);
    expect(conflicts[0].at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(b.git(['log', '-1', '--format=%s', 'main'], b.remote).trim()).toBe('Later on Mondays');
    const chosen = await call(e, 'POST', '/api/publish', { message: 'Later closing', choices: { [conflicts[0].key]: 'mine' } });
    expect(chosen.status).toBe(200);
    expect(b.git(['show', 'main:site.yaml'], b.remote)).toContain('closes: "17:30"');
    expect(b.git(['log', '--format=%s', 'main'], b.remote).trim().split('\n').slice(0, 2)).toEqual(['Later closing', 'Later on Mondays']);
  });

  it('"Keep theirs" settles the conflict: the file takes their value, Review is empty, and a later publish asks nothing', async () => {
    const { b, e, refused } = await bothChangeClosing();
    const key = (refused.body.conflicts as { key: string }[])[0].key;
    const kept = await call(e, 'POST', '/api/publish', { message: 'Later closing', choices: { [key]: 'theirs' } });
    expect(kept).toEqual({ status: 409, body: { error: 'There is nothing new to publish: the website already has these contents. The editor now shows the website\'s version.', settled: true } });
    expect(readFileSync(b.siteFile, 'utf8')).toContain('closes: "19:00" }');
    expect((await call(e, 'GET', '/api/review')).body.changes).toEqual([]);
    const now = (await call(e, 'GET', '/api/document')).body as Doc;
    const next = structuredClone(now.value);
    (next as unknown as { contact: { fax: string } }).contact.fax = '02 9999 0000';
    await saveValue({ editor: e, box: b }, next, now.hash);
    expect((await call(e, 'POST', '/api/publish', { message: 'New fax' })).status).toBe(200);
    const published = b.git(['show', 'main:site.yaml'], b.remote);
    expect(published).toContain('closes: "19:00" }');
    expect(published).toContain('02 9999 0000');
  });

  it('says what to do without a remote or without git', async () => {
    const first = await open('minimal', { remote: false });
    const value = structuredClone(first.doc.value);
    value.hours.regular[0].closes = '17:30';
    await saveValue({ editor: first.editor, box: first.box }, value);
    const noRemote = await call(first.editor, 'POST', '/api/publish', { message: 'x' });
    expect(String(noRemote.body.error)).toMatch(/git has no remote.*nothing is lost/);

    const second = await open('minimal', { git: false });
    const noGit = await call(second.editor, 'POST', '/api/publish', { message: 'x' });
    expect(String(noGit.body.error)).toMatch(/not kept with git/);
    expect((await call(second.editor, 'GET', '/api/review')).body.base).toBe('none');
  });
});
