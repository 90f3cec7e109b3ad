import { replaceTags } from '../domain/tags.js';
import { MENTIONS_COUNT } from './count-words.js';
import { cleanText, scanHtml } from './html-scan.js';
import { hasNoMarkupToRead } from './may-hold-action.js';

// H-VC/H-CR (docs/rules/house-rules.md): the posts about vote counts themselves, read from the same scan as actions
// (quotes and spoilers skipped). The forms are the ones found in the real threads of ../shared/eval-data.

/** Where a moderator's count starts: `Vote Count 2.3`, `Votecount`, `Official Vote Count`, `VC 1.05`, `Vote tally`. */
export const COUNT_HEADING =
  /(?<![\p{L}\p{N}])(?:(?:official|current)\s+)?(?:vote\s*counts?|v\.?c\.?(?=\s*#?\d)|vote\s+tally)(?![\p{L}])/iu;

/** The lines of a post `readsAsVoteCount` reads: a moderator's day-start write-up is often 50 kB. */
const HEADING_LINES = 40;

/** True when the post reads as a vote count: a short line within its first 40 that is a count heading. */
export function readsAsVoteCount(html: string): boolean {
  if (typeof html !== 'string' || !MENTIONS_COUNT.test(html)) return false;
  // Lines 0..HEADING_LINES are read, so the scan may stop at the end of line HEADING_LINES.
  const scan = scanHtml(html.slice(0, 50_000), false, HEADING_LINES + 1);
  let start = 0;
  for (let i = 0; i <= Math.min(scan.breaks.length, HEADING_LINES); i++) {
    const end = scan.breaks[i] ?? scan.text.length;
    const line = cleanText(scan.text.slice(start, end)).trim();
    start = end;
    if (line.length > 0 && line.length <= 60 && COUNT_HEADING.test(line) && !NOT_A_COUNT.test(line)) return true;
  }
  return false;
}

export const NOT_A_COUNT = /unofficial|non[-\s]?official|coming|will\b|soon|\?/i;

// Patterns over text whose spaces are single (`oneSpaced`), so no two quantifiers compete for the same characters.
const ADDRESS = /^(?:hey )?(?:@ ?[\w.-]+|mod(?:erator)?s?\b|host\b)[ ,:.!-]*/i;
const ASK =
  /^(?:(?:can|could|may|would) (?:we|i|you) (?:please )?(?:get|have|see|give us|post)|how about|(?:i )?request) (?:an? |the )?(?:new |updated |fresh )?/i;
const NOUN = /^(?:vc|vote ?count|votecount)/i;
const POLITE_WORDS = new Set(['please', 'pls', 'plz', 'mod', 'moderator', 'host', 'thanks', 'thx']);

const oneSpaced = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Only courtesy after the noun: `please`, `mod`, `thanks` and punctuation, at most three words. */
function politeTail(tail: string): boolean {
  const words = tail
    .replace(/[ ,?!.]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  return words.length <= 3 && words.every((w) => POLITE_WORDS.has(w.toLowerCase()));
}

/**
 * H-CR1: a bold run asking for a count: `VC`, `VC please`, `Vote count please`, `votecount?`, `@mod: vote count
 * please`, `Can we get a vote count?`, `How about a votecount mod?`. A bare `Vote Count` is not a request (players
 * head their own unofficial counts with it), nor is one with a number (`Vote count 2.1`). Returns the run's text.
 */
export function asksForCount(html: string): string | null {
  if (typeof html !== 'string' || !MENTIONS_COUNT.test(html)) return null;
  // A post with no bold outside its quotes asks nothing: most posts that mention a count (decision 0019).
  if (html.length <= 200_000 && hasNoMarkupToRead(html)) return null;
  const scan = scanHtml(typeof html === 'string' ? html.slice(0, 200_000) : '', false);
  for (let i = 0; i < scan.bold.length; i += 1) {
    const text = oneSpaced(cleanText(scan.text.slice(scan.bold.start(i), scan.bold.end(i))));
    if (text.length === 0 || text.length > 60) continue;
    let rest = text.replace(ADDRESS, '');
    const addressed = rest !== text;
    const asked = ASK.exec(rest);
    if (asked) rest = rest.slice(asked[0].length);
    const noun = NOUN.exec(rest);
    if (!noun) continue;
    const tail = rest.slice(noun[0].length);
    if (!politeTail(tail)) continue;
    const isVc = /^vc$/i.test(noun[0]);
    if (isVc || addressed || asked || /[?]|please|pls|plz/i.test(tail)) return text;
  }
  return null;
}

/**
 * The number a moderator's count post gives itself, `Votecount 1.01` → day 1, number 1 (written 2 digits wide):
 * the next count follows it (issue 32, M2). Null when its heading has no `day.number`.
 */
export function countNumberOf(html: string): { day: number; n: number; width: number } | null {
  if (typeof html !== 'string') return null;
  const text = replaceTags(html.slice(0, 5000), ' ');
  const m = COUNT_NUMBER.exec(text);
  if (!m) return null;
  return { day: Number(m[1]), n: Number(m[2]), width: m[2]!.length };
}

const COUNT_NUMBER = /(?:vote\s{0,3}count|v\.?c\.?)\s{0,3}#?\s{0,3}(\d{1,3})\s?[.,]\s?(\d{1,3})(?!\d)/i;
