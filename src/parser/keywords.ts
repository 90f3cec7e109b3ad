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

/**
 * A keyword at the start of a line as a whole word, after spaces and any leading `#` (`##Unvote`), and
 * the command and bullet marks players also type before it (`/vote X`, `!vote X`, `* Vote: X`).
 */
export const LEADING_KEYWORD = new RegExp(`^[\\s#/!*•·~-]*(${ALL})(?!${WORD_CHAR})`, 'iu');

/** A keyword somewhere in a line as a whole word, or ending a longer word (`VigVote`): a near miss. */
const INNER_KEYWORD = new RegExp(`(${WORD_CHAR}*)(${ALL})(?!${WORD_CHAR})(?!\\s*(?:counts?|tally|tallies)\\b)`, 'giu');

/** English words that merely end in a keyword and say nothing about an action. */
const HARMLESS_ENDINGS = new Set(['devote', 'upvote', 'downvote', 'skill', 'overkill', 'roadkill']);

/** The channel's keyword that a line mentions without starting with it, if any. */
export function innerKeyword(line: string, kinds: ReadonlySet<ActionKind>): string | null {
  INNER_KEYWORD.lastIndex = 0;
  for (let m = INNER_KEYWORD.exec(line); m !== null; m = INNER_KEYWORD.exec(line)) {
    const kind = (m[2] ?? '').toLowerCase() as ActionKind;
    const word = (m[0] ?? '').toLowerCase();
    if (kinds.has(kind) && !HARMLESS_ENDINGS.has(word)) return m[0] ?? null;
  }
  return null;
}
