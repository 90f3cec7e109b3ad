import { afterEach, describe, expect, test } from 'vitest';
import { requestFullRead } from '../../src/adapters/common/paged-cursor.js';
import type { ReadOptions, ReadStats } from '../../src/adapters/common/paged-forum.js';
import type { SourceOptions } from '../../src/adapters/common/paged-source.js';
import { HostScheduler } from '../../src/adapters/http/host-scheduler.js';
import type { HttpOptions } from '../../src/adapters/http/polite-client.js';
import type { Cursor, ReadResult, ThreadSink, ThreadSource } from '../../src/adapters/types.js';
import { ModdeskError } from '../../src/domain/errors.js';
import type { Post } from '../../src/domain/post.js';
import { FAULT_KINDS, type FaultKind } from '../fakes/fake-server.js';
import type { FakePost } from '../fakes/fake-thread.js';
import type { ForumFake } from '../fakes/forum-fake.js';

/**
 * The one contract every forum adapter passes on its fake server (issue 5): complete reads, 1-request quiet polls
 * that map no old post, new posts, announced and silent edits, deletions shifting pages, every injected fault,
 * robots.txt, resumable backfills; nothing lost or duplicated, and no request the fake does not expect.
 */
export type ContractSource = ThreadSource &
  ThreadSink & {
    stats: ReadStats;
    close(): Promise<void>;
    read(cursor: Cursor | null, opts?: ReadOptions): Promise<ReadResult>;
  };

export interface Subject {
  name: string;
  startFake(posts: number): Promise<ForumFake>;
  createSource(opts: SourceOptions): ContractSource;
  /** Requests that read thread content (where faults are injected). */
  contentPath: RegExp;
  /** How precisely the platform shows post times. */
  timeResolution: 'second' | 'minute';
  editResolution: 'second' | 'minute';
  /** The body the adapter should return for a post of the fake. */
  expectedHtml?(html: string): string;
  /** Requests (robots.txt excluded) of a full read of `n` posts. */
  fullReadRequests(n: number): number;
  /** The forum's time zone, as the moderator configures it. */
  timeZone?: string;
}

export const TEST_HTTP: Partial<HttpOptions> = {
  minGapMs: 2,
  jitter: 0,
  timeoutMs: 800,
  backoffBaseMs: 5,
  backoffMaxMs: 50,
};

export function iso(ms: number, resolution: 'second' | 'minute'): string {
  const step = resolution === 'minute' ? 60_000 : 1000;
  return new Date(Math.floor(ms / step) * step).toISOString().replace('.000Z', 'Z');
}

export function runContract(s: Subject): void {
  describe(`${s.name} adapter contract`, () => {
    const open: { fake: ForumFake; source: ContractSource }[] = [];
    afterEach(async () => {
      for (const { fake, source } of open.splice(0)) {
        await source.close();
        await fake.close();
        fake.server.assertClean();
        expect(fake.server.pendingFaults(), 'every injected fault was hit').toBe(0);
      }
    });

    const setup = async (posts: number, extra: Partial<SourceOptions> = {}) => {
      const fake = await s.startFake(posts);
      const source = s.createSource({
        url: fake.threadUrl,
        env: {},
        timeZone: s.timeZone,
        http: { ...TEST_HTTP, scheduler: new HostScheduler() },
        ...extra,
      });
      open.push({ fake, source });
      return { fake, source };
    };

    const expectPosts = (got: Post[], want: FakePost[]) => {
      expect(got.map((p) => p.id)).toEqual(want.map((p) => String(p.id)));
      for (const [i, p] of want.entries()) {
        const post = got[i]!;
        expect(post.author.toLowerCase()).toBe(p.author.toLowerCase());
        expect(post.createdAt).toBe(iso(p.createdAt, s.timeResolution));
        expect(post.html).toBe(s.expectedHtml ? s.expectedHtml(p.html) : p.html);
        expect(post.channel).toBe('thread');
        expect(post.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
        expect(post.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      }
    };

    const noDuplicates = (posts: Post[]) => {
      const keys = posts.map((p) => `${p.id}|${p.editedAt}`);
      expect(new Set(keys).size).toBe(keys.length);
    };

    test('reads every post once, in order, body only, with robots.txt asked first', async () => {
      const { fake, source } = await setup(37);
      const r = await source.read(null);
      expectPosts(r.posts, fake.thread.visible());
      const log = fake.server.take();
      expect(log[0]).toBe('GET /robots.txt');
      expect(r.requests).toBe(1 + s.fullReadRequests(37));
      expect(log.length).toBe(r.requests);
      for (const p of r.posts) expect(p.html).not.toMatch(/My signature|Last edited/);
      expect(new Set(r.posts.map((p) => p.url)).size).toBe(r.posts.length);
    });

    test('a quiet poll costs exactly 1 request and maps no post again', async () => {
      const { fake, source } = await setup(37);
      const first = await source.read(null);
      fake.server.take();
      const mapped = source.stats.postsMapped;
      const quiet = await source.read(first.cursor);
      expect(quiet.posts).toEqual([]);
      expect(quiet.requests).toBe(1);
      expect(fake.server.take()).toHaveLength(1);
      expect(source.stats.postsMapped).toBe(mapped);
      const again = await source.read(quiet.cursor);
      expect(again.requests).toBe(1);
      expect(again.posts).toEqual([]);
    });

    test('new posts between polls: only the new ones, only pages that can have changed', async () => {
      const { fake, source } = await setup(37);
      let r = await source.read(null);
      for (const add of [1, 4, 26]) {
        const mapped = source.stats.postsMapped;
        const added = fake.thread.addPosts(add);
        r = await source.read(r.cursor);
        expectPosts(r.posts, added);
        expect(source.stats.postsMapped - mapped, 'old posts are not mapped again').toBe(add);
        expect(r.requests).toBeLessThanOrEqual(1 + Math.ceil(add / 10) + 1);
      }
    });

    test('an edit the platform shows becomes a later version of the post', async () => {
      const { fake, source } = await setup(37);
      const first = await source.read(null);
      const target = fake.thread.visible().at(-2)!;
      fake.thread.edit(target.id, `${target.html}<br>\nEdited: <strong>Unvote</strong>`, {
        at: target.createdAt + 3_600_000,
      });
      const r = await source.read(first.cursor);
      expect(r.posts).toHaveLength(1);
      const v = r.posts[0]!;
      expect(v.id).toBe(String(target.id));
      expect(v.html).toContain('Edited:');
      expect(v.editedAt).toBe(iso(target.createdAt + 3_600_000, s.editResolution));
      expect(v.createdAt).toBe(first.posts.find((p) => p.id === v.id)!.createdAt);
      const quiet = await source.read(r.cursor);
      expect(quiet.posts).toEqual([]);
    });

    test('a silent edit (no notice, no time) is found by content hash and stamped when seen', async () => {
      const { fake, source } = await setup(37);
      const first = await source.read(null);
      const last = fake.thread.visible().at(-1)!;
      fake.thread.edit(last.id, '<strong>Vote: Zed</strong>', { silent: true });
      const before = Date.now();
      const r = await source.read(first.cursor);
      expect(r.posts.map((p) => [p.id, p.html])).toEqual([
        [String(last.id), s.expectedHtml?.('<strong>Vote: Zed</strong>') ?? '<strong>Vote: Zed</strong>'],
      ]);
      const seen = Date.parse(r.posts[0]!.editedAt!);
      expect(seen).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 2000);
      expect(seen).toBeLessThanOrEqual(Date.now() + 1000);
    });

    test('edits far back are found by a full read the cursor asks for (e.g. at a deadline), and only they are emitted', async () => {
      const { fake, source } = await setup(37);
      const first = await source.read(null);
      const early = fake.thread.visible()[2]!;
      fake.thread.edit(early.id, '<strong>Vote: Early</strong>', { silent: true });
      const poll = await source.read(first.cursor);
      expect(poll.requests).toBe(1);
      const full = await source.read(requestFullRead(poll.cursor));
      expect(full.posts.map((p) => [p.id, p.html])).toEqual([
        [String(early.id), s.expectedHtml?.('<strong>Vote: Early</strong>') ?? '<strong>Vote: Early</strong>'],
      ]);
      expect(full.requests).toBeLessThanOrEqual(s.fullReadRequests(37) + 1);
      const quiet = await source.read(full.cursor);
      expect(quiet).toMatchObject({ posts: [], requests: 1 });
    });

    test('deletions shift pages back: new posts are neither lost nor duplicated', async () => {
      const { fake, source } = await setup(37);
      let r = await source.read(null);
      const all = [...r.posts];
      const visible = fake.thread.visible();
      for (const p of visible.slice(3, 6)) fake.thread.remove(p.id);
      fake.thread.remove(visible.at(-1)!.id);
      const added = fake.thread.addPosts(5);
      r = await source.read(r.cursor);
      all.push(...r.posts);
      expectPosts(r.posts, added);
      noDuplicates(all);
    });

    test('a thread that shrank below the last page read still yields its new posts', async () => {
      const { fake, source } = await setup(45);
      const first = await source.read(null);
      for (const p of fake.thread.visible().slice(2, 40)) fake.thread.remove(p.id);
      const added = fake.thread.addPosts(3);
      const r = await source.read(first.cursor);
      expectPosts(r.posts, added);
    });

    for (const kind of FAULT_KINDS) {
      test(`fault ${kind}: a full read and a poll lose and duplicate nothing`, async () => {
        const { fake, source } = await setup(37);
        fake.server.inject(kind, { match: s.contentPath, retryAfter: kind === '429' ? '0' : undefined });
        const r = await source.read(null);
        expectPosts(r.posts, fake.thread.visible());
        expect(r.requests).toBe(2 + s.fullReadRequests(37));
        const added = fake.thread.addPosts(12);
        fake.server.inject(kind, { match: s.contentPath });
        const poll = await source.read(r.cursor);
        expectPosts(poll.posts, added);
        noDuplicates([...r.posts, ...poll.posts]);
      });
    }

    test('429 with Retry-After: 1 waits a second before asking again', async () => {
      const { fake, source } = await setup(5);
      const first = await source.read(null);
      fake.thread.addPosts(1);
      fake.server.inject('429', { match: s.contentPath, retryAfter: '1' });
      const t0 = Date.now();
      const r = await source.read(first.cursor);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
      expect(r.posts).toHaveLength(1);
      expect(r.requests).toBe(2);
    });

    test('robots.txt that disallows the thread stops the read before any page', async () => {
      const fake = await s.startFake(5);
      fake.server.robotsTxt = 'User-agent: *\nDisallow: /\n';
      const source = s.createSource({
        url: fake.threadUrl,
        env: {},
        timeZone: s.timeZone,
        http: { ...TEST_HTTP, scheduler: new HostScheduler() },
      });
      open.push({ fake, source });
      const err = await source.read(null).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModdeskError);
      expect((err as ModdeskError).code).toBe('http');
      expect((err as Error).message).toMatch(/robots\.txt/);
      expect(fake.server.take()).toEqual(['GET /robots.txt']);
    });

    test('every request carries the honest User-Agent and one host is asked one request at a time', async () => {
      const { fake, source } = await setup(37);
      await source.read(null);
      for (const r of fake.server.requests)
        expect(r.headers['user-agent']).toMatch(/^moddesk\/\d+\.\d+\.\d+ \(\+.+\)$/);
    });

    test('a backfill stopped after a checkpoint resumes from it with nothing lost or repeated', async () => {
      const { fake, source } = await setup(95, { checkpointEvery: 1 });
      const saved: ReadResult[] = [];
      const stop = new Error('stopped');
      const err = await source
        .read(null, {
          onCheckpoint: (partial) => {
            saved.push(partial);
            if (saved.length === 2) throw stop;
          },
        })
        .catch((e: unknown) => e);
      expect(err).toBe(stop);
      const resumed = await source.read(saved.at(-1)!.cursor);
      const all = [...saved.flatMap((p) => p.posts), ...resumed.posts];
      expectPosts(all, fake.thread.visible());
    });

    test('a cursor of another thread is refused', async () => {
      const { source } = await setup(3);
      const err = await source.read({ v: 1, platform: 'other', thread: 'x' }).catch((e: unknown) => e);
      expect((err as ModdeskError).code).toBe('usage');
    });

    test('a thread of 1,200 posts reads completely; its quiet poll is still 1 request', async () => {
      const { fake, source } = await setup(1200);
      const r = await source.read(null);
      expect(r.posts).toHaveLength(1200);
      expect(r.posts.map((p) => p.id)).toEqual(fake.thread.visible().map((p) => String(p.id)));
      const quiet = await source.read(r.cursor);
      expect(quiet.requests).toBe(1);
      expect(JSON.stringify(r.cursor).length).toBeLessThan(120_000);
    });

    test('a reply is handed back for pasting, or posted once: never twice', async () => {
      const { fake, source } = await setup(3);
      const a = await source.reply('Vote count 1.1', 'vc-1.1');
      expect(a.id).toBeNull();
      expect(a.url === null || a.url.startsWith(fake.server.base)).toBe(true);
      expect(fake.server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    });
  });
}

export type { FaultKind };
