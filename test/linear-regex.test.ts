import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { ActionKind } from '../src/domain/action.js';
import { repeatedKeywordPattern } from '../src/parser/argument.js';
import { kindsFor, LEADING_KEYWORD, MENTIONS_KEYWORD } from '../src/parser/keywords.js';
import { splittersFor } from '../src/parser/read-line.js';
import { RESET_NOW } from '../src/parser/vote-reset.js';

// Issue 14 item 1: every pattern in src/ runs in linear time. recheck (a ReDoS checker that also finds polynomial
// backtracking, not only the exponential kind) judges each regular expression literal and each `new RegExp` with
// a literal source; a `new RegExp` built at run time is either built and checked below or allow-listed with why.
const src = fileURLToPath(new URL('../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

interface Found {
  where: string;
  /** The literal pattern, or null when the source is built at run time (`text` then holds the call). */
  source: string | null;
  flags: string;
  text: string;
}

const isRegExpCall = (n: ts.Node): n is ts.NewExpression | ts.CallExpression =>
  (ts.isNewExpression(n) || ts.isCallExpression(n)) && ts.isIdentifier(n.expression) && n.expression.text === 'RegExp';

const literalText = (n: ts.Expression | undefined): string | null =>
  n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : null;

/** Every regex literal and `RegExp` call of a source text, read by the TypeScript parser (not a lexer's guess). */
function patternsIn(file: string, text: string): Found[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const visit = (n: ts.Node): void => {
    const where = `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
    if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const token = n.getText(sf);
      const end = token.lastIndexOf('/');
      found.push({ where, source: token.slice(1, end), flags: token.slice(end + 1), text: token });
    } else if (isRegExpCall(n)) {
      const [pattern, flags] = n.arguments ?? [];
      const source = literalText(pattern);
      const flagText = flags === undefined ? '' : literalText(flags);
      found.push({
        where,
        source: flagText === null ? null : source,
        flags: flagText ?? '',
        text: n.getText(sf).replace(/\s+/g, ' '),
      });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function verdict(source: string, flags: string): string {
  // `g` and `d` change where matching starts or what it reports, not how it backtracks. A sticky pattern only ever
  // matches at `lastIndex`: it is judged anchored there (recheck has no `y`), unless `m` gives `^` a meaning.
  const sticky = flags.includes('y') && !flags.includes('m');
  // A pattern too large for recheck's automaton is fuzzed, from a random seed unless given one, and its fuzzing
  // stops at time limits unless told to count steps only: a fixed seed and step limits give every run the same
  // verdict on any machine load (a large word list once came out "polynomial" in one loaded CI run of many).
  const r = checkSync(sticky ? `^(?:${source})` : source, flags.replace(/[gyd]/g, ''), {
    timeout: null,
    randomSeed: 20261204,
    attackTimeout: null,
    incubationTimeout: null,
    seedingTimeout: null,
  });
  return r.status === 'vulnerable' ? `vulnerable (${r.complexity.type})` : r.status;
}

/**
 * The `RegExp`s built at run time, by file and the start of the call. Each is either checked as built (the
 * parser's, below) or sees only text that cannot be hostile to it; an entry here that no longer matches a call
 * fails the test, and so does a built pattern not listed.
 */
const BUILT: { file: string; call: string; why: string }[] = [
  { file: 'parser/keywords.ts', call: 'new RegExp(`^[\\\\s#/!*', why: 'LEADING_KEYWORD: built once, checked below' },
  { file: 'parser/keywords.ts', call: 'new RegExp(`(?:', why: 'MENTIONS_KEYWORD: built once, checked below' },
  { file: 'parser/read-line.ts', call: 'new RegExp(`[,;.|]', why: "the splitters' `next`: checked below, built" },
  { file: 'parser/read-line.ts', call: 'new RegExp(`(?<!', why: "the splitters' `afterUnvote`: checked below, built" },
  { file: 'parser/vote-reset.ts', call: 'new RegExp(', why: 'RESET_NOW: built once, checked below' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text, not a template
  { file: 'parser/argument.ts', call: 'new RegExp(`^${kind}', why: 'repeatedKeywordPattern: checked below, built' },
  // Only compiled, to refuse a game file whose pattern does not parse; it never runs on any text here.
  { file: 'app/load-game-file.ts', call: 'new RegExp(game.options.phasePost)', why: 'validation only' },
  // The moderator's own pattern from the game file (R-P7), tried only on the moderator's own posts (timeline.ts,
  // post-rules.ts: `isModerator`): the pattern and the text it reads come from the same person, the desk's user.
  {
    file: 'machine/options.ts',
    call: 'new RegExp(o.phasePost',
    why: "the moderator's phasePost, on the moderator's posts",
  },
];

/** Literal patterns exempt from the check, with why. None: every literal in src/ is proven linear. */
const ALLOWED_LITERALS: { where: string; source: string; why: string }[] = [];

describe('linear-time reading (issue 14 item 1)', () => {
  const all = sources(src).flatMap((file) => patternsIn(relative(src, file), readFileSync(file, 'utf8')));

  it('reads patterns as the TypeScript parser does: in templates, after `)`, beside `//` and divisions', () => {
    const sample = [
      'const a = x / 2 / y; // not /a regex/',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text, not a template
      'const b = `[url=${u.replace(/[[\\]\\s]/g, encodeURIComponent)}]`;',
      "const c = s.replace(/^https?:\\/\\//, '');",
      'if (/\\/\\/b/.test(s)) f(/*/ comment /*/ 1);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text, not a template
      "const d = new RegExp('a+b', 'g'); const e = new RegExp(`x${y}`);",
      'const f = (n) / 3; const g = [/[/]/u, /=/];',
    ].join('\n');
    expect(patternsIn('sample.ts', sample).map((p) => [p.where, p.source, p.flags])).toEqual([
      ['sample.ts:2', '[[\\]\\s]', 'g'],
      ['sample.ts:3', '^https?:\\/\\/', ''],
      ['sample.ts:4', '\\/\\/b', ''],
      ['sample.ts:5', 'a+b', 'g'],
      ['sample.ts:5', null, ''],
      ['sample.ts:6', '[/]', 'u'],
      ['sample.ts:6', '=', ''],
    ]);
  });

  it('every regular expression literal and literal `new RegExp` in src/ is linear', () => {
    const literal = all.filter((p) => p.source !== null);
    expect(literal.length).toBeGreaterThan(250);
    const allowed = new Set(ALLOWED_LITERALS.map((a) => `${a.where} ${a.source}`));
    const bad = literal
      .filter((p) => !allowed.has(`${p.where} ${p.source}`))
      .map((p) => ({ ...p, status: verdict(p.source as string, p.flags) }))
      .filter((p) => p.status !== 'safe');
    expect(bad.map((p) => `${p.where} /${p.source}/${p.flags}: ${p.status}`)).toEqual([]);
  }, 600_000);

  it('every RegExp built at run time is listed (checked as built, or why it may not be)', () => {
    const built = all.filter((p) => p.source === null);
    const listed = (p: Found) => BUILT.some((b) => p.where.startsWith(`${b.file}:`) && p.text.startsWith(b.call));
    expect(built.filter((p) => !listed(p)).map((p) => `${p.where} ${p.text}`)).toEqual([]);
    const stale = BUILT.filter(
      (b) => !built.some((p) => p.where.startsWith(`${b.file}:`) && p.text.startsWith(b.call)),
    );
    expect(stale).toEqual([]);
  });

  it('every pattern the parser builds at run time is linear', () => {
    const built: RegExp[] = [LEADING_KEYWORD, MENTIONS_KEYWORD, RESET_NOW];
    for (const channel of ['thread', 'pm'] as const) {
      const kinds = kindsFor(channel);
      const { next, afterUnvote } = splittersFor(kinds);
      built.push(next, afterUnvote, ...[...kinds].map((k: ActionKind) => repeatedKeywordPattern(k)));
    }
    const bad = built
      .map((re) => `/${re.source}/${re.flags}: ${verdict(re.source, re.flags)}`)
      .filter((s) => !s.endsWith(': safe'));
    expect(bad).toEqual([]);
  }, 120_000);

  it('the checker does find the super-linear patterns this code used to have', () => {
    // Two more it found (`Last edited by .*? on (.+?), edited …` and `\[(\/?)quote\b[^\]\n]{0,200}\]`) take it
    // 4-5 s each, most of this file's time in CI: the eight here prove the checker works as well.
    const old = [
      ['[\\s.,;:!?…"“”*~`_=+|]+$', 'u'],
      ['([\\p{L}\\p{N}]*)(vote|unvote)(?![\\p{L}\\p{N}])', 'iu'],
      ['[,;.|]\\s*#*\\s*(?:vote|unvote)(?![\\p{L}\\p{N}])', 'iu'],
      ['<[^>]*>', 'g'],
      ['^-+|-+$', 'g'],
      ['\\[(\\/?)([a-z*]+)(?:=([^\\]\\n]*))?\\]', 'gi'],
      ['^([A-Za-z-]+)\\s*:\\s*(.*)$', ''],
      ['^(.*?)[\\s,:;=-]+(town|townie|mafia|maf|scum|sk|serial[\\s-]*killer)\\s*$', 'i'],
    ];
    for (const [source, flags] of old) expect(verdict(source as string, flags as string), source).toMatch(/vulnerable/);
  }, 300_000);
});
