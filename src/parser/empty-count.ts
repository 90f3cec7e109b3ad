import { isNoLynch } from './argument.js';
import { COUNT_HEADING, NOT_A_COUNT } from './count-posts.js';
import { MENTIONS_COUNT } from './count-words.js';
import { cleanText, type Scan } from './html-scan.js';

/**
 * P7: a vote count in which every tally is 0 (`Quillon(0):`, `brassmoth   0`, `hexagoat - [0]`): how many
 * players' lines at 0 follow its heading (a no-lynch line is none), or 0 when the post holds no count heading, a
 * tally above 0 or a wagon's `L-2`. The machine reads it as a reset only when the lines cover every living player
 * (a count with votes has fewer lines at 0).
 */
export function zeroTallyLines(scan: Scan): number {
  if (!MENTIONS_COUNT.test(scan.text)) return 0;
  let zeros = 0;
  let heading = false;
  let start = 0;
  for (let i = 0; i <= scan.breaks.length && i < MAX_LINES; i++) {
    const end = scan.breaks[i] ?? scan.text.length;
    const line = cleanText(scan.text.slice(start, end)).trim();
    start = end;
    if (line.length === 0) continue;
    const isHeading = line.length <= 60 && COUNT_HEADING.test(line) && !NOT_A_COUNT.test(line);
    if (isHeading) {
      if (heading) break;
      heading = true;
      continue;
    }
    if (!heading) continue;
    if (L_MINUS.test(line)) return 0;
    const tally = tallyOf(line);
    if (tally === null || NOT_VOTING.test(tally.name)) continue;
    if (tally.count > 0) return 0;
    if (!isNoLynch(tally.name)) zeros += 1;
  }
  return zeros;
}

const NOT_VOTING = /^not[\s-]*voting/i;
const L_MINUS = /\bL-\d/i;
const MAX_LINES = 400;
const DELIMITER = /[\s([:\u2013\u2014-]/u;
const LETTER = /\p{L}/u;
const NOT_IN_A_NAME = /[:()[\]]/;
/** A decimal, a time or a date goes on after the number: `1.1`, `12:09`, `2014-02-04`, `5/31`. */
const CONTINUED = /^[.:/-]\d/;
const LIST_OR_END = /^(?:$|[:([\u2013\u2014-])/u;

/**
 * The tally of one count line: a name (a letter, none of `:()[]`, at most 40 characters) and the first number
 * after it that stands alone (not inside the name, not a decimal, time or date) and ends the line or comes
 * before the voters (`(`, `[`, `:`, a dash), or stands in brackets (`Tamsin (4) Lucky_Otter, …`).
 * `With 13 alive` and `Deadline: (expired on …)` are no tallies; a 0 followed by names counts as a vote.
 */
function tallyOf(line: string): { name: string; count: number } | null {
  if (line.length > 200) return null;
  for (const m of line.matchAll(/\d+/g)) {
    const at = m.index;
    const stop = at + m[0].length;
    if (at > 0 && !DELIMITER.test(line[at - 1] as string)) continue;
    if (CONTINUED.test(line.slice(stop))) continue;
    let cut = at;
    while (cut > 0 && DELIMITER.test(line[cut - 1] as string)) cut -= 1;
    const name = line.slice(0, cut);
    if (name.length === 0 || name.length > 40 || !LETTER.test(name) || NOT_IN_A_NAME.test(name)) continue;
    const rest = line.slice(stop);
    const bracketed = (line[at - 1] === '(' && rest.startsWith(')')) || (line[at - 1] === '[' && rest.startsWith(']'));
    if (!bracketed && !LIST_OR_END.test(rest.trimStart())) continue;
    // A 0 with voters after it (`hexagoat - [0] [Quillon]`) is a count the moderator forgot to update.
    return { name, count: LETTER.test(rest) ? Math.max(1, Number(m[0])) : Number(m[0]) };
  }
  return null;
}
