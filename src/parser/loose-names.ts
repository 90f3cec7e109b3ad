import damerau from 'damerau-levenshtein';
import type { MatchStep, NameMatch } from '../domain/action.js';
import { STOP_WORDS } from './name-words.js';

/** What the loose readings need of an indexed name (see resolve-name.ts). */
export interface LooseName {
  slot: number;
  norm: string;
  /** Letters that start a word of the name (`e`, `p`, `m` in evilpacmanx), by position in `norm`. */
  wordStarts: ReadonlySet<number>;
  /** Words of the name as written, 5 letters or more (`harbour` in Old Harbour), for N17. */
  parts: readonly string[];
  /** The name's words, each way of cutting it with 2 words or more (name-words.ts `wordSplits`), for N35. */
  splits: readonly (readonly string[])[];
}

/** Readings N9…N13 of docs/readings.md: each counts, flagged, only when exactly one slot fits. */
const MIN_PART = 4;

/** Edits between two texts, a swap of two neighbouring letters counting one (`Micheal` for Michael). */
export function distance(a: string, b: string): number {
  return (damerau(a, b) as { steps: number }).steps;
}

/** `chefnachos` holds `nachos`: an argument of 4+ letters inside exactly one name (N9). */
export function byPart(arg: string, names: readonly LooseName[]): NameMatch | null {
  if (arg.length === MIN_PART - 1) return byWordStart(arg, names);
  if (arg.length < MIN_PART) return null;
  const plural = arg.endsWith('s') && arg.length > MIN_PART ? arg.slice(0, -1) : null;
  return unique(
    names.filter((n) => n.norm.includes(arg) || (plural !== null && n.norm.includes(plural))),
    'part',
    'a part of the name',
  );
}

/** N18: three letters that start a word inside one name, not its first (`Pen` for greypenguin7). */
function byWordStart(arg: string, names: readonly LooseName[]): NameMatch | null {
  return unique(
    names.filter((n) => [...n.wordStarts].some((at) => at > 0 && n.norm.startsWith(arg, at))),
    'part',
    'the start of a word inside the name',
  );
}

/** `Sirplatonicus` holds platonicus: the longest name of 4+ letters inside the argument (N10). */
export function byContainedName(arg: string, names: readonly LooseName[]): NameMatch | null {
  let best = 0;
  let fits: LooseName[] = [];
  for (const n of names) {
    if (n.norm.length < MIN_PART || !arg.includes(n.norm)) continue;
    if (n.norm.length > best) {
      best = n.norm.length;
      fits = [n];
    } else if (n.norm.length === best) fits.push(n);
  }
  return unique(fits, 'contains-name', 'the name inside longer text');
}

/**
 * `EPX` for evilpacmanx, `pjq` for projectquill (N11): the argument's letters in order inside the name, its
 * first letter the name's. Two letters must each start a word of the name (`ns` for notsolid).
 */
export function byAbbreviation(arg: string, names: readonly LooseName[]): NameMatch | null {
  if (arg.length < 2 || arg.length > 8) return null;
  return unique(
    names.filter((n) => isAbbreviation(arg, n)),
    'abbreviation',
    'letters of the name in order',
  );
}

function isAbbreviation(arg: string, n: LooseName): boolean {
  if (n.norm[0] !== arg[0] || n.norm.length <= arg.length) return false;
  // Two letters: the second starts any word of the name, not only at its first place (`ks` for kestrelsong).
  if (arg.length === 2 && n.wordStarts.size > 1) return [...n.wordStarts].some((s) => s > 0 && n.norm[s] === arg[1]);
  let at = 0;
  for (let i = 1; i < arg.length; i += 1) {
    at = n.norm.indexOf(arg[i] as string, at + 1);
    if (at < 0) return false;
    // N19: a name of one unbroken word has no word starts to check (`qz` for Quazel); its own start is N13's.
    if (arg.length === 2 && at === 1) return false;
  }
  return true;
}

/** Words players write into a name to say what they think of its player: `FOXscum`, `IronScum42`. */
const PUN_WORDS = /scum|town|mafia/u;

/**
 * N30, a name pun: `scum` (or `town`, `mafia`) written in for a part of one name or added to it. What is left
 * around it, 3 letters or more, must start and end exactly one name (`iron…42` for ironmonger42).
 */
export function byPun(arg: string, names: readonly LooseName[]): NameMatch | null {
  const m = PUN_WORDS.exec(arg);
  if (!m) return null;
  const before = arg.slice(0, m.index);
  const after = arg.slice(m.index + m[0].length);
  if (before.length + after.length < 3) return null;
  const fits = names.filter((n) =>
    before === ''
      ? n.norm.startsWith(after)
      : n.norm.startsWith(before) && n.norm.endsWith(after) && n.norm.length > before.length + after.length,
  );
  return unique(fits, 'pun', 'the name with "scum" or "town" written into it');
}

/** `oz` for Ozzymond (N13): two letters, written alone (`Mi--` is unfinished), that start exactly one name. */
export function byShortPrefix(text: string, arg: string, names: readonly LooseName[]): NameMatch | null {
  if (arg.length !== 2 || !/^\p{L}{2}$/u.test(text.trim())) return null;
  return unique(
    names.filter((n) => n.norm.startsWith(arg) && n.norm.length > 2),
    'short-prefix',
    'the first two letters of the name',
  );
}

/**
 * The nearest name by edit distance, transpositions counting one (N12): a whole name, or the start of a name as
 * long as the argument (`alem` for Alenimar, `DokeyMan` for DonkeyMan99). Allowed: a third of the argument's
 * letters (at least 1), and the runner-up at least 2 further (1 for a single edit, N34); repeated letters are read once
 * (`Redddfooox`).
 */
export function byNearest(arg: string, names: readonly LooseName[]): NameMatch | null {
  if (arg.length < 3) return null;
  const squeezed = squeeze(arg);
  const allowed = Math.max(1, Math.floor(arg.length / 3));
  const bySlot = new Map<number, number>();
  for (const n of names) {
    let d = Math.min(distance(arg, n.norm), distance(squeezed, squeeze(n.norm)));
    if (arg.length >= 4) {
      for (let len = arg.length - 1; len <= arg.length + 1 && len < n.norm.length; len += 1) {
        d = Math.min(d, distance(arg, n.norm.slice(0, len)));
      }
    }
    // N17: one word of a several-word name, misspelt (`Harbor` for Old Harbour).
    for (const part of arg.length >= 5 ? n.parts : []) {
      if (Math.abs(part.length - arg.length) <= 1) d = Math.min(d, distance(arg, part));
    }
    const prev = bySlot.get(n.slot);
    if (prev === undefined || d < prev) bySlot.set(n.slot, d);
  }
  const ranked = [...bySlot].sort((a, b) => a[1] - b[1]);
  const [first, second] = ranked;
  if (!first || first[1] > allowed) return null;
  const margin = second ? second[1] - first[1] : Number.POSITIVE_INFINITY;
  // N34: one edit on 4+ letters is close enough that a runner-up one edit further leaves no doubt (`yuro`, `anem`).
  if (margin < (first[1] === 1 && arg.length >= MIN_PART ? 1 : 2)) return null;
  return {
    kind: 'player',
    slot: first[0],
    via: 'nearest',
    doubt: {
      reason: `nearest spelling, ${first[1]} edit${first[1] === 1 ? '' : 's'} away`,
      distance: first[1],
      ...(second ? { runnerUp: second[0], margin } : {}),
    },
  };
}

/**
 * N33, a remark run into a name (`Lampbutt` for oillamps, `zTigerCrow` for zTigerMan, `marmal-whatever` for
 * Marmalader): the longest start of the argument, 4+ letters, that starts a name or lies inside one, when nothing
 * else read it, and the rest is not another name's. Three letters are too few (`IcyNinja` is not IcyGuy's).
 */
export function byRunOn(arg: string, names: readonly LooseName[]): NameMatch | null {
  for (let len = arg.length - 1; len >= MIN_PART; len -= 1) {
    const head = arg.slice(0, len);
    const fits = names.filter((n) => n.norm.length > len && n.norm.includes(head));
    if (fits.length === 0) continue;
    // Two names run together (`Klingsalam` for Klingonx and Salamx) read neither.
    const rest = arg.slice(len);
    if (rest.length >= MIN_PART && names.some((n) => !fits.includes(n) && n.norm.includes(rest))) return null;
    return unique(fits, 'run-on', 'the start of the text, more run into it');
  }
  return null;
}

/**
 * N35, one word of a name swapped for another (`FIREpick` for FIREninja, `zToastPigeon` for zToastMan): as many
 * words as the name, all but one the same and in place, the kept ones 3+ letters that are not stop words nor `scum`,
 * `town`, `mafia` (`The Crab` keeps only `the` of The Quietfox). A start kept and an end kept can point at two players (`FireNinja` with FireGuy
 * and MegaNinja playing): then neither.
 */
export function bySwappedWord(
  argSplits: readonly (readonly string[])[],
  names: readonly LooseName[],
): NameMatch | null {
  let swap = '';
  const fits = names.filter((n) =>
    n.splits.some((w) =>
      argSplits.some((a) => {
        const found = swappedWord(a, w);
        if (found) swap = found;
        return found !== null;
      }),
    ),
  );
  return unique(fits, 'swapped-word', `the name with one word swapped: ${swap}`);
}

/** `pick for ninja` when `a` is `w` with one word swapped and enough kept (N35); null otherwise. */
function swappedWord(a: readonly string[], w: readonly string[]): string | null {
  if (a.length !== w.length) return null;
  let swap: string | null = null;
  let kept = 0;
  for (let i = 0; i < a.length; i += 1) {
    const word = a[i] as string;
    if (word !== w[i]) {
      if (swap !== null) return null;
      swap = `${word} for ${w[i]}`;
    } else if (!STOP_WORDS.has(word) && !PUN_WORDS.test(word)) kept += word.length;
  }
  return kept >= 3 ? swap : null;
}

function squeeze(text: string): string {
  return text.replace(/(.)\1+/gu, '$1');
}

function unique(fits: readonly LooseName[], via: MatchStep, reason: string): NameMatch | null {
  const slots = [...new Set(fits.map((n) => n.slot))].sort((a, b) => a - b);
  if (slots.length === 0) return null;
  if (slots.length > 1) return { kind: 'ambiguous', slots, via };
  return { kind: 'player', slot: slots[0] as number, via, doubt: { reason } };
}
