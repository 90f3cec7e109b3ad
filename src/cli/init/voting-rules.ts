import { postLines } from './opening-post.js';

/**
 * The voting rules a moderator states in the opening post, as the game file's options (docs/game-file.md,
 * "Voting rules from the opening post"): each with the sentence it was read from, which `init` writes beside the
 * option so the moderator confirms it. The phrasings are the ones of the MafiaScum opening posts in
 * ../shared/eval-data; a sentence is matched by the words it holds (never by a pattern that could backtrack).
 */
export interface VotingRule {
  /** The option's path in `options` (`syntax`, `unvoteRequired`, `voteReading.unbolded`, …). */
  key: string;
  value: unknown;
  /** The sentence as the post writes it. */
  sentence: string;
}

const has = (s: string, ...parts: string[]) => parts.some((p) => s.includes(p));
const word = (s: string, ...words: string[]) => {
  const set = new Set(s.split(/[^a-z0-9']+/));
  return words.some((w) => set.has(w));
};

const WONT_COUNT = [
  'not count',
  "won't count",
  'not be count',
  "don't count",
  "doesn't count",
  'not be accepted',
  'not be considered',
  'be ignored',
  'invalid',
];
const NOT_NEEDED = [
  'not required',
  'not necessary',
  "aren't necessary",
  "aren't required",
  'not mandatory',
  'not needed',
  'optional',
  'but not',
  'helps but',
  'help but',
  'helpful',
  'appreciated',
  'recommended',
  'prefer',
];

/** Each rule read from one sentence (lower case, single spaces), or null. */
const READINGS: ((s: string) => Omit<VotingRule, 'sentence'> | null)[] = [
  // "Bold tags will not be counted." "Votes that do not use the vote tags will not count."
  (s) =>
    word(s, 'tag', 'tags') &&
    has(s, ...WONT_COUNT) &&
    (has(s, ' bold tag', ' bolded votes will not', ' bold votes will not', ' bolded votes won', ' bold votes won') ||
      has(s, 'not use the vote tag', "don't use the vote tag", 'without the vote tag', 'without vote tag')) &&
    !word(s, 'unbolded', 'broken')
      ? { key: 'syntax', value: ['tag'] }
      : null,
  // "Unbolded votes will not count." "Votes must be bolded or in VOTE: tags to count." "If your vote isn't bolded, it will not count."
  (s) =>
    word(s, 'vote', 'votes', 'voting') &&
    (word(s, 'unbolded') ||
      has(s, "isn't bolded", 'not bolded', 'must be bold', 'must be in bold', 'be bolded', 'must bold', 'in bold') ||
      (word(s, 'bold', 'bolded') && has(s, 'to count', 'in order for'))) &&
    (has(s, ...WONT_COUNT) || has(s, 'must', 'to count', 'in order for', 'need to', 'needs to')) &&
    !has(s, ' bold tags will not', ' bolded votes will not', ' bold votes will not')
      ? { key: 'voteReading.unbolded', value: false }
      : null,
  // "You must unvote before you vote again." / "Unvotes are not required."
  (s) => {
    const at = s.indexOf('unvot');
    if (at < 0) return null;
    const rest = s.slice(at);
    if (
      has(s, "don't need to unvote", 'do not need to unvote', 'no need to unvote', "don't have to unvote") ||
      has(rest, ...NOT_NEEDED)
    )
      return { key: 'unvoteRequired', value: false };
    return has(
      s,
      'must unvote',
      'have to unvote',
      'need to unvote',
      'unvote before',
      'unvotes are required',
      'unvotes are mandatory',
      'unvoting is required',
      'unvoting is mandatory',
      'unvote is required',
    )
      ? { key: 'unvoteRequired', value: true }
      : null;
  },
  // "Votes should be in bold and at the start of a new line in order for them to count."
  (s) =>
    word(s, 'vote', 'votes') &&
    has(s, 'start of a new line', 'start of a line', 'beginning of a line', 'beginning of a new line', 'own line') &&
    has(s, 'must', 'should', 'in order', 'to count', ...WONT_COUNT) &&
    !has(s, ...NOT_NEEDED)
      ? { key: 'voteReading.ownLine', value: true }
      : null,
  // "Votes for replaced players do not count."
  (s) =>
    word(s, 'vote', 'votes') && has(s, 'replaced player', 'replaced name', 'old name') && has(s, ...WONT_COUNT)
      ? { key: 'voteReading.replacedNames', value: 'refuse' }
      : null,
  // "If there is no majority at deadline, the player with the highest number of votes will be lynched."
  (s) => {
    // The outcome when a day reaches its deadline without a majority, not the day's length (`… before the deadline`).
    if (!word(s, 'deadline') || has(s, 'before the deadline', 'before deadline')) return null;
    if (
      !has(
        s,
        'no majority',
        'without',
        'not reached',
        'is reached',
        'runs out',
        'ends',
        'ending',
        'expires',
        'at deadline',
        'at the deadline',
        'by deadline',
        'by the deadline',
      )
    )
      return null;
    if (has(s, 'most votes', 'highest number of votes', 'plurality', 'most number of votes', 'highest vote'))
      return has(s, 'no lynch', 'no-lynch', 'nolynch') && !has(s, 'lynched', 'will be lynch')
        ? null
        : { key: 'deadlineOutcome', value: 'plurality' };
    return has(s, 'no lynch', 'no-lynch', 'nolynch', 'no one will be lynched', 'nobody will be lynched')
      ? { key: 'deadlineOutcome', value: 'no-lynch' }
      : null;
  },
];

/** The post's sentences, one-spaced: split at line breaks and at `.` `!` `?` before a space. */
export function sentences(html: string): string[] {
  const out: string[] = [];
  for (const line of postLines(html)) {
    const text = line
      .map((p) => p.text)
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    let start = 0;
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i];
      if ((c === '.' || c === '!' || c === '?') && (text[i + 1] === ' ' || i === text.length - 1)) {
        out.push(text.slice(start, i + 1).trim());
        start = i + 1;
      }
    }
    if (start < text.length) out.push(text.slice(start).trim());
  }
  return out.filter((s) => s.length > 0 && s.length <= 300);
}

/** The voting rules the opening post states, the first sentence for each option winning. */
export function readVotingRules(html: string): VotingRule[] {
  const found = new Map<string, VotingRule>();
  for (const sentence of sentences(html)) {
    const s = ` ${sentence.toLowerCase().replace(/[’‘]/g, "'")}`;
    for (const read of READINGS) {
      const rule = read(s);
      if (rule && !found.has(rule.key)) found.set(rule.key, { ...rule, sentence });
    }
  }
  // Votes by tag only: an `unbolded: false` beside it says nothing more.
  if (found.has('syntax')) found.delete('voteReading.unbolded');
  return [...found.values()];
}
