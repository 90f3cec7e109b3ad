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

// Every pattern below runs on one line made single-spaced (`oneSpaced`), so none has two runs of spaces to share
// (test/linear-regex.test.ts): optional single spaces, and plain string scans where a pattern would backtrack.
const oneSpaced = (s: string) => s.replace(/\s+/g, ' ').trim();

/** `(3)`, `[3]`: the number of votes a line states. */
const MARKER = /[([] ?(\d{1,2}) ?[)\]]/;
/** Every `(3)` of a line. */
const MARKERS = /[([] ?(\d{1,2}) ?[)\]]/g;
/** `Bob - 3 - Ann`, `Bob: 3 (Ann)`: the number after a dash or colon. */
const DASHED = /(?:^|[ \w])[-–—:] ?(\d{1,2})(?![\d:])/;
/** A table's number column, `Bob      2  Ann` (the line's own spacing, tabs as spaces): where its spaces start. */
function column(table: string): { at: number; end: number; n: number } | null {
  for (let i = table.indexOf('  '); i > 0; i = table.indexOf('  ', i)) {
    let j = i;
    while (table[j] === ' ') j += 1;
    const digits = /^\d{1,2}(?= |$)/.exec(table.slice(j, j + 3));
    if (digits) return { at: i, end: j + digits[0].length, n: Number(digits[0]) };
    i = j;
  }
  return null;
}
/** A line's note of the distance to a lynch, wherever it sits: `(L-2)`, `[L~4]`, `<-- L-1`. */
const L_NOTE = /[([] ?L ?[-~] ?\d{1,2} ?!* ?[)\]]|<-+ ?L ?[-~] ?\d{1,2}!*/gi;
const NUMBERING = /^(?:\d{1,2} ?[.)] |[-*•·] )/;
/** What a line may say after its last voter: `L-1`, `<--`, `lynched`. */
const TAIL_WORD = /^(?:<-+|L[-~]\d{1,2}!*|lynched!*|hammered!*|is|!+|-+)$/i;
const SEPARATORS = ' :-–—';

function trimChars(s: string, chars: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && chars.includes(s[a] as string)) a += 1;
  while (b > a && chars.includes(s[b - 1] as string)) b -= 1;
  return s.slice(a, b);
}

const NOT_VOTING_HEADS = ['players not voting', 'not voting', 'notvoting', 'not-voting'];

/** Reads a count post's wagons and `Not voting` line as written; no line that looks like a wagon, no wagons. */
export function readWrittenCount(html: string): WrittenCount {
  const wagons: WrittenWagon[] = [];
  let notVoting: string[] | null = null;
  for (const raw of countLines(html)) {
    const text = oneSpaced(raw);
    if (text.length > 400) continue;
    const lower = text.toLowerCase();
    const head = NOT_VOTING_HEADS.find((h) => lower.startsWith(h) && !/[a-z]/.test(lower[h.length] ?? ''));
    if (head) {
      let rest = trimChars(text.slice(head.length), SEPARATORS);
      const count = MARKER.exec(rest);
      if (count && count.index === 0) rest = trimChars(rest.slice(count[0].length), SEPARATORS);
      if (notVoting === null) notVoting = splitNames(rest);
      continue;
    }
    for (const part of wagonRun(text)) {
      const w = wagonLine(part, raw);
      if (w) wagons.push(w);
    }
  }
  return { wagons, notVoting };
}

/** `Bob (2) Ann, Cy, Dee (1) Eve`: two wagons a missing line break ran together, cut at the comma before the second. */
function wagonRun(text: string): string[] {
  const marks = [...text.matchAll(MARKERS)];
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

function wagonLine(part: string, raw: string): WrittenWagon | null {
  const line = part.replace(NUMBERING, '');
  const text = oneSpaced(line.replace(L_NOTE, ' '));
  const noted = text !== oneSpaced(line);
  const wagon = (target: string, rest: string, stated: number | null, loose = false): WrittenWagon | null => {
    const t = cleanTarget(target);
    if (!t || t.length > 40) return null;
    return {
      target: t,
      voters: splitNames(trimChars(rest, SEPARATORS)),
      stated,
      line,
      ...(loose ? { loose: true as const } : {}),
    };
  };
  const marker = MARKER.exec(text);
  if (marker && marker.index > 0)
    return wagon(text.slice(0, marker.index), text.slice(marker.index + marker[0].length), Number(marker[1]));
  const dashed = DASHED.exec(text);
  if (dashed && dashed.index > 0) {
    const at = dashed.index + (dashed[0].length - dashed[0].trimStart().length);
    return wagon(text.slice(0, at), text.slice(dashed.index + dashed[0].length), Number(dashed[1]));
  }
  // A table keeps its own spacing: only a line that is the whole raw line (not a piece of a run) is one.
  const table = raw.replace(/\t/g, '    ').replace(NUMBERING, '').replace(L_NOTE, ' ').trim();
  const col = part === oneSpaced(raw) ? column(table) : null;
  if (col) return wagon(table.slice(0, col.at), table.slice(col.end), col.n);
  // No number: `Bob: Ann`, `Bob (L-2): Ann` (its note cut out above), `[L~4] Bob - [Ann]`. A hyphen splits only
  // with a space before it (`Dry-Fit - Ann` names Dry-Fit).
  const cut = firstSeparator(text);
  if (cut === null) return null;
  return wagon(text.slice(0, cut.at), text.slice(cut.at + cut.length), null, !noted);
}

function firstSeparator(text: string): { at: number; length: number } | null {
  for (let i = 1; i < text.length; i += 1) {
    const c = text[i];
    if (c === ':' || c === '–' || c === '—') return { at: i, length: 1 };
    if (c === '-' && text[i - 1] === ' ') return { at: i, length: 1 };
  }
  return null;
}

const TARGET_ASIDES = ['(replac', '(formerly', '(aka', '(was ', '(subbed', '(in for'];

function cleanTarget(s: string): string {
  const lower = s.toLowerCase();
  const aside = Math.min(...TARGET_ASIDES.map((a) => lower.indexOf(a)).filter((i) => i >= 0), s.length);
  return trimChars(s.slice(0, aside), ' :-–—[]()');
}

/** The voters of a line: split at `,` `;` `/` `&` and `and`; brackets and a trailing `L-2` note dropped. */
export function splitNames(s: string): string[] {
  return oneSpaced(s)
    .split(/[,;/&]/)
    .flatMap((piece) => piece.split(/ and /i))
    .map((n) => {
      const words = n.trim().split(' ');
      while (words.length > 1 && TAIL_WORD.test(words[words.length - 1] as string)) words.pop();
      return trimChars(words.join(' '), ' "\'([{)]}.!*');
    })
    .filter((n) => n !== '' && !/^(?:none|nobody|no one|-+)$/i.test(n));
}
