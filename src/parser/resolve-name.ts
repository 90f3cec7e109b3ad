import { distance as levenshtein } from 'fastest-levenshtein';
import type { MatchStep, NameMatch, RosterName } from '../domain/action.js';
import { isNoLynch } from './argument.js';
import {
  byAbbreviation,
  byContainedName,
  byNearest,
  byPart,
  byPun,
  byRunOn,
  byShortPrefix,
  bySwappedWord,
  distance,
  type LooseName,
} from './loose-names.js';
import {
  foldLookalikes,
  nameReadings,
  nameWords,
  neededFolding,
  normalizeName,
  STOP_WORDS,
  symbolName,
  unwrapName,
  wordSplits,
} from './name-words.js';
import { byReversed, byStretched, bySuffix, byWholeWord, byWordByWord } from './nickname-names.js';
import { englishWords } from './word-list.js';

interface IndexedName extends LooseName {
  /** The name as the game file spells it. */
  name: string;
  isAlias: boolean;
  /** `normalizeName(name)`. */
  norm: string;
  /** Words of the name, and runs of neighbouring words, of 3 letters or more (`rat`, `fuzzylogic`). */
  words: ReadonlySet<string>;
  /** First letters of each reading of the name with two words or more (`sb`, `tmh`, `tmhs`). */
  initials: ReadonlySet<string>;
  /** The same initials of 3 letters or more, letters sorted: `IASW` typed for I Always Win Sometimes. */
  scrambled: ReadonlySet<string>;
  /** Each word of a name of 2+ words, stop words apart (`soze` of Kaiser Soze): N36's rivals. */
  wholeWords: ReadonlySet<string>;
  /** Every word of the name, split at spaces, symbols, digits and case changes, short and stop words too (N46). */
  allWords: ReadonlySet<string>;
}

/** The roster prepared once for many look-ups: normalized forms, words and initials of every name. */
export interface NameIndex {
  readonly names: readonly IndexedName[];
  /** Answers already given, by argument: the engine asks again for every repeated vote. */
  readonly cache: Map<string, NameMatch>;
}

const CACHE_LIMIT = 20_000;
const MIN_TEXT = 3;
const MIN_EDIT = 4;
const MAX_EDIT = 2;

export function buildNameIndex(given: readonly RosterName[]): NameIndex {
  const names: IndexedName[] = [];
  // N37: a wrapped name is also indexed without its wrapper, so its words, start and initials read (`SN`).
  const roster = given.flatMap((entry) => {
    const core = unwrapName(entry.name);
    return core === null ? [entry] : [entry, { ...entry, name: core }];
  });
  for (const entry of roster) {
    // N38: a name of symbols alone keeps them; it can share nothing with an argument that has letters or digits.
    const norm = normalizeName(entry.name) || symbolName(entry.name);
    if (norm === '') continue;
    const words = new Set<string>();
    const initials = new Set<string>();
    for (const reading of nameReadings(entry.name)) {
      for (let i = 0; i < reading.length; i += 1) {
        let run = '';
        for (let j = i; j < reading.length; j += 1) {
          run += reading[j];
          if (run.length >= MIN_TEXT) words.add(run);
        }
      }
      if (reading.length >= 2) initials.add(reading.map((w) => w[0]).join(''));
    }
    const scrambled = new Set([...initials].filter((i) => i.length >= 3).map(sortLetters));
    const wordStarts = new Set<number>();
    for (const reading of nameReadings(entry.name)) {
      let at = 0;
      for (const w of reading) {
        wordStarts.add(at);
        at += w.length;
      }
      // Initials without a leading article: `GB` for The Goodbaker.
      if (reading.length >= 3 && STOP_WORDS.has(reading[0] as string))
        initials.add(
          reading
            .slice(1)
            .map((w) => w[0])
            .join(''),
        );
    }
    // A dictionary word that ends the name starts a word too: `quietstorm`, `lastwizard` (the rest is not listed).
    let letters = norm.length;
    while (letters > 0 && (norm[letters - 1] as string) >= '0' && (norm[letters - 1] as string) <= '9') letters -= 1;
    for (let at = 1; at + MIN_TEXT <= letters; at += 1) {
      if (englishWords().has(norm.slice(at, letters))) wordStarts.add(at);
    }
    // N45: digits split a name into words: `th3vorlan` has a word at `vorlan` (N18 reads `vor` there).
    for (let at = 1; at < norm.length; at += 1) {
      if (isDigit(norm[at - 1] as string) && !isDigit(norm[at] as string)) wordStarts.add(at);
    }
    // And one that starts it ends a word: `evil|pacman` (N18 reads `pac` there).
    for (let at = MIN_TEXT + 1; at + MIN_TEXT <= letters; at += 1) {
      if (englishWords().has(norm.slice(0, at))) wordStarts.add(at);
    }
    const split = nameWords(entry.name);
    const wholeWords = new Set(split.length > 1 ? split.filter((w) => !STOP_WORDS.has(w)) : []);
    names.push({
      slot: entry.slot,
      name: entry.name,
      isAlias: entry.isAlias,
      norm,
      words,
      initials,
      scrambled,
      wholeWords,
      allWords: new Set(split),
      wordStarts,
      parts: nameWords(entry.name).length > 1 ? nameWords(entry.name).filter((w) => w.length >= 5) : [],
      splits: wordSplits(entry.name).filter((w) => w.length >= 2),
    });
  }
  return { names, cache: new Map() };
}

/**
 * Reads an argument as a player the way interfaces §2 orders it: no-lynch forms, exact name, alias,
 * prefix, a word of the name, initials, a name followed by other words, then edit distance. Each step
 * counts only when exactly one slot fits; several slots make the answer ambiguous.
 */
export function resolveName(argument: string, index: NameIndex): NameMatch {
  const cached = index.cache.get(argument);
  if (cached) return cached;
  const match = withRunnerUp(resolveUncached(argument ?? '', index), argument ?? '', index);
  if (index.cache.size >= CACHE_LIMIT) index.cache.clear();
  index.cache.set(argument, match);
  return match;
}

/** The roster without one slot's names, built once per slot (`runnerUpOf`). */
const withoutSlot = new WeakMap<NameIndex, Map<number, NameIndex>>();

/**
 * Issue 28 item 3: the runner-up of a reading, the slot the ladder reads when the slot read is left out of the
 * roster (a doubtful reading names it, so the mod sees what came second), or null when it reads nobody else or
 * several. Exported for the authors a renamed account is read as (P3, P6).
 */
export function runnerUpOf(
  argument: string,
  index: NameIndex,
  slot: number,
): Extract<NameMatch, { kind: 'player' }> | null {
  let bySlot = withoutSlot.get(index);
  if (!bySlot) {
    bySlot = new Map();
    withoutSlot.set(index, bySlot);
  }
  let rest = bySlot.get(slot);
  if (!rest) {
    rest = buildNameIndex(index.names.filter((n) => n.slot !== slot));
    bySlot.set(slot, rest);
  }
  const second = resolveUncached(argument, rest);
  return second.kind === 'player' ? second : null;
}

/** A doubtful reading without a runner-up gets the ladder's second choice (N12 and N44 name theirs already). */
function withRunnerUp(match: NameMatch, argument: string, index: NameIndex): NameMatch {
  if (match.kind !== 'player' || !match.doubt || match.doubt.runnerUp !== undefined) return match;
  const second = runnerUpOf(argument, index, match.slot);
  if (!second) return match;
  const near = match.doubt.distance;
  const far = second.doubt?.distance;
  const margin = near !== undefined && far !== undefined && far >= near ? { margin: far - near } : {};
  return { ...match, doubt: { ...match.doubt, runnerUp: second.slot, ...margin } };
}

function resolveUncached(argument: string, index: NameIndex): NameMatch {
  const match = readName(argument, index);
  const sure = match.kind === 'player' && !match.doubt;
  const folded = sure ? argument : foldLookalikes(argument);
  if (folded !== argument) {
    // `Аlice` with a Cyrillic А: read as the Latin letters it imitates, before any guess on the raw text.
    const again = readName(folded, index);
    if (again.kind === 'player') return { ...again, folded: true };
    if (match.kind === 'unknown') return again;
  }
  if (match.kind === 'player' && wasFolded(argument, match.slot, index)) return { ...match, folded: true };
  return match;
}

/** True when no name of the slot reads as the argument without NFKC, invisible-character or mark removal. */
function wasFolded(argument: string, slot: number, index: NameIndex): boolean {
  const names = index.names.filter((n) => n.slot === slot);
  return names.length > 0 && names.every((n) => neededFolding(argument, n.name));
}

function readName(argument: string, index: NameIndex): NameMatch {
  const unescaped = argument.replace(/\\(.)/g, '$1');
  if (normalizeName(unescaped) === '') return bySymbols(symbolName(unescaped), index);
  const unprefixed = unescaped.replace(/^\s*(?:\/?u\/|@)/i, '');
  const text = normalizeName(unprefixed) === '' ? unescaped : unprefixed;
  if (isNoLynch(text)) return { kind: 'no-lynch' };
  // A name that itself begins like a mention (`u/A`) is still matched whole first.
  if (text !== unescaped) {
    const whole = byText(normalizeName(unescaped), index, 2);
    if (whole.kind !== 'unknown') return whole;
  }
  const direct = byText(normalizeName(text), index);
  if (direct.kind !== 'unknown') return direct;
  const two = twoNames(text, index);
  if (two) return two;
  const leading = leadingCandidates(text);
  for (const candidate of leading) {
    const found = byText(normalizeName(candidate), index);
    if (found.kind !== 'unknown') return relabel(found, 'leading-words');
  }
  const whole = byEditDistance(normalizeName(text), index);
  if (whole.kind !== 'unknown') return pieceBeforeSpelling(normalizeName(text), whole, index);
  // A misspelt name followed by a remark (`Slandaarr is scum`): only a long first word, never a phrase.
  const first = leading[leading.length - 1];
  if (first !== undefined && first !== text && !/\s/.test(first) && normalizeName(first).length > MIN_EDIT) {
    const near = byEditDistance(normalizeName(first), index);
    if (near.kind !== 'unknown') return near;
  }
  return byLooseReadings(text, index);
}

/** Where a vote names a second player: `Ann and Bob`, `Ann or Bob`, `Ann & Bob`. */
const SECOND_NAME = /\s(?:and|or|&|\+)\s/iu;

/**
 * N48: a vote naming two players (`VOTE: Ann and Bob come post`) is no vote for either, never a sure vote for the
 * first: each side read by the exact … initials steps (the whole side, else its leading words), two slots.
 */
function twoNames(text: string, index: NameIndex): NameMatch | null {
  const m = SECOND_NAME.exec(text);
  if (!m) return null;
  const a = firstReading(text.slice(0, m.index), index);
  const b = firstReading(text.slice(m.index + m[0].length), index);
  if (a === null || b === null || a === b) return null;
  return { kind: 'ambiguous', slots: a < b ? [a, b] : [b, a], via: 'leading-words' };
}

function firstReading(text: string, index: NameIndex): number | null {
  for (const candidate of [text, ...leadingCandidates(text)]) {
    const found = byText(normalizeName(candidate), index);
    if (found.kind === 'player') return found.slot;
    if (found.kind === 'ambiguous') return null;
  }
  return null;
}

/** N38: an argument with no letter or digit reads only a name of the same symbols, whole (`-_-`). */
function bySymbols(arg: string, index: NameIndex): NameMatch {
  if (arg === '') return { kind: 'unknown' };
  for (const [step, test] of STEPS.slice(0, 2)) {
    const decided = decide(new Set(index.names.filter((n) => test(n, arg)).map((n) => n.slot)), step);
    if (decided) return decided;
  }
  return { kind: 'unknown' };
}

/** Readings N9…N13, N30, N33 and N35 (docs/readings.md), in order: each counts only when one slot fits, and is flagged. */
function byLooseReadings(text: string, index: NameIndex): NameMatch {
  const arg = normalizeName(text);
  if (arg === '') return { kind: 'unknown' };
  const { names } = index;
  // N41: a stop word typed in capitals as the whole name (`TO`) is initials, not the word; N46 reads it as a word.
  if (STOP_WORDS.has(arg)) {
    const initials = /^\p{Lu}{2,3}$/u.test(text.trim()) ? byAbbreviation(arg, names) : null;
    return initials ?? byWholeWord(arg, names) ?? { kind: 'unknown' };
  }
  const readText = (t: string, steps?: number) => byText(t, index, steps);
  return (
    byPart(arg, names) ??
    byContainedName(arg, names) ??
    byAnyWord(text, index) ??
    byAbbreviation(arg, names) ??
    bySuffix(arg, readText) ??
    byPun(arg, names) ??
    byNearest(arg, names) ??
    byShortPrefix(text, arg, names) ??
    byStretched(arg, readText) ??
    byReversed(arg, readText) ??
    byRunOn(arg, names) ??
    bySwappedWord(wordSplits(text), names) ??
    byWordByWord(wordSplits(text), names) ??
    byWholeWord(arg, names) ?? { kind: 'unknown' }
  );
}

/**
 * N44: a piece of 4+ letters inside exactly one name (N9) beats a spelling 2 edits from another name (N8): players
 * cut names far more often than they misspell them twice. The spelling is named as the runner-up.
 */
function pieceBeforeSpelling(arg: string, spelt: NameMatch, index: NameIndex): NameMatch {
  if (spelt.kind !== 'player' || (spelt.doubt?.distance ?? 0) < 2) return spelt;
  const piece = arg.length >= 4 ? byPart(arg, index.names) : null;
  if (piece?.kind !== 'player' || piece.slot === spelt.slot) return spelt;
  return {
    ...piece,
    doubt: {
      reason: 'a part of the name; also 2 edits from another name',
      distance: 0,
      runnerUp: spelt.slot,
      margin: 2,
    },
  };
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

/** `vote scum toranu`, `Dr McFinch` (for Bill McFinch): one word of the argument is a player's name or a word of it (N10). */
function byAnyWord(text: string, index: NameIndex): NameMatch | null {
  const all = text.split(/\s+/u).map(normalizeName);
  if (all.length < 2) return null;
  const words = all.filter((w) => w.length > MIN_TEXT && !STOP_WORDS.has(w));
  const slots = new Set<number>();
  for (const w of words) {
    // Short words only as a whole name; longer ones also as a start or a word of one.
    const found = byText(w, index, w.length >= 6 ? 4 : 2);
    if (found.kind === 'player') slots.add(found.slot);
    if (found.kind === 'ambiguous') return null;
  }
  if (slots.size !== 1) return null;
  return {
    kind: 'player',
    slot: [...slots][0] as number,
    via: 'contains-name',
    doubt: { reason: 'one word of the text names the player' },
  };
}

type Test = (name: IndexedName, arg: string) => boolean;

const STEPS: ReadonlyArray<[MatchStep, Test]> = [
  ['exact', (n, a) => !n.isAlias && n.norm === a],
  ['alias', (n, a) => n.isAlias && n.norm === a],
  ['prefix', (n, a) => a.length >= MIN_TEXT && n.norm.startsWith(a)],
  ['word', (n, a) => a.length >= MIN_TEXT && !STOP_WORDS.has(a) && n.words.has(a)],
  ['initials', (n, a) => a.length >= 2 && n.initials.has(a)],
  // Still initials, typed out of order; tried only when no initials fit exactly.
  ['initials', (n, a) => a.length >= 3 && n.scrambled.has(sortLetters(a))],
];

function sortLetters(text: string): string {
  return [...text].sort().join('');
}

/** Steps exact … initials (or only the first `steps` of them) on one normalized text. */
function byText(arg: string, index: NameIndex, steps = STEPS.length): NameMatch {
  if (arg === '') return { kind: 'unknown' };
  for (const [step, test] of STEPS.slice(0, steps)) {
    const slots = new Set<number>();
    for (const name of index.names) if (test(name, arg)) slots.add(name.slot);
    const decided = decide(slots, step);
    if (decided?.kind === 'player' && step === 'prefix') return withRivalWord(decided, arg, index);
    if (decided) return decided;
  }
  return { kind: 'unknown' };
}

/**
 * N36: the start of one name that is also a whole word or the initials of another player's (`Soze` with Sozen and
 * Kaiser Soze playing, `Ace` with Acewing and A Cool Egg) still reads the first, as interfaces §2 says, but doubtful,
 * the other named in the reason.
 */
function withRivalWord(match: NameMatch & { kind: 'player' }, arg: string, index: NameIndex): NameMatch {
  const rival = index.names.find((n) => n.slot !== match.slot && (n.wholeWords.has(arg) || n.initials.has(arg)));
  if (!rival) return match;
  const what = rival.wholeWords.has(arg) ? 'a whole word' : 'the initials';
  return { ...match, doubt: { reason: `the start of the name; also ${what} of ${rival.name}` } };
}

function decide(slots: ReadonlySet<number>, via: MatchStep): NameMatch | null {
  if (slots.size === 0) return null;
  const sorted = [...slots].sort((a, b) => a - b);
  const only = sorted[0];
  if (sorted.length === 1 && only !== undefined) return { kind: 'player', slot: only, via };
  return { kind: 'ambiguous', slots: sorted, via };
}

function relabel(match: NameMatch, via: MatchStep): NameMatch {
  if (match.kind === 'player' || match.kind === 'ambiguous') return { ...match, via };
  return match;
}

/** `Lateralus's replacement` → `Lateralus`; `TheManHimself L-1` → `TheManHimself`: longest first. */
function leadingCandidates(text: string): string[] {
  const words = text.trim().split(/\s+/);
  const out: string[] = [];
  for (let k = words.length; k >= 1; k -= 1) {
    const joined = words.slice(0, k).join(' ');
    const dropped = joined.replace(/(?:['\u2019]s|['\u2019])$/iu, '');
    if (k === words.length && dropped === joined) continue;
    const norm = normalizeName(dropped);
    if (norm !== '' && !STOP_WORDS.has(norm)) out.push(dropped);
  }
  return out;
}

/** True when a start of `name` as long as `arg` (one letter more or less) is fewer than `edits` away. */
function startNearer(arg: string, name: string, edits: number): boolean {
  for (let len = arg.length - 1; len <= arg.length + 1 && len < name.length; len += 1) {
    if (distance(arg, name.slice(0, len)) < edits) return true;
  }
  return false;
}

/**
 * N8: the nearest name or alias within Levenshtein distance 2, for arguments of 4 letters or more, when no other is as
 * near (nor another name's start nearer). Nearness counts a swap of two neighbouring letters as one edit, so
 * `Micheal` is Michael's, not a tie with Michelle.
 */
function byEditDistance(arg: string, index: NameIndex): NameMatch {
  if (arg.length < MIN_EDIT) return { kind: 'unknown' };
  let best = MAX_EDIT + 1;
  let slots = new Set<number>();
  for (const name of index.names) {
    if (Math.abs(name.norm.length - arg.length) > MAX_EDIT || levenshtein(arg, name.norm) > MAX_EDIT) continue;
    const d = distance(arg, name.norm);
    if (d < best) {
      best = d;
      slots = new Set([name.slot]);
    } else if (d === best) {
      slots.add(name.slot);
    }
  }
  const decided = decide(slots, 'edit-distance');
  if (decided?.kind !== 'player') return decided ?? { kind: 'unknown' };
  // `Berty` is 2 edits from Betsy but 1 from the start of bertrand: the nearer start is N12's to weigh.
  if (best > 1 && index.names.some((n) => n.slot !== decided.slot && startNearer(arg, n.norm, best))) {
    return { kind: 'unknown' };
  }
  return {
    ...decided,
    doubt: { reason: `a near spelling, ${best} edit${best === 1 ? '' : 's'} away`, distance: best },
  };
}
