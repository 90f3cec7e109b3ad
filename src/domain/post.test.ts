import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asPost, postSchema } from './post.js';

/** Values near a post: every field sometimes missing, of the wrong type or empty; extra fields. */
const field = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constantFrom('', 'p1', 'thread', 'pm', 'Thread', '2026-01-07T18:02:11Z'),
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);
const KEYS = ['id', 'author', 'createdAt', 'editedAt', 'html', 'channel', 'to', 'url', 'number', 'raw'];
const nearPost = fc
  .record(Object.fromEntries(KEYS.map((k) => [k, field])), { requiredKeys: [] })
  .map((r) => JSON.parse(JSON.stringify(r)) as unknown);
/** A valid post with a few fields changed or dropped: most cases sit on the line between accepted and refused. */
const base = { id: 'p1', author: 'Ann', createdAt: '2026-01-07T18:02:11Z', html: '<b>Vote: Bob</b>' };
const almostPost = fc
  .dictionary(fc.constantFrom(...KEYS), field, { maxKeys: 3 })
  .map((changes) => JSON.parse(JSON.stringify({ ...base, ...changes })) as unknown);
const anyJson = fc.oneof(nearPost, almostPost, fc.jsonValue());

describe('asPost (the dump fast path)', () => {
  it('accepts exactly what postSchema accepts, and gives the same post, fields in the same order', () => {
    fc.assert(
      fc.property(anyJson, (raw) => {
        const parsed = postSchema().safeParse(raw);
        const fast = asPost(structuredClone(raw));
        expect(fast !== null).toBe(parsed.success);
        if (parsed.success) expect(JSON.stringify(fast)).toBe(JSON.stringify({ ...(raw as object), ...parsed.data }));
      }),
      { numRuns: 3000 },
    );
  });

  it('fills the defaults of a minimal post', () => {
    expect(asPost({ id: 'a', author: 'B', createdAt: 'x', html: '' })).toEqual({
      id: 'a',
      author: 'B',
      createdAt: 'x',
      html: '',
      editedAt: null,
      channel: 'thread',
    });
  });
});
