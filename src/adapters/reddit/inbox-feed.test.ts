import { afterEach, describe, expect, it } from 'vitest';
import { FakeThread } from '../../../test/fakes/reddit-fake-thread.js';
import { FakeRedditServer } from '../../../test/fakes/reddit-server.js';
import { createRedditAdapter } from './adapter.js';
import { readRedditConfig } from './config.js';

// Decision 0015: the games one account moderates share one read of its inbox within the age a poll allows.
const fakes: FakeRedditServer[] = [];
afterEach(async () => {
  const all = fakes.splice(0);
  for (const f of all) await f.close();
  for (const f of all) expect(f.problems()).toEqual([]);
});

const T = Date.parse('2026-05-04T18:00:00Z');
const pmIds = (posts: { id: string; channel: string }[]) => posts.filter((p) => p.channel === 'pm').map((p) => p.id);

describe("one account's inbox, read once for all its games (fake Reddit on 127.0.0.1)", () => {
  it('two games polling together cost one inbox request; each still gets each PM once', async () => {
    const fake = await FakeRedditServer.start({ thread: new FakeThread().generate(20, 3) });
    fakes.push(fake);
    const cfg = readRedditConfig({ url: fake.threadUrl, env: fake.env() });
    const [a, b] = [createRedditAdapter(cfg), createRedditAdapter(cfg)];
    const m1 = fake.thread.message('Alice', 'TheMod', 'night action', '**Target: Bob**');
    const first = [
      await a.read(null, { inbox: { at: T, maxAgeMs: 60_000 } }),
      await b.read(null, { inbox: { at: T, maxAgeMs: 60_000 } }),
    ];
    expect(first.map((r) => pmIds(r.posts))).toEqual([[`t4_${m1.id}`], [`t4_${m1.id}`]]);
    expect(fake.apiRequests('/message/inbox')).toHaveLength(1);

    fake.clearLog();
    const m2 = fake.thread.message('Cleo', 'TheMod', 'kill', 'Kill: Dan');
    // Within the age allowed: the shared read, which is older than the new PM.
    const early = await a.read(first[0]!.cursor, { inbox: { at: T, maxAgeMs: 60_000 } });
    expect(pmIds(early.posts)).toEqual([]);
    expect(fake.apiRequests('/message/inbox')).toHaveLength(0);
    // A poll that allows no age (near a deadline) reads the inbox now; the other game then takes it from that read.
    const now = await a.read(early.cursor, { inbox: { at: T, maxAgeMs: 0 } });
    const other = await b.read(first[1]!.cursor, { inbox: { at: T, maxAgeMs: 60_000 } });
    expect([pmIds(now.posts), pmIds(other.posts)]).toEqual([[`t4_${m2.id}`], [`t4_${m2.id}`]]);
    expect(fake.apiRequests('/message/inbox')).toHaveLength(1);
    // And never again.
    const again = await b.read(other.cursor, { inbox: { at: T, maxAgeMs: 0 } });
    expect(pmIds(again.posts)).toEqual([]);
  });
});

describe('issue 30/2: the game’s PM window on Reddit too (fake Reddit on 127.0.0.1)', () => {
  it('only the players’ PMs sent during the game become posts; a stranger’s is passed over, once', async () => {
    const fake = await FakeRedditServer.start({ thread: new FakeThread().generate(5, 1) });
    fakes.push(fake);
    const cfg = readRedditConfig({ url: fake.threadUrl, env: fake.env() });
    const reddit = createRedditAdapter(cfg);
    const kill = fake.thread.message('Alice', 'TheMod', 'night action', 'Kill: Bob');
    fake.thread.message('Stranger', 'TheMod', 'private', 'SECRET-NOT-A-PLAYER');
    const pms = { senders: ['alice', 'bob'], since: 0 };
    const first = await reddit.read(null, { pms });
    expect(pmIds(first.posts)).toEqual([`t4_${kill.id}`]);
    expect(JSON.stringify(first.posts)).not.toContain('SECRET');
    expect(pmIds((await reddit.read(first.cursor, { pms })).posts)).toEqual([]);
    // A window that starts after the PMs were sent takes none of them.
    const late = createRedditAdapter(cfg);
    expect(pmIds((await late.read(null, { pms: { ...pms, since: Date.now() + 3_600_000 } })).posts)).toEqual([]);
  });
});
