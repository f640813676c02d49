/**
 * The site-editor function's CPU under Deno, run as Supabase runs it (tests/editor/hosted/rehearsal.ts): from one
 * bundled file, as Supabase runs an upload; Supabase allows 2 s of CPU per request. The time is the main thread's,
 * where the function's code runs: the stand-in database (PGlite) works on a thread of its own, as Postgres is a server
 * of its own on Supabase.
 */
import { join } from 'node:path';
import { bundleAsEszip, carriedBy, denoInfo } from './cliMount.ts';
import { cpuMs, FUNCTION, karen, prepareRehearsal } from './rehearsal.ts';
import type { FunctionFigures } from '../../../bench/report.ts';
import { median } from '../../../bench/common.ts';


// A different closing time for each cold publish, so each one changes the file GitHub holds.
const CLOSING = ['18:00', '18:15', '18:30', '18:45', '19:00', '19:15', '19:30'];

export async function measureFunction(saves = 20, colds = 5): Promise<FunctionFigures> {
  const rehearsal = await prepareRehearsal();
  try {
    const token = rehearsal.auth.token(karen);
    const starts: number[] = [];
    const firsts: number[] = [];
    // Each cold run is a new Deno process on the same repository, as a new instance of the function would be.
    for (let run = 0; run < Math.min(colds, CLOSING.length); run++) {
      const fn = await rehearsal.start({ bundled: true });
      starts.push(cpuMs(fn.pid));
      const first = await rehearsal.save(token, (site) => { site.hours.regular[0].closes = CLOSING[run]; });
      if (first.status !== 200) throw new Error(`The first save was refused: ${JSON.stringify(first.body)}`);
      const published = await rehearsal.call('publish', token, { message: 'Later closing on weekdays' });
      if (published.status !== 200) throw new Error(`The publish was refused: ${JSON.stringify(published.body)}`);
      firsts.push(cpuMs(fn.pid));
      await fn.stop();
    }
    // Each save measured alone, in the last process: the document is read first, outside the measure, as the form
    // has it already.
    const fn = await rehearsal.start({ bundled: true });
    const used = () => cpuMs(fn.pid);
    const each: number[] = [];
    for (let i = 0; i < saves; i++) {
      const doc = await rehearsal.call('document', token);
      const value = doc.body.value as { contact: { fax: string } };
      const start = used();
      const saved = await rehearsal.call('ops', token, { ops: [{ op: 'set', path: ['contact', 'fax'], value: `08 8377 ${String(1000 + i)}`, was: value.contact.fax }], hash: doc.body.hash });
      if (saved.status !== 200) throw new Error(`A save was refused: ${JSON.stringify(saved.body)}`);
      each.push(used() - start);
    }
    const eszip = await bundleAsEszip(join(rehearsal.copy, FUNCTION, 'index.ts'), rehearsal.config, rehearsal.denoDir);
    const carried = carriedBy(denoInfo(join(rehearsal.copy, FUNCTION, 'index.ts'), rehearsal.config, rehearsal.denoDir), rehearsal.denoDir);
    return {
      coldStartMs: median(starts), coldSavePublishMs: median(firsts), coldSavePublishEach: [...firsts].sort((a, b) => a - b), colds: firsts.length,
      saveMs: median(each), saves, eszipBytes: eszip.bytes, eszipModules: eszip.modules,
      moduleBytes: carried.moduleBytes, npmBytes: carried.npmBytes, npmPackages: carried.packages.length,
    };
  } finally {
    await rehearsal.close();
  }
}

// Run by `npm run bench` as a process of its own (scripts/ imports nothing of tests/): its figures as the last line.
if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureFunction()));
