import damerau from 'damerau-levenshtein';

/** A word at the start of a line followed by a colon: the only place a misspelt keyword is read (A7). */
const HEAD = /^([\s#/!*\u2022\u00B7~[(-]*)([\p{L}-]{3,8}) ?[:;]/u;
/** A41: a word alone on its line, perhaps with a full stop or `!` (`Umvote`, `un-vote`): read only as `unvote`. */
const ALONE = /^([\s#/!*\u2022\u00B7~[(-]*)([\p{L}-]{5,8})[\s.!]*$/u;
/** A49: the verb form where the keyword goes, `voting X`, `I'm voting X`, `I am voting for X`: a vote, doubtful. */
const VERB = /^([\s#/!*\u2022\u00B7~[(-]*)((?:i['\u2019]?m\s+|i\s+am\s+)?voting)\s/iu;
/** A53: a short lead-in word before a bold `unvote` that ends its line (`idk UnVotE`, `ok unvote.`): the unvote, doubtful. */
const LEAD_IN = /^([\s#/!*\u2022\u00B7~[(-]*)(\p{L}{1,4})\s+unvote[\s.!]*$/iu;
/** Lead-ins that leave the unvote the poster's own: interjections, `I`, `and`, `so` (never `you unvote`, `not unvote`). */
const LEAD_INS = new Set(
  'i ok okay idk so and also well welp meh fine ugh lol eh oh ah hmm sigh yes yeah fuck derp'.split(' '),
);
/** English words one edit from `vote` that are not votes. */
const REAL_WORDS = new Set([
  'note',
  'notes',
  'votes',
  'voted',
  'voter',
  'dote',
  'tote',
  'rote',
  'mote',
  'vole',
  'veto',
  'vite',
  'vita',
  'vase',
  'void',
  'bote',
  'mute',
]);

/**
 * A7: `veot: X`, `votew: X`, `Unovte:`, `un-vote:`: a word one edit (a transposition counts one) from `vote` or
 * `unvote`, or its letters in another order, written where the keyword goes and followed by a colon (or `;`), is that keyword; the mod is told. Returns the
 * line with the keyword spelt right and the word as typed, or null.
 */
export function respellKeyword(line: string): { line: string; typed: string; keyword: 'vote' | 'unvote' } | null {
  const verb = VERB.exec(line);
  if (verb) {
    const typed = verb[2] as string;
    return { line: `${verb[1]}vote${line.slice((verb[1] as string).length + typed.length)}`, typed, keyword: 'vote' };
  }
  const lead = LEAD_IN.exec(line);
  if (lead && LEAD_INS.has((lead[2] as string).toLowerCase())) {
    return { line: `${lead[1]}unvote`, typed: line.slice((lead[1] as string).length).trim(), keyword: 'unvote' };
  }
  const head = HEAD.exec(line);
  const m = head ?? ALONE.exec(line);
  if (!m) return null;
  const typed = m[2] as string;
  const word = typed.toLowerCase().replace(/-/g, '');
  if (REAL_WORDS.has(word) || word === 'vote') return null;
  // An unvote needs no argument, so one misspelt alone on its line is still the unvote (A41); a lone `vote` is not.
  const keyword = near(word, 'unvote') ? 'unvote' : head && near(word, 'vote') ? 'vote' : null;
  if (!keyword) return null;
  return { line: `${m[1]}${keyword}${line.slice((m[1] as string).length + typed.length)}`, typed, keyword };
}

/** One edit away, or the same letters in another order (`veot`, `Unovte`). */
function near(word: string, keyword: string): boolean {
  if (word === keyword) return true;
  if (sorted(word) === sorted(keyword)) return true;
  return (damerau(word, keyword) as { steps: number }).steps === 1;
}

function sorted(text: string): string {
  return [...text].sort().join('');
}
