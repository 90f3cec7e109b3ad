import { englishWords } from './word-list.js';

/** Common words that never stand for a player on their own (`Vote: the guy who claimed cop`). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a i an as at be by do go he if in is it me my no of on or so to up us we ' +
    'the and for you not but his her him she who was are all one any our out its has had can this that with'
  ).split(' '),
);

/**
 * Invisible format characters: zero-width space, joiners, BOM, soft hyphen, word joiner, bidi marks (`\p{Cf}`),
 * and the variation selectors and combining grapheme joiner that hide inside a name.
 */
const INVISIBLE = /\p{Cf}|\u034f|[\ufe00-\ufe0f]/gu;

/** The form every comparison uses: NFKC (fullwidth, ligatures), invisible characters and accents removed, lower case, letters and digits only. */
export function normalizeName(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** N38: the form of a name with no letter or digit (`-_-`, `☃`): NFKC, invisible characters and spaces removed, lower case. */
export function symbolName(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, '').toLowerCase();
}

/**
 * Whether reading `text` as `name` needed more than case, spacing and punctuation (N15): an invisible
 * character, a compatibility form (fullwidth `Ａ`), or a combining mark the name does not have.
 */
export function neededFolding(text: string, name: string): boolean {
  INVISIBLE.lastIndex = 0;
  if (INVISIBLE.test(text)) return true;
  if (text.normalize('NFKC') !== text.normalize('NFC')) return true;
  return marks(text) > marks(name);
}

function marks(text: string): number {
  return text.normalize('NFD').match(/\p{M}/gu)?.length ?? 0;
}

/** Latin letters that Cyrillic and Greek ones are drawn like: `Аlice` with a Cyrillic А (N15). */
const LOOKALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ι: 'i',
  ο: 'o',
  α: 'a',
  ν: 'v',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  κ: 'k',
  χ: 'x',
  ε: 'e',
  β: 'b',
  η: 'n',
  μ: 'u',
  ζ: 'z',
};

/** The argument with lookalike letters read as the Latin ones they imitate; the same text when there are none. */
export function foldLookalikes(text: string): string {
  return text.replace(/[\u0370-\u03ff\u0400-\u052f\u0261]/gu, (ch) => {
    const lower = ch.toLowerCase();
    return LOOKALIKES[lower] ?? ch;
  });
}

/**
 * N37: the name inside an `x` wrapper, mirrored (`xX` closes as `Xx`), 4+ characters, when the wrapper mixes cases or
 * its case breaks against the name's first letter (`xRosaNightfallx`, `XkrowX`, `xXGreyHawkXx`); never `Xerox`,
 * `Maxx`, `xanax`.
 */
export function unwrapName(name: string): string | null {
  for (const size of [2, 1]) {
    const open = name.slice(0, size);
    const close = [...open].reverse().join('');
    const core = name.slice(size, name.length - size);
    const first = /\p{L}/u.exec(core)?.[0];
    if (!/^[xX]+$/.test(open) || !name.endsWith(close) || first === undefined || normalizeName(core).length < 4)
      continue;
    const mixed = open !== open.toLowerCase() && open !== open.toUpperCase();
    const breaks = (open.at(-1) === 'x') === (first !== first.toLowerCase());
    if (mixed || breaks) return core;
  }
  return null;
}

/** Where a case change starts a word: `TheMan` → The|Man, `HTMLParser` → HTML|Parser. */
const CASE_BREAK = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** A name's words: split at spaces, `_`, `-`, digits, other punctuation and case changes (`TheManHimself`). */
export function nameWords(name: string): string[] {
  const words: string[] = [];
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['\u2019]/g, '');
  for (const token of plain.split(/[^\p{L}]+/u)) {
    if (token === '') continue;
    for (const part of token.split(CASE_BREAK)) {
      if (part !== '') words.push(part.toLowerCase());
    }
  }
  return words;
}

/**
 * The ways to cut a name into words: nameWords', and, when a run of capitals goes straight on in lower case, the
 * run as one word (`FIREpick`: fire|pick beside nameWords' fir|epick, which reads `HTMLParser` as html|parser).
 */
export function wordSplits(name: string): string[][] {
  const plain = nameWords(name);
  const capitals = nameWords(name.replace(/(?<=\p{Lu}{2})(?=\p{Ll})/gu, ' '));
  return plain.join(' ') === capitals.join(' ') ? [plain] : [plain, capitals];
}

/**
 * P6: `a` is `b` with one of its 3+ words changed to another word with the same first letter, the rest the same
 * and in place (`LoseMePls` for LynchMePls): how a renamed account often keeps its old name's pattern.
 */
export function oneWordChanged(a: string, b: string): boolean {
  const x = nameWords(a);
  const y = nameWords(b);
  if (x.length < 3 || x.length !== y.length) return false;
  let changed = 0;
  for (let i = 0; i < x.length; i += 1) {
    const u = x[i] as string;
    const v = y[i] as string;
    if (u === v) continue;
    if (u[0] !== v[0]) return false;
    changed += 1;
  }
  return changed === 1;
}

const MAX_SEGMENTATIONS = 16;
const memo = new Map<string, string[][]>();

function isWord(w: string): boolean {
  return englishWords().has(w) && (w.length > 1 || w === 'a' || w === 'i');
}

/** The ways a run-together lower-case word splits wholly into dictionary words (at most a few). */
export function segmentations(word: string): string[][] {
  if (word.length < 4 || word.length > 40) return [];
  const cached = memo.get(word);
  if (cached) return cached;
  // ways[i]: segmentations of word.slice(i), shortest-word-count first once sorted.
  const ways: string[][][] = new Array(word.length + 1);
  ways[word.length] = [[]];
  for (let i = word.length - 1; i >= 0; i -= 1) {
    const here: string[][] = [];
    for (let j = i + 1; j <= word.length && here.length < MAX_SEGMENTATIONS; j += 1) {
      const head = word.slice(i, j);
      if (!isWord(head)) continue;
      for (const rest of ways[j] ?? []) {
        here.push([head, ...rest]);
        if (here.length >= MAX_SEGMENTATIONS) break;
      }
    }
    ways[i] = here;
  }
  const result = (ways[0] ?? []).filter((w) => w.length > 1);
  if (memo.size > 5000) memo.clear();
  memo.set(word, result);
  return result;
}

const MAX_READINGS = 32;
const readingsMemo = new Map<string, string[][]>();

/**
 * Every way to read a name as a list of words: its plain split, and the splits where a run-together
 * word is read as dictionary words (`themanhimself` → the/man/himself and the/man/him/self).
 */
export function nameReadings(name: string): string[][] {
  // The machine rebuilds its name index whenever the roster changes (a death, a replacement): same names again.
  const known = readingsMemo.get(name);
  if (known) return known;
  let readings: string[][] = [[]];
  for (const word of nameWords(name)) {
    const options = [[word], ...segmentations(word)];
    const next: string[][] = [];
    for (const reading of readings) {
      for (const option of options) {
        if (next.length < MAX_READINGS) next.push([...reading, ...option]);
      }
    }
    readings = next;
  }
  const result = readings.filter((r) => r.length > 0);
  // N39: capitals at random places (`BiGHaT`) are no word breaks: the name is read in lower case too (big|hat).
  if (hasStrayCapital(name)) {
    const seen = new Set(result.map((r) => r.join(' ')));
    for (const reading of nameReadings(name.toLowerCase())) {
      if (result.length < MAX_READINGS && !seen.has(reading.join(' '))) result.push(reading);
    }
  }
  if (readingsMemo.size > 5000) readingsMemo.clear();
  readingsMemo.set(name, result);
  return result;
}

/** A case change would cut a lone capital off a run of letters (`BiGHaT`: G and T): stylised case, not words. */
function hasStrayCapital(name: string): boolean {
  return name.split(/[^\p{L}]+/u).some((token) =>
    token
      .split(CASE_BREAK)
      .slice(1)
      .some((part) => part.length === 1),
  );
}
