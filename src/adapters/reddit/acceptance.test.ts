import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeThread } from '../../../test/fakes/reddit-fake-thread.js';
import { FakeRedditServer, partialLikeReddit } from '../../../test/fakes/reddit-server.js';
import { createRedditAdapter } from './adapter.js';
import { readRedditConfig } from './config.js';

/**
 * The count is of requests Reddit answers: the fakes' 400 ms timeout (for the fault tests) would, on a loaded machine,
 * time out a 100-comment answer and count its retry.
 */
const PATIENT = { MODDESK_REDDIT_TIMEOUT_MS: '30000' };

/**
 * Issue 5 acceptance: a 5,000-comment thread in ≤ 60 requests (undici), snoowrap's count beside it, a 2-request quiet
 * poll; issue 30 item 5: ≤ 55 requests, whole or with partial answers, with either gateway.
 */
describe('Reddit acceptance: a 5,000-comment thread', () => {
  let fake: FakeRedditServer;
  const counts: Record<string, number> = {};
  beforeAll(async () => {
    fake = await FakeRedditServer.start({ thread: new FakeThread().generate(5000, 11) });
  });
  afterAll(async () => {
    await fake.close();
    expect(fake.problems()).toEqual([]);
    process.stdout.write(
      `reddit 5,000 comments: undici ${counts.undici} requests, snoowrap ${counts.snoowrap} requests\n`,
    );
  });

  it.each(['undici', 'snoowrap'] as const)(
    'reads every comment with the %s gateway, then polls quietly in 2 requests',
    async (gateway) => {
      const adapter = createRedditAdapter(readRedditConfig({ url: fake.threadUrl, env: fake.env(PATIENT) }), gateway);
      const progress: number[] = [];
      const r = await adapter.read(null, { onProgress: (p) => progress.push(p.pagesDone) });
      expect(new Set(r.posts.map((p) => p.id)).size).toBe(5000);
      expect(r.posts).toHaveLength(5000);
      expect(progress.length).toBeGreaterThan(10);
      counts[gateway] = r.requests;
      expect(r.requests).toBeLessThanOrEqual(55);
      const quiet = await adapter.read(r.cursor);
      expect(quiet).toMatchObject({ posts: [], requests: 2, mapped: 0 });
    },
  );
});

/**
 * Issue 12: the same thread when morechildren answers leave ids out, as Reddit's do: still complete in one read.
 * Issue 30 item 5: the ids left out ride in calls sent anyway, so the read costs 3 more than a whole one (the
 * permalinks of the 3 comments no answer gives, and one last call), not 5-6.
 */
describe('Reddit acceptance: 5,000 comments with partial morechildren answers', () => {
  let fake: FakeRedditServer;
  const counts: Record<string, number> = {};
  beforeAll(async () => {
    fake = await FakeRedditServer.start({ thread: new FakeThread().generate(5000, 11), leftOut: partialLikeReddit });
  });
  afterAll(async () => {
    await fake.close();
    expect(fake.problems()).toEqual([]);
    process.stdout.write(
      `reddit 5,000 comments, partial answers (${fake.leftOutCount} ids left out): undici ${counts.undici} requests, snoowrap ${counts.snoowrap} requests\n`,
    );
  });

  it.each(['undici', 'snoowrap'] as const)(
    'reads every comment in one full read with the %s gateway',
    async (gateway) => {
      const before = fake.leftOutCount;
      const adapter = createRedditAdapter(readRedditConfig({ url: fake.threadUrl, env: fake.env(PATIENT) }), gateway);
      const r = await adapter.read(null);
      expect(fake.leftOutCount - before).toBeGreaterThan(40);
      expect(new Set(r.posts.map((p) => p.id)).size).toBe(5000);
      expect(r.missing).toBeUndefined();
      counts[gateway] = r.requests;
      expect(r.requests).toBeLessThanOrEqual(55);
    },
  );
});
