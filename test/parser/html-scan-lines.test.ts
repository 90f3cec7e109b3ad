import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNT_HEADING, NOT_A_COUNT, readsAsVoteCount } from '../../src/parser/count-posts.js';
import { MENTIONS_COUNT } from '../../src/parser/count-words.js';
import { cleanText, type Scan, scanHtml } from '../../src/parser/html-scan.js';
import { corpusBodies } from '../adapters/eval-data.js';
import { FUZZ_RUNS as RUNS, FUZZ_SEED as SEED } from '../fuzz/budget.js';
import { mutatedBody } from '../fuzz/mutations.js';

// Issue 11: `readsAsVoteCount` reads a post's first 41 lines, so its scan stops there (`scanHtml`'s `lines`). What
// it reads must be what the whole pass gives: every real post and every hostile one, and the count reading itself.

/** The part of a scan that the first `lines` lines are made of. */
function firstLines(scan: Scan, lines: number) {
  const breaks = scan.breaks.slice(0, lines);
  const end = breaks.length === lines ? (breaks.at(-1) as number) : scan.text.length;
  return { breaks, text: scan.text.slice(0, end) };
}

/** `readsAsVoteCount` as it was written before its scan stopped early: the whole 50 kB read. */
function readsAsVoteCountWhole(html: string): boolean {
  if (!MENTIONS_COUNT.test(html)) return false;
  const scan = scanHtml(html.slice(0, 50_000), false);
  let start = 0;
  for (let i = 0; i <= Math.min(scan.breaks.length, 40); i++) {
    const end = scan.breaks[i] ?? scan.text.length;
    const line = cleanText(scan.text.slice(start, end)).trim();
    start = end;
    if (line.length > 0 && line.length <= 60 && COUNT_HEADING.test(line) && !NOT_A_COUNT.test(line)) return true;
  }
  return false;
}

const sameLines = (html: string, lines: number, captureTags: boolean) =>
  JSON.stringify(firstLines(scanHtml(html, captureTags, lines), lines)) ===
  JSON.stringify(firstLines(scanHtml(html, captureTags), lines));

describe('scanHtml with a number of lines: the first lines of the whole pass', () => {
  const bodies = corpusBodies('the scan');

  it('every real post: the first 1, 3 and 41 lines (text and breaks), with and without vote tags', () => {
    expect(bodies.length).toBeGreaterThan(90_000);
    const long = bodies.filter((b) => scanHtml(b, false).breaks.length > 41);
    // The stop is taken: many real posts have more lines than the count reader reads.
    expect(long.length).toBeGreaterThan(300);
    for (const lines of [1, 3, 41]) {
      expect(bodies.filter((b) => !sameLines(b, lines, false)).slice(0, 3)).toEqual([]);
      expect(long.filter((b) => !sameLines(b, lines, true)).slice(0, 3)).toEqual([]);
    }
  }, 300_000);

  it('every real post reads as a vote count, or not, as with the whole 50 kB scanned', () => {
    const differ = bodies.filter((b) => readsAsVoteCount(b) !== readsAsVoteCountWhole(b));
    expect(differ.slice(0, 3)).toEqual([]);
    expect(bodies.filter((b) => readsAsVoteCount(b)).length).toBeGreaterThan(500);
  }, 300_000);

  it('hostile posts (fuzzed real ones): the same first lines and the same count reading', () => {
    const counts = bodies.filter((b) => MENTIONS_COUNT.test(b) && b.length < 20_000);
    fc.assert(
      fc.property(mutatedBody(counts), fc.integer({ min: 1, max: 45 }), (body, lines) => {
        expect(sameLines(body, lines, false)).toBe(true);
        expect(readsAsVoteCount(body)).toBe(readsAsVoteCountWhole(body));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 300_000);

  it('stops inside an open quote or bold run, and after a block element', () => {
    const rows = Array.from({ length: 50 }, (_, i) => `row ${i}`);
    const cases = [
      rows.join('<br>'),
      `<blockquote>${rows.join('<br>')}`,
      `<b>${rows.join('<br>')}</b> after`,
      rows.map((r) => `<div>${r}</div>`).join(''),
      `${rows.slice(0, 40).join('<br>')}<br><br><br>Vote Count 1.1<br>x`,
      `a<br>b&amp;c<br><span class="bbvote" title="x">VOTE: y</span>${rows.join('<br>')}`,
    ];
    for (const html of cases) for (const lines of [1, 2, 40, 41, 42]) expect(sameLines(html, lines, true)).toBe(true);
  });
});
