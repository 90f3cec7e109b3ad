import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActionForm } from '../../src/domain/action.js';
import type { Channel } from '../../src/domain/post.js';
import { extractActions, readActions } from '../../src/parser/extract-actions.js';
import { parsedScan, scanHtml } from '../../src/parser/html-scan.js';
import { hasNoMarkupToRead, mayHoldAction } from '../../src/parser/may-hold-action.js';
import { corpusBodies } from '../adapters/eval-data.js';
import { FUZZ_RUNS as RUNS, FUZZ_SEED as SEED } from '../fuzz/budget.js';
import { mutatedBody } from '../fuzz/mutations.js';

// Issue 11: `extractActions` skips htmlparser2 for a post `mayHoldAction` proves empty. The proof must never be
// wrong: every real post and every hostile one reads the same with it as with every post parsed (`readActions`).
const ALL_FORMS: ActionForm[] = ['bold', 'tag', 'hash', 'plain'];

const same = (html: string, syntax: ActionForm[], channel: Channel): void => {
  expect(extractActions(html, { syntax, channel })).toEqual(readActions(html, { syntax, channel }));
};

describe('mayHoldAction: a post it passes over reads as empty', () => {
  const bodies = corpusBodies('the pre-check');
  const skipped = bodies.filter((b) => !mayHoldAction(b, ['bold', 'tag']));

  it('every real post reads the same as with every post parsed (bold and tags; every form, in PMs)', () => {
    expect(bodies.length).toBeGreaterThan(90_000);
    const differ = (syntax: ActionForm[], channel: Channel) =>
      bodies.filter(
        (b) =>
          JSON.stringify(extractActions(b, { syntax, channel })) !==
          JSON.stringify(readActions(b, { syntax, channel })),
      );
    expect(differ(['bold', 'tag'], 'thread').slice(0, 3)).toEqual([]);
    expect(differ(ALL_FORMS, 'pm').slice(0, 3)).toEqual([]);
  }, 300_000);

  it("passes over most real posts: quotes and talk, with no bold, tag or count of the poster's own", () => {
    expect(skipped.length / bodies.length).toBeGreaterThan(0.75);
    // Quoted votes are someone else's: a post whose only bold is inside a quote is passed over too.
    expect(skipped.some((b) => /<blockquote[^>]*>[\s\S]*font-weight:\s*bold/.test(b))).toBe(true);
  });

  it(`${RUNS} hostile posts (mutated real ones) read the same`, () => {
    fc.assert(
      fc.property(
        mutatedBody(bodies),
        fc.subarray(ALL_FORMS, { minLength: 1 }),
        fc.constantFrom<Channel>('thread', 'pm'),
        same,
      ),
      { seed: SEED, numRuns: RUNS },
    );
  }, 300_000);

  it(`${RUNS} posts it passes over, with markup and words put in where it must look again, read the same`, () => {
    const insert = fc.record({ what: fc.constantFrom(...PUT_IN), pos: fc.double({ min: 0, max: 1, noNaN: true }) });
    const body = fc
      .tuple(fc.constantFrom(...skipped.slice(0, 5000)), fc.array(insert, { minLength: 1, maxLength: 6 }))
      .map(([b, edits]) =>
        edits.reduce((acc, e) => {
          const i = Math.floor(e.pos * acc.length);
          return acc.slice(0, i) + e.what + acc.slice(i);
        }, b),
      );
    fc.assert(
      fc.property(body, fc.subarray(ALL_FORMS, { minLength: 1 }), fc.constantFrom<Channel>('thread', 'pm'), same),
      { seed: SEED, numRuns: RUNS },
    );
  }, 300_000);

  it('a post with no markup to read (count-posts.ts: no request for a count) scans with no bold, tag or heading', () => {
    const unread = (html: string) => {
      const scan = scanHtml(html, true);
      return scan.bold.length + scan.tags.length + scan.headings.length > 0;
    };
    const passed = bodies.filter(hasNoMarkupToRead);
    expect(passed.length).toBeGreaterThan(bodies.length / 2);
    expect(passed.filter(unread).slice(0, 3)).toEqual([]);
    fc.assert(
      fc.property(mutatedBody(bodies), (html) => !(hasNoMarkupToRead(html) && unread(html))),
      { seed: SEED, numRuns: RUNS },
    );
  }, 300_000);

  it.each(EDGES)('%s', (html) => {
    for (const syntax of [['bold', 'tag'], ALL_FORMS] as ActionForm[][]) same(html, syntax, 'thread');
  });
});

// The scan reads plain markup without htmlparser2 (`walkPlainMarkup`): it must give what htmlparser2's walk gives,
// text, line breaks, bold runs, headings and vote tags alike, on every real post and on hostile ones.
describe('scanHtml: plain markup scans as htmlparser2 scans it', () => {
  const bodies = corpusBodies('the pre-check');
  const sameScan = (html: string) => {
    for (const captureTags of [true, false]) expect(scanHtml(html, captureTags)).toEqual(parsedScan(html, captureTags));
  };

  it('every real post', () => {
    const differ = bodies.filter(
      (b) =>
        JSON.stringify(scanHtml(b, true)) !== JSON.stringify(parsedScan(b, true)) ||
        JSON.stringify(scanHtml(b, false)) !== JSON.stringify(parsedScan(b, false)),
    );
    expect(differ.slice(0, 3)).toEqual([]);
  }, 300_000);

  it(`${RUNS} hostile posts (mutated real ones)`, () => {
    fc.assert(fc.property(mutatedBody(bodies), sameScan), { seed: SEED, numRuns: RUNS });
  }, 300_000);

  it(`${RUNS} real posts with markup and words put in`, () => {
    const insert = fc.record({ what: fc.constantFrom(...PUT_IN), pos: fc.double({ min: 0, max: 1, noNaN: true }) });
    const body = fc
      .tuple(fc.constantFrom(...bodies.slice(0, 5000)), fc.array(insert, { minLength: 1, maxLength: 6 }))
      .map(([b, edits]) =>
        edits.reduce((acc, e) => {
          const i = Math.floor(e.pos * acc.length);
          return acc.slice(0, i) + e.what + acc.slice(i);
        }, b),
      );
    fc.assert(fc.property(body, sameScan), { seed: SEED, numRuns: RUNS });
  }, 300_000);

  it.each([...EDGES, ...SCAN_EDGES])('%s', sameScan);
});

/** Pieces a fuzzed post gets: each one either changes what the parser reads or must not be mistaken for that. */
const PUT_IN = [
  '<b>',
  '</b>',
  '<strong>Vote: Alice</strong>',
  '<span style="font-weight: bold">',
  '<span style="font-weight&#58;bold">',
  '<span class="noboldsig">',
  '<span class="bbvote" title="This is an official vote.">VOTE: Alice</span>',
  // A55, A56: markup typed as text, shown as text.
  '<br>[vote}Alice[/vote]<br>',
  '<br>&lt;b&gt;Vote: Alice&lt;/b&gt;<br>',
  '<br>Vote: Alice[/b]<br>',
  '<blockquote>',
  '</blockquote>',
  '<blockquote class="uncited"><div>',
  '</div></blockquote>',
  '<div class="quotecontent">',
  '<div class="quote">',
  '<p class="quote">',
  '<p>',
  '</p>',
  '<div>',
  '</div>',
  '<li class="spoiler">',
  '<li>',
  '<ul>',
  '</ul>',
  '<table><tr><td class="quote">',
  '<td>',
  '</table>',
  '<select>',
  '<option>',
  '<svg><p class="quote"/>',
  '<svg>',
  '</svg>',
  '<br>',
  '<br/>',
  '</br>',
  '<hr class="quote">',
  '<del>',
  '<s>',
  '</s>',
  '<q>',
  '</q>',
  '<script>',
  '</script>',
  '<textarea>',
  '<title>',
  '<xmp>',
  '<!-- </blockquote> -->',
  '<a title="</blockquote>">',
  "<a title='x>y'>",
  '<a b=x"y>',
  '<h2>',
  '</h2>',
  '<bloc\u212aquote>',
  '<STRONG>',
  '<BLOCKQUOTE>',
  '<span style="display:none">',
  '<span style="text-decoration: line-through">',
  '<span id="spoiler_1">',
  '<span title="This text is hidden">',
  'vote',
  'Vote: Alice',
  ' unvote',
  'v&#111;te',
  'Vo\u200bte Alice',
  '##vote Alice',
  '#',
  '&#35;&#35;vote x',
  'reset',
  'The votes are reset.',
  'The votes are re',
  'set.',
  'Vote Count',
  'vote&nbsp;count',
  'tally',
  'VC',
  'v.c',
  'Alice (0)',
  'Bob - 0',
  '&amp;',
  '&lt;b&gt;',
  '&ampx',
  '&',
  '<',
  '< b>',
  '<3',
  '</ b>',
  '</>',
];

/** Posts made to catch a pre-check that reads HTML otherwise than htmlparser2. */
const EDGES = [
  '',
  'just talk',
  'a <blockquote>quoted',
  '<blockquote><blockquote>x</blockquote>',
  '<div class="quote"><div>x</div>',
  '<div class="quote"><p>x</div>',
  '<p class="quote">x<div>The votes are reset.</div>',
  '<li class="spoiler">x<li>vote count<br>Alice (0)<br>Bob (0)',
  '<b>Vote: Alice</b>',
  '<blockquote><b>Vote: Alice</b></blockquote>',
  '<blockquote><b>Vote: Alice</b></blockquote>tail',
  '<a title="</blockquote>"><blockquote>x</a>',
  '<blockquote><!-- </blockquote> -->x',
  '<blockquote><script></blockquote></script>',
  '<title><b>Vote: Alice</b></title>',
  '<textarea></blockquote></textarea>',
  '<svg><blockquote/></svg>The votes are reset.',
  '<bloc\u212aquote>x',
  '<blockquote>x</bloc\u212aquote>',
  're<q>x</q>set: the votes are reset',
  'vo<i>te</i> Alice',
  'v&#111;te Alice',
  'The votes &#97;re reset.',
  'vote&nbsp;count<br>Alice 0<br>Bob 0',
  '<span class="bbvote">VOTE: Alice</span>',
  '<span style="font-weight&#58;bold">Vote: Alice</span>',
  '<span class="q&#117;ote">x',
  '&#35;&#35;vote Alice',
  '<h1>vote Alice</h1>',
  '<table><tr><td class="quote">x<tr><td>y',
  '<select class="quote"><option>x<select>y',
  '<blockquote>x</blockquote >',
  '<blockquote>x</ blockquote>',
  '<br class="quote">The votes are reset.',
  '<a href="x?a=1&amp;b=2">link</a>',
  '<a href="x?a=1&b=2">link</a>',
];

/** Where htmlparser2 adds, closes or drops elements of its own accord: the plain reader must do the same. */
const SCAN_EDGES = [
  'a</br>b',
  'a</p>b',
  'a</img>b<img class="spoiler">c',
  '<p>a<div>b</div>c',
  '<p>a<p>b<h2>c</h2>',
  '<li>a<li>b</li>',
  '<b>a<div style="display:inline;font-weight:bold">b</b>c</div>',
  '<b>unclosed bold',
  '<blockquote>a<b>b</blockquote>c</b>',
  'a<hr>b<hr/>c',
  '<span class="bbvote" title="a &amp; b">VOTE: x</span><span class="bbvote">VOTE: y',
  '<span class="bbvote" title="first" title="second">VOTE: x</span>',
  '<B>Vote: x</B><H3>h</H3>',
  '<span class="bbvote"><span class="bbvote">a</span>b</span>',
  '<span class="bbvote">a<br>b</span>',
  '<div style="display: inline">a</div><div style="DISPLAY:block">b</div>',
  'x &lt;b&gt; &quot;y&quot; &apos;z&#39; &nbsp;w',
];
