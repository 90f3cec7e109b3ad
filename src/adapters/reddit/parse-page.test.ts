import { describe, expect, it } from 'vitest';
import { ModdeskError } from '../../domain/errors.js';
import {
  bodyHtml,
  commentToPost,
  parseCommentsPage,
  parseMoreChildren,
  parseRedditJson,
  sortPosts,
} from './parse-page.js';

const t1 = (id: string, extra: Record<string, unknown> = {}) => ({
  kind: 't1',
  data: {
    id,
    name: `t1_${id}`,
    author: 'Alice',
    body: '**Vote: Bob**',
    body_html: '<!-- SC_OFF --><div class="md"><p><strong>Vote: Bob</strong></p>\n</div><!-- SC_ON -->',
    created_utc: 1_767_787_200,
    edited: false,
    parent_id: 't3_abc',
    link_id: 't3_abc',
    permalink: `/r/mafia/comments/abc/day_1/${id}/`,
    replies: '',
    ...extra,
  },
});
const listing = (children: unknown[]) => ({ kind: 'Listing', data: { after: null, before: null, children } });
const page = (children: unknown[]) => [
  listing([{ kind: 't3', data: { id: 'abc', name: 't3_abc', num_comments: 9 } }]),
  listing(children),
];

describe('Reddit page mapper (pure)', () => {
  it('flattens nested replies, keeps `replies: ""` leaves and collects more / continue stubs', () => {
    const json = page([
      t1('a1', {
        replies: listing([
          t1('a2', {
            parent_id: 't1_a1',
            replies: listing([
              { kind: 'more', data: { count: 0, name: 't1__', id: '_', parent_id: 't1_a2', depth: 10, children: [] } },
            ]),
          }),
        ]),
      }),
      {
        kind: 'more',
        data: { count: 5, name: 't1_b1', id: 'b1', parent_id: 't3_abc', depth: 0, children: ['b1', 'b2'] },
      },
    ]);
    const r = parseCommentsPage(json);
    expect(r.submission.num_comments).toBe(9);
    expect(r.comments.map((c) => c.id)).toEqual(['a1', 'a2']);
    expect(r.stubs).toEqual([
      { kind: 'continue', parentId: 't1_a2' },
      { kind: 'more', parentId: 't3_abc', children: ['b1', 'b2'], count: 5 },
    ]);
  });

  it('maps a comment to a §1 post: created_utc, edited epoch, html without SC markers, link', () => {
    const [c] = parseCommentsPage(page([t1('x9', { edited: 1_767_790_000.0 })])).comments;
    expect(commentToPost(c!)).toEqual({
      id: 'x9',
      author: 'Alice',
      createdAt: '2026-01-07T12:00:00Z',
      editedAt: '2026-01-07T12:46:40Z',
      html: '<div class="md"><p><strong>Vote: Bob</strong></p>\n</div>',
      channel: 'thread',
      url: 'https://www.reddit.com/r/mafia/comments/abc/day_1/x9/',
      parentId: 't3_abc',
    });
  });

  it('decodes body_html once when raw_json was not sent, and escapes a markdown-only body', () => {
    expect(
      bodyHtml('&lt;div class=&quot;md&quot;&gt;&lt;p&gt;a &amp;amp; b &amp;gt; c&lt;/p&gt;&lt;/div&gt;', undefined),
    ).toBe('<div class="md"><p>a &amp; b &gt; c</p></div>');
    expect(bodyHtml(undefined, 'a < b')).toBe('<div class="md"><p>a &lt; b</p></div>');
  });

  it('marks [deleted] and [removed] comments; legacy `edited: true` has no known time', () => {
    const { comments } = parseCommentsPage(
      page([
        t1('d1', { author: '[deleted]', body: '[deleted]', body_html: '<div class="md"><p>[deleted]</p></div>' }),
        t1('d2', { author: '[deleted]', body: '[removed]' }),
        t1('d3', { edited: true }),
      ]),
    );
    expect(comments.map((c) => commentToPost(c)).map((p) => [p.deleted ?? null, p.editedAt])).toEqual([
      ['deleted', null],
      ['removed', null],
      [null, null],
    ]);
  });

  it('sorts by createdAt, then ID36 order (shorter ids first) on equal seconds', () => {
    const posts = ['zz', '100', 'zy'].map((id) => commentToPost(parseCommentsPage(page([t1(id)])).comments[0]!));
    expect(sortPosts(posts).map((p) => p.id)).toEqual(['zy', 'zz', '100']);
  });

  it('reads a morechildren envelope and reports Reddit errors as errors', () => {
    const ok = parseMoreChildren({
      json: { errors: [], data: { things: [t1('m1'), t1('m2', { parent_id: 't1_m1' })] } },
    });
    expect(ok.comments.map((c) => c.parent_id)).toEqual(['t3_abc', 't1_m1']);
    expect(() => parseMoreChildren({ json: { errors: [['RATELIMIT', 'slow down', 'ratelimit']] } })).toThrow(
      /RATELIMIT/,
    );
  });

  it('names the place of a malformed field and quotes what was received', () => {
    const bad = page([t1('q1', { created_utc: 'yesterday' })]);
    const err = (() => {
      try {
        parseRedditJson(bad, { file: 'saved/day1.json' });
      } catch (e) {
        return e;
      }
    })() as ModdeskError;
    expect(err).toBeInstanceOf(ModdeskError);
    expect(err.code).toBe('dump-invalid');
    expect(err.oneLine()).toMatch(
      /^saved\/day1\.json: \[1\]\.data\.children\[0\]\.data\.created_utc: expected Reddit JSON/,
    );
  });

  it("names a thing whose data is not an object (the page's shape is checked before each thing's fields)", () => {
    for (const data of [null, 'gone', [1, 2]]) {
      const bad = page([t1('q1'), { kind: 't1', data }]);
      const err = (() => {
        try {
          parseRedditJson(bad, { where: 'GET /comments/abc' });
        } catch (e) {
          return e;
        }
      })() as ModdeskError;
      expect(err).toBeInstanceOf(ModdeskError);
      expect(err.oneLine()).toMatch(
        /GET \/comments\/abc \[1\]\.data\.children\[1\]\.data: expected Reddit JSON \(expected an object\)/,
      );
    }
  });

  it('maps an inbox Listing to pm posts with `to`, leaving out comment replies', () => {
    const msg = (id: string, extra: Record<string, unknown> = {}) => ({
      kind: 't4',
      data: {
        id,
        name: `t4_${id}`,
        author: 'Cleo',
        dest: 'TheMod',
        subject: 'N1',
        body: 'Target: Dan',
        body_html: '<div class="md"><p>Target: Dan</p></div>',
        created_utc: 1_767_800_000,
        was_comment: false,
        replies: '',
        ...extra,
      },
    });
    const { posts } = parseRedditJson(listing([msg('p2'), msg('p1', { was_comment: true })]));
    expect(posts).toEqual([
      {
        id: 't4_p2',
        author: 'Cleo',
        createdAt: '2026-01-07T15:33:20Z',
        editedAt: null,
        html: '<div class="md"><p>Target: Dan</p></div>',
        channel: 'pm',
        to: 'TheMod',
        subject: 'N1',
        url: 'https://www.reddit.com/message/messages/p2',
      },
    ]);
  });
});
