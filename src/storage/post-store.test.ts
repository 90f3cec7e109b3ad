import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Post } from '../domain/post.js';
import { inDumpOrder, withNewPosts } from './post-store.js';

const post = (id: string, second: number, html = ''): Post => ({
  id,
  author: 'a',
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
  editedAt: null,
  html,
  channel: 'thread',
});

describe('withNewPosts', () => {
  it('gives the order inDumpOrder gives, appended or not (same second, shorter ids, versions of the last post)', () => {
    const lines = fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 5 })), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(lines, lines, (old, fresh) => {
        // Old lines may repeat an id (later versions, with another time); new lines are posts not seen before.
        const sorted = inDumpOrder(old.map(([id, s], i) => post(`${id}`, s, `v${i}`)));
        const known = new Set(sorted.map((p) => p.id));
        const seen = new Set<string>();
        const added = fresh
          .map(([id, s]) => post(`${id + 41}`, s))
          .filter((p) => !known.has(p.id) && !seen.has(p.id) && seen.add(p.id));
        expect(withNewPosts(sorted, added)).toEqual(inDumpOrder([...sorted, ...added]));
      }),
      { numRuns: 300, seed: 16 },
    );
  });
});
