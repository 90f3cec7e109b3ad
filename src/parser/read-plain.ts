import type { ActionKind } from '../domain/action.js';
import { cleanText, type Scan } from './html-scan.js';
import { LEADING_KEYWORD } from './keywords.js';
import { type LineAction, readLine } from './read-line.js';

/**
 * Each line of plain text (no bold run or vote tag on it: those are read as themselves), cleaned, with where it
 * starts in `scan.text`, in order.
 */
export function forEachPlainLine(scan: Scan, visit: (start: number, line: string) => void): void {
  const { text, breaks, bold, tags } = scan;
  let b = 0;
  let t = 0;
  for (let i = 0; i <= breaks.length; i += 1) {
    const start = i === 0 ? 0 : (breaks[i - 1] ?? 0);
    const end = breaks[i] ?? text.length;
    while (b < bold.length && bold.end(b) <= start) b += 1;
    while (t < tags.length && (tags[t]?.at ?? 0) < start) t += 1;
    if (b < bold.length && bold.start(b) < end) continue;
    if ((tags[t]?.at ?? Number.POSITIVE_INFINITY) < end) continue;
    visit(start, cleanText(text.slice(start, end)));
  }
}

/** A plain line A32 reads: it starts with a keyword and is not a `##` line (the hash form's). */
export function plainLineReads(line: string, kinds: ReadonlySet<ActionKind>): LineAction[] | null {
  if (/^\s*#{2}/.test(line) || !LEADING_KEYWORD.test(line)) return null;
  return readLine(line, kinds);
}

/**
 * `voteReading.unbolded` (docs/readings.md A32): a line of plain text that starts with a keyword (`vote Alice`),
 * with no bold run or vote tag on it and not a `##` line.
 */
export function readPlain(
  scan: Scan,
  kinds: ReadonlySet<ActionKind>,
  push: (at: number, read: LineAction, line: string) => void,
): void {
  forEachPlainLine(scan, (start, line) => {
    for (const r of plainLineReads(line, kinds) ?? []) push(start, r, line);
  });
}
