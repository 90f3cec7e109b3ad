import type { ActionKind } from '../domain/action.js';
import type { Channel } from '../domain/post.js';

/** Keywords read in each channel (interfaces §2): others are ignored silently. A Submarine nukes by PM. */
const THREAD_KINDS: readonly ActionKind[] = ['vote', 'unvote', 'nuke', 'abort'];
const PM_KINDS: readonly ActionKind[] = ['target', 'guess', 'kill', 'doomsday', 'request', 'nuke'];

const THREAD_SET: ReadonlySet<ActionKind> = new Set(THREAD_KINDS);
const PM_SET: ReadonlySet<ActionKind> = new Set(PM_KINDS);

export function kindsFor(channel: Channel): ReadonlySet<ActionKind> {
  return channel === 'pm' ? PM_SET : THREAD_SET;
}

/** Kinds whose argument names a player (cleaned like a name). */
export const NAMED_KINDS: ReadonlySet<ActionKind> = new Set(['vote', 'nuke', 'abort', 'target', 'kill', 'doomsday']);

const ALL = 'unvote|vote|nuke|abort|target|guess|kill|doomsday|request';
const WORD_CHAR = '[\\p{L}\\p{N}]';

/** A6: words players put before the keyword that still make it their vote: `Confirm vote: X`, `Final vote X`. */
const QUALIFIERS = '(?:confirm|confirmed|confirming|reluctant|reluctantly|final|official|formal|serious)';

/**
 * A keyword at the start of a line as a whole word, after spaces and any leading `#` (`##Unvote`), and
 * the command and bullet marks players also type before it (`/vote X`, `!vote X`, `* Vote: X`).
 */
export const LEADING_KEYWORD = new RegExp(`^[\\s#/!*•·~[(-]*(?:${QUALIFIERS}\\s)?(${ALL})(?!${WORD_CHAR})`, 'iu');

/** A42: a line that starts with a keyword and its colon (`Vote: X`, `UNVOTE:`), the form the rules ask for. */
export const KEYWORD_WITH_COLON = new RegExp(`^[\\s#/!*•·~[(-]*(?:${QUALIFIERS}\\s)?(?:${ALL})\\s*:`, 'iu');

/** A keyword and its colon anywhere in a text (a line `KEYWORD_WITH_COLON` reads holds one): A42's pre-check. */
export const MENTIONS_KEYWORD_WITH_COLON = new RegExp(`(?:${ALL})\\s*:`, 'iu');

/** Any keyword anywhere in a text (a line `LEADING_KEYWORD` reads holds one): the plain form's pre-check. */
export const MENTIONS_KEYWORD = new RegExp(`(?:${ALL})`, 'iu');

/** English words that merely end in a keyword and say nothing about an action. */
const HARMLESS_ENDINGS = new Set(['devote', 'upvote', 'downvote', 'skill', 'overkill', 'roadkill']);
const KEYWORDS: readonly ActionKind[] = ALL.split('|') as ActionKind[];
const KIND_OF = new Map<string, ActionKind>(KEYWORDS.map((k) => [k, k]));

/**
 * The kind a keyword as typed names (`Vote`, `UNVOTE`), as the one constant string: an action keeps its kind, and
 * a post of a hundred thousand votes would otherwise keep a hundred thousand copies of `vote`.
 */
export function kindOfKeyword(typed: string): ActionKind | undefined {
  return KIND_OF.get(typed.toLowerCase());
}
/** Each word of a line once (a maximal run of letters and digits: linear, no backtracking). */
const WORD = /[\p{L}\p{N}]+/gu;
/** After a word: `vote count`, `vote tally` name the count, not an action. */
const COUNT_AFTER = /^\s{0,20}(?:counts?|tally|tallies)(?![\p{L}\p{N}])/iu;

/**
 * The channel's keyword that a line mentions without starting with it, if any: a word that is a keyword or ends
 * in one (`VigVote`), a near miss. Found word by word, so a 40 KB bold run costs one pass.
 */
export function innerKeyword(line: string, kinds: ReadonlySet<ActionKind>): string | null {
  WORD.lastIndex = 0;
  for (let m = WORD.exec(line); m !== null; m = WORD.exec(line)) {
    const word = m[0].toLowerCase();
    const kind = KEYWORDS.find((k) => word.endsWith(k));
    if (!kind || !kinds.has(kind) || HARMLESS_ENDINGS.has(word)) continue;
    if (COUNT_AFTER.test(line.slice(m.index + m[0].length, m.index + m[0].length + 40))) continue;
    return m[0];
  }
  return null;
}
