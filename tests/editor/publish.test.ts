import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load.ts';
import { call, saveValue, editorPerTest, type Doc } from './request.ts';
import type { Sandbox } from './sandbox.ts';

// Publish sends only content, checked as it is committed, on top of what the website has: tried with real git and a
// bare repository as the website's copy.
const open = editorPerTest();

const remoteHead = (box: Sandbox) => box.git(['rev-parse', 'main'], box.remote).trim();

function laterClosing(doc: Doc, closes: string) {
  const value = structuredClone(doc.value);
  value.hours.regular[0].closes = closes;
  return value;
}

describe('publish', () => {
  it('refuses, naming the files, while this copy holds an unpublished commit of other files, and sends nothing', async () => {
    const { box, editor, doc } = await open('minimal');
    const before = remoteHead(box);
    mkdirSync(join(box.work, 'src'));
    writeFileSync(join(box.work, 'src', 'tweak.ts'), 'export const tweak = 1;\n');
    box.git(['add', 'src/tweak.ts']);
    box.git(['commit', '--quiet', '-m', 'A local change to the code']);
    await saveValue({ editor, box }, laterClosing(doc, '17:30'));

    const result = await call(editor, 'POST', '/api/publish', { message: 'Later closing' });
    expect(result.status).toBe(409);
    expect(String(result.body.error)).toMatch(/files other than the content, not yet on the website: src\/tweak\.ts\. .*nothing was sent\. .*nothing is lost\. Ask the person who looks after the website/);
    expect(remoteHead(box)).toBe(before);
  });

  it('with nothing new, says so and sends nothing, even with a commit of no change on this copy', async () => {
    const { box, editor } = await open('minimal');
    const before = remoteHead(box);
    const first = await call(editor, 'POST', '/api/publish', { message: 'Nothing really' });
    expect(first.status).toBe(409);
    expect(String(first.body.error)).toMatch(/nothing new to publish/);
    box.git(['commit', '--quiet', '--allow-empty', '-m', 'An empty commit']);
    const second = await call(editor, 'POST', '/api/publish', { message: 'Nothing really' });
    expect(second.status).toBe(409);
    expect(String(second.body.error)).toMatch(/nothing new to publish/);
    expect(remoteHead(box)).toBe(before);
  });

  it('never sends a file with problems saved right after Publish was pressed (6 tries)', async () => {
    const { box, editor, doc } = await open('minimal');
    let hash = doc.hash;
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const good = await saveValue({ editor, box }, laterClosing(doc, `17:${10 + i}`), hash);
      const text = readFileSync(box.siteFile, 'utf8');
      const broken = text.replace('postcode: "2999"', 'postcode: 2999');
      expect(broken).not.toBe(text);
      const published = call(editor, 'POST', '/api/publish', { message: `Closing at 17:${10 + i}` });
      await new Promise((done) => setTimeout(done, i * 4));
      const savedBroken = await call(editor, 'POST', '/api/save-text', { text: broken, hash: String(good.body.hash) });
      outcomes.push(`${(await published).status}`);
      const remoteText = box.git(['show', 'main:site.yaml'], box.remote);
      const checked = loadSite(box.siteFile, remoteText);
      expect(checked.ok ? [] : checked.errors.map((e) => e.message)).toEqual([]);
      // Put the file right again for the next try.
      const fixed = await call(editor, 'POST', '/api/save-text', { text, hash: String(savedBroken.body.hash) });
      hash = String(fixed.body.hash);
    }
    // Each Publish either went first (200) or found the problems (409); never a 500.
    expect(outcomes.every((status) => status === '200' || status === '409')).toBe(true);
  });

  it('refuses a description with a control character in plain words (400), and records nothing', async () => {
    const { box, editor, doc } = await open('minimal');
    const before = remoteHead(box);
    await saveValue({ editor, box }, laterClosing(doc, '17:30'));
    for (const message of ['Later\0closing', 'Later \u001b[31mclosing', 'Later\u007fclosing']) {
      const result = await call(editor, 'POST', '/api/publish', { message });
      expect(result.status).toBe(400);
      expect(String(result.body.error)).toBe('The description holds an invisible control character (perhaps pasted from another program). Type the description again, then press Publish.');
    }
    expect(box.git(['log', '--oneline']).trim().split('\n')).toHaveLength(1);
    expect(remoteHead(box)).toBe(before);
    // Line breaks are not refused: they become spaces, as before.
    expect((await call(editor, 'POST', '/api/publish', { message: 'Later\nclosing' })).status).toBe(200);
    expect(box.git(['log', '-1', '--format=%s', 'main'], box.remote).trim()).toBe('Later closing');
  });

  it('refuses a description or a name holding any character that hides text (400), and keeps emoji', async () => {
    const { box, editor, doc } = await open('minimal');
    const before = remoteHead(box);
    await saveValue({ editor, box }, laterClosing(doc, '17:30'));
    const hidden = ['\u{E0049}\u{E0047}\u{E004E}', '\u00AD', '\u115F', '\u1160', '\u3164', '\uFFA0', '\u2800', '\u034F', '\uE000', '\uFDD0', '\u{10FFFF}', 'a\u200D'];
    for (const ch of hidden) {
      const result = await call(editor, 'POST', '/api/publish', { message: `Later${ch} closing` });
      expect({ status: result.status, error: result.body.error }, JSON.stringify(ch)).toEqual({ status: 400, error: 'The description holds an invisible control character (perhaps pasted from another program). Type the description again, then press Publish.' });
      const named = await call(editor, 'POST', '/api/publish', { message: 'Later closing', author: `Karen${ch} Mills` });
      expect({ status: named.status, error: named.body.error }, JSON.stringify(ch)).toEqual({ status: 400, error: 'Your name holds an invisible character (perhaps pasted from another program). Type your name again, then press Publish.' });
    }
    expect(remoteHead(box)).toBe(before);
    expect((await call(editor, 'POST', '/api/publish', { message: 'Later closing for 👨‍👩‍👧 🇦🇺', author: 'Karen Mills ❤️' })).status).toBe(200);
    expect(box.git(['log', '-1', '--format=%s|%an', 'main'], box.remote).trim()).toBe('Later closing for 👨‍👩‍👧 🇦🇺|Karen Mills ❤️');
  });
});
