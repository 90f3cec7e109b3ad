import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { ActionKind } from '../src/domain/action.js';
import { repeatedKeywordPattern } from '../src/parser/argument.js';
import { kindsFor, LEADING_KEYWORD } from '../src/parser/keywords.js';
import { splittersFor } from '../src/parser/read-line.js';
import { RESET_NOW } from '../src/parser/vote-reset.js';

// Issue 14 item 1: every pattern applied to post text runs in linear time. recheck (a ReDoS checker that also
// finds polynomial backtracking, not only the exponential kind) judges each one: the regex literals of the
// parser and of the machine files that read post text, and the patterns the parser builds at run time.
const src = fileURLToPath(new URL('../src/', import.meta.url));
const MACHINE_FILES = ['post-rules.ts', 'post-flags.ts', 'roster.ts', 'vote-reading.ts'];
const files = [
  ...readdirSync(join(src, 'parser'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(src, 'parser', f)),
  ...MACHINE_FILES.map((f) => join(src, 'machine', f)),
];

/** Tokens after which a `/` starts a regex literal rather than a division. */
const BEFORE_REGEX = new Set([
  ts.SyntaxKind.OpenParenToken,
  ts.SyntaxKind.CommaToken,
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.ColonToken,
  ts.SyntaxKind.OpenBracketToken,
  ts.SyntaxKind.ExclamationToken,
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.QuestionToken,
  ts.SyntaxKind.ReturnKeyword,
  ts.SyntaxKind.OpenBraceToken,
  ts.SyntaxKind.SemicolonToken,
]);
const TRIVIA = new Set([
  ts.SyntaxKind.WhitespaceTrivia,
  ts.SyntaxKind.NewLineTrivia,
  ts.SyntaxKind.SingleLineCommentTrivia,
  ts.SyntaxKind.MultiLineCommentTrivia,
]);

function literals(file: string): { source: string; flags: string; where: string }[] {
  const text = readFileSync(file, 'utf8');
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const found: { source: string; flags: string; where: string }[] = [];
  let prev: ts.SyntaxKind | undefined;
  for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan()) {
    if ((t === ts.SyntaxKind.SlashToken || t === ts.SyntaxKind.SlashEqualsToken) && (!prev || BEFORE_REGEX.has(prev))) {
      t = scanner.reScanSlashToken();
    }
    if (t === ts.SyntaxKind.RegularExpressionLiteral) {
      const token = scanner.getTokenText();
      const end = token.lastIndexOf('/');
      const line = text.slice(0, scanner.getTokenStart()).split('\n').length;
      found.push({
        source: token.slice(1, end),
        flags: token.slice(end + 1),
        where: `${file.slice(src.length)}:${line}`,
      });
    }
    if (!TRIVIA.has(t)) prev = t;
  }
  return found;
}

function verdict(source: string, flags: string): string {
  // `g`/`y` change where matching starts, not how it backtracks.
  const r = checkSync(source, flags.replace(/[gy]/g, ''), { timeout: 10_000 });
  return r.status === 'vulnerable' ? `vulnerable (${r.complexity.type})` : r.status;
}

describe('linear-time reading (issue 14 item 1)', () => {
  it('every regex literal in the parser and the post-reading machine files is linear', () => {
    const all = files.flatMap(literals);
    expect(all.length).toBeGreaterThan(30);
    const bad = all.map((r) => ({ ...r, status: verdict(r.source, r.flags) })).filter((r) => r.status !== 'safe');
    expect(bad.map((r) => `${r.where} /${r.source}/${r.flags}: ${r.status}`)).toEqual([]);
  }, 120_000);

  it('every pattern the parser builds at run time is linear', () => {
    const built: RegExp[] = [LEADING_KEYWORD, RESET_NOW];
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

  it('the checker does find the quadratic patterns this parser used to have', () => {
    expect(verdict('[\\s.,;:!?…"“”*~`_=+|]+$', 'u')).toMatch(/vulnerable/);
    expect(verdict('([\\p{L}\\p{N}]*)(vote|unvote)(?![\\p{L}\\p{N}])', 'iu')).toMatch(/vulnerable/);
    expect(verdict('[,;.|]\\s*#*\\s*(?:vote|unvote)(?![\\p{L}\\p{N}])', 'iu')).toMatch(/vulnerable/);
  }, 60_000);
});
