import type { MatchStep, NameMatch } from '../domain/action.js';
import { distance, type LooseName } from './loose-names.js';

/**
 * Nicknames made from a piece of a name (docs/readings.md N40–N47), tried after the other loose readings: each
 * counts only when one slot fits, and is flagged.
 */

/** The steps exact … initials on a normalized text (resolve-name.ts `byText`), or only the first `steps` of them. */
export type ReadText = (arg: string, steps?: number) => NameMatch;

/** Endings players add to a name's start or initials to make a nickname: `Aspy`, `Wickie`, `Tomey`. */
const NICKNAME_ENDINGS = ['ie', 'ey', 'y'];

/** N40: initials or the start of one name with a nickname ending (`Aspy` for A Silent Pike: ASP + y). */
export function bySuffix(arg: string, readText: ReadText): NameMatch | null {
  for (const ending of NICKNAME_ENDINGS) {
    const stem = arg.slice(0, -ending.length);
    if (!arg.endsWith(ending) || stem.length < 3) continue;
    const m = readText(stem);
    if (m.kind !== 'player' || (m.via !== 'initials' && m.via !== 'prefix')) continue;
    const what = m.via === 'initials' ? 'the initials' : 'the start';
    return flagged(m.slot, 'suffixed', `${what} of the name with a nickname ending "-${ending}"`);
  }
  return null;
}

/**
 * N42: a name stretched for emphasis, a letter or a syllable of up to 3 letters repeated 3+ times, read with each
 * repeat once (`kakakakarimimim` → `karim`, a prefix of Karimbo77).
 */
export function byStretched(arg: string, readText: ReadText): NameMatch | null {
  const collapsed = collapseRepeats(arg);
  if (collapsed === arg || collapsed.length < 3) return null;
  const m = readText(collapsed);
  if (m.kind !== 'player') return null;
  return flagged(m.slot, 'stretched', `the name stretched: ${collapsed} with letters repeated`);
}

/** Each run of a unit of 1–3 letters repeated 3+ times written once (no regular expression: no backtracking). */
export function collapseRepeats(text: string): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    let taken = false;
    for (let unit = 1; unit <= 3 && !taken; unit += 1) {
      const piece = text.slice(at, at + unit);
      if (piece.length < unit) break;
      let times = 1;
      while (text.startsWith(piece, at + times * unit)) times += 1;
      if (times >= 3) {
        out += piece;
        at += times * unit;
        taken = true;
      }
    }
    if (!taken) {
      out += text[at];
      at += 1;
    }
  }
  return out;
}

/** N47: a name (or its inner name, N37) spelt backwards, 4+ letters (`Nodnol` for London). */
export function byReversed(arg: string, readText: ReadText): NameMatch | null {
  if (arg.length < 4) return null;
  const m = readText([...arg].reverse().join(''), 2);
  if (m.kind !== 'player') return null;
  return flagged(m.slot, 'reversed', 'the name spelt backwards');
}

/**
 * N43: a name of 3+ words matched word by word: as many words, in place, at least half of them the same, and each
 * other word a near spelling (2 edits, at most half its letters) or a short form (`gf` for girlfriend: its letters
 * in order, the first the same). `Stat Away My Good Gf` for stay away my good girlfriend.
 */
export function byWordByWord(argSplits: readonly (readonly string[])[], names: readonly LooseName[]): NameMatch | null {
  const slots = new Set(
    names.filter((n) => n.splits.some((w) => argSplits.some((a) => matchesWordByWord(a, w)))).map((n) => n.slot),
  );
  if (slots.size !== 1) return null;
  return flagged([...slots][0] as number, 'word-by-word', 'the name matched word by word');
}

function matchesWordByWord(a: readonly string[], w: readonly string[]): boolean {
  if (a.length < 3 || a.length !== w.length) return false;
  let same = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] as string;
    const y = w[i] as string;
    if (x === y) same += 1;
    else if (!nearWord(x, y)) return false;
  }
  return same < a.length && same * 2 >= a.length;
}

function nearWord(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length >= 2 && short[0] === long[0] && inOrder(short, long)) return true;
  if (short.length < 3) return false;
  const d = distance(x, y);
  return d <= 2 && d * 2 <= long.length;
}

function inOrder(short: string, long: string): boolean {
  let at = 0;
  for (const ch of short) {
    at = long.indexOf(ch, at);
    if (at < 0) return false;
    at += 1;
  }
  return true;
}

/** Words that stand for no one alone, even when a name holds them (`a` of A Silent Pike). */
const ARTICLES = new Set(['a', 'an', 'the']);

/**
 * N46: the argument is a whole word of exactly one name, of any length, stop words too (`Z` for z42, `Me` for Me+Odd,
 * `Is` for Life Is Good), when no other step read it; never an article.
 */
export function byWholeWord(
  arg: string,
  names: readonly (LooseName & { allWords: ReadonlySet<string> })[],
): NameMatch | null {
  if (ARTICLES.has(arg)) return null;
  const slots = new Set(names.filter((n) => n.allWords.has(arg)).map((n) => n.slot));
  if (slots.size !== 1) return null;
  return flagged([...slots][0] as number, 'word', 'a whole word of the name, short or common');
}

function flagged(slot: number, via: MatchStep, reason: string): NameMatch {
  return { kind: 'player', slot, via, doubt: { reason } };
}
