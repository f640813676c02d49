/**
 * npm run setup [-- --dry-run] [-- --answers FILE]: sets a practice's website up on Supabase, GitHub and Netlify in
 * one guided run (EDITING.md, "Going live"). It asks for what only a person can give, then does the rest, showing each
 * step; it can be run again at any time: each step changes only what differs. --dry-run makes no change and prints
 * every call that would make one. --answers reads the answers from a JSON file instead of asking (keep it private).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { PLATFORMS } from './setup/calls.ts';
import { answerProblems, QUESTIONS, type Answers } from './setup/questions.ts';
import { runSetup } from './setup/run.ts';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const answersFile = args[args.indexOf('--answers') + 1];

async function ask(): Promise<Partial<Answers>> {
  const given: Partial<Answers> = {};
  let hidden = false;
  // Typed secrets are not echoed: the output swallows what the terminal would repeat.
  const output = new Writable({ write(chunk: Buffer, _encoding, done) { if (!hidden) process.stdout.write(chunk); done(); } });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  console.log('Setting up the website. Each answer says where it comes from (EDITING.md, "Going live", has the steps).\n');
  for (const question of QUESTIONS) {
    for (;;) {
      process.stdout.write(`${question.ask}\n  (${question.where})\n  > `);
      hidden = question.secret === true;
      const value = (await prompt.question('')).trim();
      hidden = false;
      if (question.secret) process.stdout.write('\n');
      const why = value ? question.check?.(value) ?? '' : question.optional ? '' : 'Nothing was typed.';
      if (!why) { if (value) given[question.key] = value; break; }
      console.log(`  ${why}`);
    }
  }
  prompt.close();
  return given;
}

const given: Partial<Answers> = args.includes('--answers')
  ? JSON.parse(readFileSync(resolve(answersFile ?? ''), 'utf8')) as Partial<Answers>
  : await ask();
const problems = answerProblems(given);
if (problems.length) {
  console.error(`Setup cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
const result = await runSetup({ answers: given as Answers, dryRun, endpoints: PLATFORMS, statePath: join(ROOT, '.data', 'setup.json'), say: (line) => console.log(line) });
process.exitCode = result.ok ? 0 : 1;
