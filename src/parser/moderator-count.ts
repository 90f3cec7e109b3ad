import { Parser } from 'htmlparser2';
import { isBlock, isExcluded, styleOf } from './exclusions.js';

// H-VC6 (docs/rules/house-rules.md): the wagons of a count a moderator wrote by hand, as the text lists them. Names
// stay as written; the machine reads them against the roster (machine/house-rules/count-check.ts). The layouts are
// the ones of the real MafiaScum counts in ../shared/eval-data: `Bob (3): Ann, Cy, Dee`, `Bob [3] - Ann`,
// `Bob - 3 (Ann, Cy)`, `Bob (L-2): Ann`, `[L-4] Bob - [Ann, Cy]`, `1. Bob -2 (Ann, Cy)`, a table `Bob    2  Ann, Cy`,
// `Not voting (2): Eve, Finn`. Struck-through names (a count's vote history) and quoted or spoilered text are not
// the count.

/** One wagon line of the count: its target and voters as written. */
export interface WrittenWagon {
  target: string;
  voters: string[];
  /** The number the line states (`(3)`, `- 3 -`), or null (`L-2` only, or no number). */
  stated: number | null;
  /** The line as read, struck names left out. */
  line: string;
  /** Neither a number nor an L-n note: a wagon only if every name in it reads as a player (else prose). */
  loose?: true;
}

export interface WrittenCount {
  wagons: WrittenWagon[];
  /** The `Not voting` line's names, or null when the count has none. */
  notVoting: string[] | null;
}

/** A post laid out as a count even without a heading: wagon lines and a `Not voting` line. */
export function looksLikeCount(c: WrittenCount): boolean {
  return c.notVoting !== null && c.wagons.length > 0;
}

/** The count's lines, struck-through text left out (a `,` in its place keeps the names on either side apart). */
function countLines(html: string): string[] {
  const lines: string[] = [''];
  const stack: { excluded: boolean; struck: boolean; block: boolean }[] = [];
  let excluded = 0;
  let struck = 0;
  const newLine = () => {
    if (lines[lines.length - 1]!.trim()) lines.push('');
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const style = styleOf(attribs);
        const ex = isExcluded(name, attribs, style);
        const st = name === 's' || name === 'strike' || name === 'del' || /line-through/.test(style);
        const block = name === 'br' || isBlock(name, style) || name === 'li' || name === 'tr';
        if (block) newLine();
        if (ex) excluded += 1;
        if (st) struck += 1;
        stack.push({ excluded: ex, struck: st, block });
      },
      ontext(text) {
        if (excluded > 0) return;
        lines[lines.length - 1] += struck > 0 ? ', ' : text.replace(/\u00a0/g, ' ');
      },
      onclosetag() {
        const top = stack.pop();
        if (top?.excluded) excluded -= 1;
        if (top?.struck) struck -= 1;
        if (top?.block) newLine();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return lines.map((l) => l.replace(/\r/g, '')).filter((l) => l.trim());
}

const NOT_VOTING = /^\s*(?:players\s+)?not\s*voting\b\s*(?:\(\s*\d+\s*\))?\s*[:\-–—]?\s*(.*)$/i;
const DASH = '[-–—:]';
// The number of votes a line states, in its forms: `(3)`, `[3]`, `- 3`, or a table's column.
const STATED = [
  new RegExp(
    `^(.+?)\\s*[([]\\s*(\\d{1,2})\\s*[)\\]]\\s*(?:[([]\\s*L\\s*[-~]\\s*\\d+\\s*[)\\]]\\s*)?${DASH}?\\s*(.*)$`,
    'i',
  ),
  new RegExp(`^(.+?)\\s*${DASH}\\s*(\\d{1,2})\\b\\s*(?:${DASH}\\s*)?(.*)$`, 'i'),
  /^(\S.*?\S)\s{2,}(\d{1,2})\s+(.*)$/,
];
// No number: `Bob: Ann`, or only the distance to a lynch (cut out before): `Bob (L-2): Ann`, `[L~4] Bob - [Ann]`.
// A hyphen only with a space before it: `Dry-Fit - Ann` names Dry-Fit.
const L_ONLY = /^(.+?)(?:\s+[-–—]|\s*[:–—])\s*(.*)$/;
const NUMBERING = /^\s*(?:\d{1,2}\s*[.)]\s+|[-*•·]\s+)/;
// What a line says after its voters: `(L-2)`, `<-- L-1`, `- (L-1)`, `L-1!`, `LYNCHED`.
const TAIL =
  /\s*(?:[-–—]\s*)?(?:<-+\s*)?[([]?\s*(?:L\s*[-~]\s*\d+|lynched|hammered|is lynched)\s*!*\s*[)\]]?\s*!*\s*$/i;

/** Reads a count post's wagons and `Not voting` line as written; no line that looks like a wagon, no wagons. */
export function readWrittenCount(html: string): WrittenCount {
  const wagons: WrittenWagon[] = [];
  let notVoting: string[] | null = null;
  for (const raw of countLines(html)) {
    const text = raw.replace(/\t/g, '    ').trimEnd();
    const nv = NOT_VOTING.exec(text.replace(/\s+/g, ' '));
    if (nv) {
      if (notVoting === null) notVoting = splitNames(nv[1] ?? '');
      continue;
    }
    for (const part of wagonRun(text)) {
      const w = wagonLine(part);
      if (w) wagons.push(w);
    }
  }
  return { wagons, notVoting };
}

// A line's note of the distance to a lynch, wherever it sits: `(L-2)`, `[L~4]`, `<-- L-1`.
const L_NOTE = /(?:<-+\s*)?[([]\s*L\s*[-~]\s*\d+\s*!*\s*[)\]]|<-+\s*L\s*[-~]\s*\d+!*/gi;

const MARKER = /[([]\s*\d{1,2}\s*[)\]]/g;

/** `Bob (2) Ann, Cy, Dee (1) Eve`: two wagons a missing line break ran together, cut at the comma before the second. */
function wagonRun(text: string): string[] {
  const marks = [...text.matchAll(MARKER)];
  if (marks.length < 2) return [text];
  const parts: string[] = [];
  let start = 0;
  let after = (marks[0]?.index ?? 0) + (marks[0]?.[0].length ?? 0);
  for (const m of marks.slice(1)) {
    const cut = text.lastIndexOf(',', m.index);
    if (cut > after) {
      parts.push(text.slice(start, cut));
      start = cut + 1;
    }
    after = (m.index ?? 0) + m[0].length;
  }
  parts.push(text.slice(start));
  return parts;
}

function wagonLine(raw: string): WrittenWagon | null {
  const numbered = raw.replace(NUMBERING, '');
  // `[L-4] Bob - Ann`: the note first.
  const table = numbered.replace(L_NOTE, ' ');
  const text = table.replace(/\s+/g, ' ').trim();
  const line = numbered.replace(/\s+/g, ' ').trim();
  if (text.length > 400) return null;
  for (const [i, re] of STATED.entries()) {
    const m = re.exec(i === 2 ? table.trim() : text);
    if (!m) continue;
    const target = cleanTarget(m[1] ?? '');
    if (!target) continue;
    return { target, voters: splitNames(m[3] ?? ''), stated: Number(m[2]), line };
  }
  const l = L_ONLY.exec(text);
  const target = l && cleanTarget(l[1] ?? '');
  if (!l || !target || target.length > 40) return null;
  // Without a number or an L-n note, `Bob: Ann, Cy` is a wagon only if every name in it is a player's.
  return { target, voters: splitNames(l[2] ?? ''), stated: null, line, ...(table === numbered ? { loose: true } : {}) };
}

function cleanTarget(s: string): string {
  return s
    .replace(/\s*\((?:replac|formerly|aka|was\b|subbed|in for)[^)]*\)?/gi, '')
    .replace(/[\s:\-–—]+$/, '')
    .replace(/^[\s[(]+|[\s\])]+$/g, '')
    .trim();
}

/** The voters of a line: split at `,` `;` `/` `&` and `and`; brackets and a trailing `L-2` note dropped. */
export function splitNames(s: string): string[] {
  let rest = s.trim();
  for (let i = 0; i < 3 && TAIL.test(rest); i += 1) rest = rest.replace(TAIL, '');
  rest = rest.replace(/^[\s([{]+|[\s)\]}]+$/g, '');
  return rest
    .split(/\s*(?:[,;/&]|\band\b)\s*/i)
    .map((n) => n.replace(/^[\s"'([{]+|[\s"')\]}.!*]+$/g, '').trim())
    .filter((n) => n !== '' && !/^(?:none|nobody|no one|-+)$/i.test(n));
}
