import { isAlias, visit, type Document, type LineCounter, type YAMLError } from 'yaml';
import { readWhole, type ReadYaml } from './yamlReread.ts';
import { catalogue, type ContentError, type ErrorName } from './errors.ts';
import { describePath, pathAtOffset } from './locate.ts';
import { dotted } from './pointer.ts';

/*
 * Reading the file as YAML, and saying what went wrong when it cannot be read: YAML's own errors are phrased for
 * programmers and often point below the real mistake, so each is recognised, reworded and moved to the line to fix.
 */

/** The bracket at or above `line` that is opened and not closed on its line (text in quotes ignored). */
function unclosedBracket(text: string, line: number, open: string, close: string): { line: number; col: number } | undefined {
  const lines = text.split('\n');
  for (let l = Math.min(line, lines.length); l >= 1; l--) {
    const bare = lines[l - 1].replace(/"(?:[^"\\]|\\.)*"/g, (q) => ' '.repeat(q.length)).replace(/\s#.*$/, '');
    const opened: number[] = [];
    [...bare].forEach((ch, i) => {
      if (ch === open) opened.push(i);
      else if (ch === close) opened.pop();
    });
    if (opened.length) return { line: l, col: opened[0] + 1 };
  }
  return undefined;
}

/** Where an unclosed quote starts: the quoted value that runs on to where the reader gave up. */
function unclosedQuoteStart(doc: Document, pos: number): number | undefined {
  let start: number | undefined;
  visit(doc, {
    Scalar(_key, node) {
      const range = node.range;
      if (!range || (node.type !== 'QUOTE_DOUBLE' && node.type !== 'QUOTE_SINGLE')) return;
      if (range[0] < pos && range[1] >= pos - 1 && (start === undefined || range[0] > start)) start = range[0];
    },
  });
  return start;
}

interface SyntaxProblem { name: ErrorName; message: string; line: number; col: number }

/** One of YAML's own errors, said for people and placed on the line to fix. */
function describeSyntaxError(error: YAMLError, text: string, doc: Document, lines: LineCounter): SyntaxProblem {
  const offset = error.pos[0];
  const first = error.message.split('\n')[0];
  const { line } = lines.linePos(offset);
  const at = (name: ErrorName, message: string, place: { line: number; col: number } = lines.linePos(offset)) => ({ name, message, ...place });
  if (/^Sequence item without - indicator/.test(first)) return at('YamlIndent', catalogue.YamlIndent());
  if (/^Implicit (map )?keys need to be/.test(first)) return at('YamlMissingColon', catalogue.YamlMissingColon());
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return at('YamlTab', catalogue.YamlTab(), { line, col: 1 });
    case 'DUPLICATE_KEY': {
      const key = /^[^:\n]*/.exec(text.slice(offset))?.[0].trim().replace(/^["']|["']$/g, '') ?? '';
      return at('DuplicateKey', catalogue.DuplicateKey(key));
    }
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'BLOCK_IN_FLOW':
      return at('YamlColonInText', catalogue.YamlColonInText());
    case 'MULTILINE_IMPLICIT_KEY':
      return at('YamlMissingColon', catalogue.YamlMissingColon());
    case 'UNEXPECTED_TOKEN': {
      // The value as written on this line, after "key: " or "- ".
      const lineText = text.split('\n')[line - 1] ?? '';
      const value = /^\s*(?:-\s+)?(?:[^\s:#][^:#]*?:\s+)?(.*)$/.exec(lineText)?.[1] ?? '';
      if (/^[*&!%@`]/.test(value)) return at('YamlReservedStart', catalogue.YamlReservedStart(value[0]));
      if (/^["']/.test(value)) return at('YamlTextAfterQuote', catalogue.YamlTextAfterQuote());
      return at('YamlSyntax', catalogue.YamlSyntax(first));
    }
    case 'BAD_SCALAR_START': {
      const char = /reserved character (\S)/.exec(first)?.[1] ?? text[offset];
      return at('YamlReservedStart', catalogue.YamlReservedStart(char));
    }
    case 'MISSING_CHAR':
      if (/quote/i.test(first)) {
        const start = unclosedQuoteStart(doc, offset);
        return at('YamlUnclosedQuote', catalogue.YamlUnclosedQuote(first.includes("'") ? "'" : '"'), lines.linePos(start ?? offset));
      }
      return at('YamlSyntax', catalogue.YamlSyntax(first));
    case 'BAD_INDENT':
      if (/^Flow (map|sequence)/.test(first)) {
        const [open, close] = first.startsWith('Flow map') ? ['{', '}'] : ['[', ']'];
        return at('YamlUnclosedBracket', catalogue.YamlUnclosedBracket(open, close), unclosedBracket(text, line, open, close));
      }
      return at('YamlIndent', catalogue.YamlIndent());
    default:
      return at('YamlSyntax', catalogue.YamlSyntax(first));
  }
}

/** At most this many syntax problems are reported (the file is read again after each), and this many anchors and aliases. */
const MOST_REPORTED = 30;

/**
 * The file's anchors (&name) and aliases (*name), in the order they are written, each alias with whether an anchor
 * above it has its name. Read in one pass: resolving each alias on its own reads the whole file again for each.
 */
function anchorsAndAliasesOf(doc: Document) {
  const anchors: { name: string; offset: number }[] = [];
  const aliases: { offset: number; resolved: boolean }[] = [];
  const named = new Set<string>();
  visit(doc, {
    Node(_key, node) {
      if (!node.range) return;
      if (isAlias(node)) aliases.push({ offset: node.range[0], resolved: named.has(node.source) });
      else if (node.anchor) {
        named.add(node.anchor);
        anchors.push({ name: node.anchor, offset: node.range[0] });
      }
    },
  });
  return { anchors, aliases };
}

/** Whether the file has any anchor or alias, which the checker refuses before the data is made from the file. */
export const hasAnchorsOrAliases = (doc: Document) => {
  const { anchors, aliases } = anchorsAndAliasesOf(doc);
  return anchors.length + aliases.length > 0;
};

/** `*text` unquoted reads as a YAML alias of something named "text", not as text. */
function unresolvedAliases(doc: Document, lines: LineCounter): SyntaxProblem[] {
  return anchorsAndAliasesOf(doc).aliases.filter((alias) => !alias.resolved)
    .map((alias) => ({ name: 'YamlReservedStart', message: catalogue.YamlReservedStart('*'), ...lines.linePos(alias.offset) }));
}

/**
 * Anchors and the aliases that repeat them: nothing in this file needs them, and aliases of groups of aliases stand
 * for copies of copies, millions from a few lines, which no reader should build. An anchor's place is its "&".
 */
function anchorsAndAliases(doc: Document, text: string, lines: LineCounter): SyntaxProblem[] {
  const { anchors, aliases } = anchorsAndAliasesOf(doc);
  const places = [
    ...anchors.map((anchor) => Math.max(0, text.lastIndexOf(`&${anchor.name}`, anchor.offset))),
    ...aliases.filter((alias) => alias.resolved).map((alias) => alias.offset),
  ].sort((a, b) => a - b).slice(0, MOST_REPORTED);
  return places.map((offset) => ({ name: 'YamlAnchorOrAlias', message: catalogue.YamlAnchorOrAlias(), ...lines.linePos(offset) }));
}

const indentOf = (line: string) => /^[ \t]*/.exec(line)?.[0].length ?? 0;

/**
 * Every syntax error, without the follow-on ones. After a mistake YAML often misreads the lines below it, so
 * the first problem is reported, its line blanked out and the file read again, until it reads cleanly. Errors
 * inside the block of a blanked line (lines indented under it) only come from the blanking and are skipped.
 * `read`: the checker's read of `text`, used instead of reading it again (a read of a practice's file is most of
 * the time here).
 */
export function syntaxErrors(file: string, text: string, read?: ReadYaml): ContentError[] {
  const found: SyntaxProblem[] = [];
  const original = text.split('\n');
  const current = [...original];
  const blanked: number[] = [];
  const underBlanked = (line: number) => blanked.some((b) => line > b && (line <= b + 2 || original.slice(b, line).every((l, i) =>
    !l.trim() || current[b + i] === '' || indentOf(l) > indentOf(original[b - 1]))));
  let last = { text, read: read ?? readWhole(text) };
  for (let round = 0; round < MOST_REPORTED; round++) {
    const joined = current.join('\n');
    if (joined !== last.text) last = { text: joined, read: readWhole(joined) };
    const { doc, lines } = last.read;
    const problems = [...(doc.errors as YAMLError[]).map((e) => describeSyntaxError(e, joined, doc, lines)), ...unresolvedAliases(doc, lines)]
      .sort((a, b) => a.line - b.line || a.col - b.col);
    const problem = problems[0];
    if (!problem) break;
    if (!underBlanked(problem.line) && !found.some((e) => e.line === problem.line)) found.push(problem);
    if (current[problem.line - 1] === '') break;
    current[problem.line - 1] = '';
    blanked.push(problem.line);
  }
  // Name the groups each line is in, from the file as it reads with the broken lines left out. Anchors and aliases
  // are found in it too: they are not mistakes of syntax, and blanking an anchor would make its aliases look like one.
  const readable = current.join('\n');
  const { doc, lines } = readable === last.text ? last.read : readWhole(readable);
  const reported = new Set(found.map((problem) => problem.line));
  for (const problem of anchorsAndAliases(doc, readable, lines)) {
    if (reported.has(problem.line)) continue;
    reported.add(problem.line);
    found.push(problem);
  }
  let data: unknown;
  try { data = doc.toJS({ maxAliasCount: -1 }); } catch { data = undefined; }
  return found.sort((a, b) => a.line - b.line || a.col - b.col).map((problem) => {
    const path = pathAtOffset(doc, lines.lineStarts[problem.line - 1] ?? 0, problem.line, lines);
    const where = path.length && data !== undefined ? `Line ${problem.line} in ${describePath(data, path)}` : `Line ${problem.line}`;
    return { name: problem.name, file, line: problem.line, col: problem.col, path: path.length ? dotted(path) : '(top of file)', where, message: problem.message };
  });
}
