import { afterEach, describe, expect, it } from 'vitest';
import { FakeThread } from '../../../test/fakes/reddit-fake-thread.js';
import {
  type FakeRedditOptions,
  FakeRedditServer,
  type Fault,
  partialLikeReddit,
} from '../../../test/fakes/reddit-server.js';
import { ModdeskError } from '../../domain/errors.js';
import type { Post } from '../../domain/post.js';
import { createRedditAdapter } from './adapter.js';
import { readRedditConfig } from './config.js';
import { requestFullRead } from './cursor.js';
import type { GatewayName } from './gateway.js';
import { compareId36 } from './parse-page.js';

/** One contract, two gateways: every test runs against the fake Reddit with undici and with snoowrap. */
const fakes: FakeRedditServer[] = [];
afterEach(async () => {
  const all = fakes.splice(0);
  for (const f of all) await f.close();
  for (const f of all) expect(f.problems()).toEqual([]);
});

async function setup(gateway: GatewayName, opts: FakeRedditOptions & { comments?: number } = {}) {
  const fake = await FakeRedditServer.start({ thread: new FakeThread().generate(opts.comments ?? 120, 7), ...opts });
  fakes.push(fake);
  const adapter = createRedditAdapter(readRedditConfig({ url: fake.threadUrl, env: fake.env() }), gateway);
  return { fake, adapter };
}

/** What a complete read must return: every comment once, oldest first, as the fake holds it. */
function truth(fake: FakeRedditServer): Pick<Post, 'id' | 'author' | 'createdAt'>[] {
  return [...fake.thread.comments.values()]
    .sort((a, b) => a.created - b.created || compareId36(a.id, b.id))
    .map((c) => ({
      id: c.id,
      author: c.state === 'live' ? c.author : '[deleted]',
      createdAt: new Date(c.created * 1000).toISOString().replace('.000Z', 'Z'),
    }));
}

/** `count` comments without replies that the first page hides behind stubs. */
function hiddenLeaves(fake: FakeRedditServer, count: number): string[] {
  const t = fake.thread;
  const first = JSON.stringify(t.commentsPage({ sort: 'old', limit: 500, depth: 10 }, 'TheMod'));
  return [...t.comments.keys()]
    .filter((id) => t.children(`t1_${id}`).length === 0 && !first.includes(`"id":"${id}"`))
    .slice(-count);
}

const brief = (posts: Post[]) =>
  posts.filter((p) => p.channel === 'thread').map(({ id, author, createdAt }) => ({ id, author, createdAt }));

describe.each(['undici', 'snoowrap'] as const)('Reddit adapter contract (%s gateway)', (gateway) => {
  it('reads the full tree in chronological order, every comment once, html decoded', async () => {
    const { fake, adapter } = await setup(gateway);
    const r = await adapter.read(null);
    expect(brief(r.posts)).toEqual(truth(fake));
    const vote = r.posts.find((p) => p.html.includes('<strong>Vote:'));
    expect(vote?.html).toMatch(
      /^<div class="md"><p>I think <strong>Vote: \w+<\/strong> &amp; &lt;that's&gt; it<\/p><\/div>$/,
    );
    expect(vote?.url).toMatch(/^https:\/\/www\.reddit\.com\/r\/moddesk_test\/comments\/abc123\/mafia_game_1\/\w+\/$/);
    expect(fake.apiRequests('/comments').length).toBeGreaterThanOrEqual(2); // the deep chains need "continue this thread"
    expect(r.requests).toBe(fake.requests.length);
  });

  it('a quiet poll costs 2 requests and maps nothing old', async () => {
    const { fake, adapter } = await setup(gateway, { comments: 400 });
    const first = await adapter.read(null);
    fake.clearLog();
    const poll = await adapter.read(first.cursor);
    expect(poll).toMatchObject({ posts: [], requests: 2, mapped: 0, mode: 'poll' });
    expect(fake.requests.map((q) => `${q.method} ${q.path} ${q.query.sort ?? ''}`)).toEqual([
      'GET /comments/abc123 new',
      'GET /message/inbox ',
    ]);
  });

  it('finds new comments, edits and deletions between polls, with nothing lost or duplicated', async () => {
    const { fake, adapter } = await setup(gateway, { comments: 300 });
    const t = fake.thread;
    const first = await adapter.read(null);
    const ids = [...t.comments.keys()];
    const recent = ids[ids.length - 1]!;
    const fresh = [t.add(null, 'Gus', '**Vote: Bob**'), t.add(recent, 'Hana', 'reply to the latest')];
    t.edit(recent, '**Unvote**');
    t.remove(ids[ids.length - 3]!, 'removed');
    const poll = await adapter.read(first.cursor);
    expect(poll.mode).toBe('poll');
    const byId = new Map(poll.posts.map((p) => [p.id, p]));
    expect([...byId.keys()].sort()).toEqual([...fresh.map((c) => c.id), recent, ids[ids.length - 3]!].sort());
    expect(byId.get(recent)).toMatchObject({
      editedAt: new Date((t.get(recent).edited as number) * 1000).toISOString().replace('.000Z', 'Z'),
    });
    expect(byId.get(ids[ids.length - 3]!)).toMatchObject({ author: '[deleted]', deleted: 'removed' });
    expect(byId.get(ids[ids.length - 3]!)?.editedAt).not.toBeNull();

    // A reply under an old comment hides from a sort=new page: num_comments gives it away, a full read finds it.
    const old = t.add(ids[3]!, 'Ivo', 'late reply to an old post');
    const again = await adapter.read(poll.cursor);
    expect(again.mode).toBe('poll+full');
    expect(again.posts.map((p) => p.id)).toEqual([old.id]);
    const quiet = await adapter.read(again.cursor);
    expect(quiet).toMatchObject({ posts: [], requests: 2 });
  });

  it('a full re-read on request reports edits of old comments and comments that vanished', async () => {
    const { fake, adapter } = await setup(gateway, { comments: 150 });
    const first = await adapter.read(null);
    const ids = [...fake.thread.comments.keys()];
    fake.thread.edit(ids[2]!, 'edited long ago');
    const leaf = ids.find((id, i) => i > 4 && fake.thread.children(`t1_${id}`).length === 0)!;
    fake.thread.purge(leaf);
    const full = await adapter.read(requestFullRead(first.cursor));
    expect(full.posts.map((p) => [p.id, p.deleted ?? null])).toEqual([
      [ids[2], null],
      [leaf, 'vanished'],
    ]);
    expect(full.posts.every((p) => p.editedAt !== null)).toBe(true);
  });

  it('reads PMs from the inbox as channel pm posts, each once', async () => {
    const { fake, adapter } = await setup(gateway, { comments: 20 });
    const old = fake.thread.message('Spammer', 'TheMod', 'before the game', 'hello');
    old.created = 1_700_000_000; // older than the thread: not the game's mail
    fake.thread.message('Alice', 'TheMod', 'night action', '**Target: Bob**');
    fake.thread.message('Bob', 'TheMod', 're: vote', 'a comment reply').wasComment = true;
    const first = await adapter.read(null);
    const pms = first.posts.filter((p) => p.channel === 'pm');
    expect(pms).toHaveLength(1);
    expect(pms[0]).toMatchObject({
      author: 'Alice',
      to: 'TheMod',
      subject: 'night action',
      channel: 'pm',
      editedAt: null,
    });
    expect(pms[0]?.id).toMatch(/^t4_/);
    expect(pms[0]?.html).toContain('<strong>Target: Bob</strong>');
    const m2 = fake.thread.message('Cleo', 'TheMod', 'kill', 'Kill: Dan');
    const poll = await adapter.read(first.cursor);
    expect(poll.posts.map((p) => p.id)).toEqual([`t4_${m2.id}`]);
  });

  it('posts a reply once per idempotency key, even when the connection dies after Reddit took it', async () => {
    const { fake, adapter } = await setup(gateway, { comments: 10 });
    fake.fault({ method: 'POST', path: '/oauth/api/comment', after: true, fault: { reset: true } });
    const a = await adapter.reply('Vote Count 1.1\n\nBob (2): Alice, Cleo', 'vc-1.1');
    const b = await adapter.reply('Vote Count 1.1\n\nBob (2): Alice, Cleo', 'vc-1.1');
    const mine = [...fake.thread.comments.values()].filter((c) => c.author === 'TheMod');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.body).toContain('moddesk: vc-1.1');
    expect(a).toEqual(b);
    expect(a.id).toBe(mine[0]?.id);
    expect(fake.apiRequests('/api/comment')).toHaveLength(1);
  });

  it('sends a PM once per idempotency key', async () => {
    const { fake, adapter } = await setup(gateway, { comments: 5 });
    const a = await adapter.sendMessage('Alice', 'N1 result', 'Bob is **mafia**', 'n1-alice');
    const b = await adapter.sendMessage('Alice', 'N1 result', 'Bob is **mafia**', 'n1-alice');
    const sent = fake.thread.messages.filter((m) => m.author === 'TheMod');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ dest: 'Alice', subject: 'N1 result' });
    expect(a).toEqual(b);
    expect(a.id).toBe(`t4_${sent[0]?.id}`);
  });

  it('does not retry a post Reddit refused with RATELIMIT', async () => {
    const { fake, adapter } = await setup(gateway, { comments: 5 });
    fake.fault({
      method: 'POST',
      path: '/oauth/api/comment',
      fault: { jsonErrors: [['RATELIMIT', 'Take a break for 9 minutes', 'ratelimit']] },
    });
    await expect(adapter.reply('VC', 'vc-2')).rejects.toThrow(/RATELIMIT/);
    expect(fake.apiRequests('/api/comment')).toHaveLength(1);
  });

  it('refreshes the token on expiry and after a 401', async () => {
    const { fake, adapter } = await setup(gateway, { comments: 30, tokenTtlSec: 1 });
    const first = await adapter.read(null);
    await new Promise((r) => setTimeout(r, 1100));
    const poll = await adapter.read(first.cursor);
    expect(poll.posts).toEqual([]);
    fake.revokeTokens();
    await adapter.read(poll.cursor);
    expect(fake.requests.filter((q) => q.path === '/api/v1/access_token').length).toBeGreaterThanOrEqual(3);
  });

  const faults: [string, Fault][] = [
    ['429 with Retry-After', { status: 429, retryAfter: 1 }],
    ['503 with Retry-After', { status: 503, retryAfter: 1 }],
    ['500', { status: 500 }],
    ['a hang', { hang: true }],
    ['truncated JSON', { truncate: true }],
    ['a connection reset', { reset: true }],
  ];
  it.each(faults)('survives %s on a morechildren call and on the first page', async (_, fault) => {
    const { fake, adapter } = await setup(gateway, { comments: 700 });
    fake.fault({ path: '/oauth/comments', fault });
    fake.fault({ path: '/oauth/api/morechildren', fault });
    const r = await adapter.read(null);
    expect(brief(r.posts)).toEqual(truth(fake));
  });

  it('morechildren answers that leave ids out (no stub in their place): the full read still gets every comment', async () => {
    const { fake, adapter } = await setup(gateway, { comments: 1500, leftOut: partialLikeReddit });
    const r = await adapter.read(null);
    expect(brief(r.posts)).toEqual(truth(fake));
    expect(r.missing).toBeUndefined();
    expect(r.cursor.missing).toBeUndefined();
    expect(fake.leftOutCount).toBeGreaterThan(10);
  });

  it('comments no answer or permalink gives: the read says how many and which, and the next poll asks again', async () => {
    const { fake, adapter } = await setup(gateway, { comments: 900 });
    const hidden = hiddenLeaves(fake, 3);
    for (const id of hidden) fake.thread.unreachable.add(id);
    const r = await adapter.read(null);
    expect([...(r.missing ?? [])].sort()).toEqual([...hidden].sort());
    expect([...((r.cursor.missing as string[]) ?? [])].sort()).toEqual([...hidden].sort());
    expect(brief(r.posts)).toEqual(truth(fake).filter((c) => !hidden.includes(c.id)));
    // Still unreachable: the poll asks for them, reports them again, and invents no deletion.
    const still = await adapter.read(r.cursor);
    expect([...(still.missing ?? [])].sort()).toEqual([...hidden].sort());
    expect(still.posts).toEqual([]);
    fake.thread.unreachable.clear();
    const healed = await adapter.read(still.cursor);
    expect(healed.posts.map((p) => p.id).sort()).toEqual([...hidden].sort());
    expect(healed.missing).toBeUndefined();
    expect(healed.cursor.missing).toBeUndefined();
  });

  it('waits for the rate-limit window instead of exceeding it', async () => {
    const { fake, adapter } = await setup(gateway, { comments: 600, rateLimit: { budget: 5, windowMs: 1000 } });
    const r = await adapter.read(null);
    expect(brief(r.posts)).toEqual(truth(fake));
    expect(fake.apiRequests().length).toBeGreaterThan(5);
  });

  it('names the problem when Reddit refuses the credentials', async () => {
    const fake = await FakeRedditServer.start({ thread: new FakeThread().generate(3) });
    fakes.push(fake);
    const adapter = createRedditAdapter(
      readRedditConfig({ url: fake.threadUrl, env: fake.env({ REDDIT_PASSWORD: 'wrong' }) }),
      gateway,
    );
    const err = await adapter.read(null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModdeskError);
    expect(String((err as Error).message)).toMatch(/invalid_grant|grant/);
  });
});
