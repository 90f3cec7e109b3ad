import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscourseSource } from '../../src/adapters/discourse/index.js';
import type { PmWindow } from '../../src/domain/pm-window.js';
import { type DiscourseFake, startDiscourseFake } from '../fakes/discourse-fake.js';

/**
 * Issue 30 item 2 on Discourse: the API user's private messages (user API key) into the dump; only the players'
 * posts in PM topics sent during the game become `channel: "pm"` posts, once; the API's 429 is waited out.
 */
describe('Discourse: the moderator’s private messages into the dump', () => {
  const start = Date.UTC(2026, 0, 5, 18, 0, 0);
  const H = 3_600_000;
  const window: PmWindow = { senders: ['alice', 'bob'], since: start };
  const env = { DISCOURSE_API_KEY: 'key-1', DISCOURSE_API_USERNAME: 'Mod', MODDESK_MIN_GAP_MS: '1' };
  let forum: DiscourseFake;
  let bobTopic: number;

  beforeAll(async () => {
    forum = await startDiscourseFake({ posts: 3, apiKey: 'key-1', apiUsername: 'Mod', pmRateLimitEvery: 4 });
    const inbox = forum.inbox;
    inbox.send({ from: 'Alice', html: '<p>Role confirmed (before the game)</p>', sentAt: start - H });
    const kill = inbox.send({ from: 'Alice', html: '<p><strong>Kill: Cleo</strong></p>', sentAt: start + H });
    inbox.send({ from: 'Mod', to: 'Alice', html: '<p>Got it</p>', sentAt: start + 2 * H, conversation: kill.id });
    inbox.send({ from: 'Zed', subject: 'Private', html: '<p>SECRET-NOT-A-PLAYER</p>', sentAt: start + 3 * H });
    bobTopic = inbox.send({ from: 'Bob', html: '<p>Target: Dan</p>', sentAt: start + 4 * H }).conversation;
  });
  afterAll(() => forum.close());

  it('issue 30/2: exactly the players’ in-game PMs, once, across polls; a 429 waited out by Retry-After', async () => {
    const source = createDiscourseSource({ url: forum.threadUrl, env });
    const first = await source.read(null, { pms: window });
    const pms = first.posts.filter((p) => p.channel === 'pm');
    // The first request (the list) was answered 429 with Retry-After: 1, then asked again.
    expect(forum.inbox.views.slice(0, 2)).toEqual([
      '/topics/private-messages/Mod.json',
      '/topics/private-messages/Mod.json',
    ]);
    expect(pms.map((p) => [p.author.toLowerCase(), p.html])).toEqual([
      ['alice', '<p><strong>Kill: Cleo</strong></p>'],
      ['bob', '<p>Target: Dan</p>'],
    ]);
    expect(pms[0]).toMatchObject({ id: 'pm-discourse-1001', to: 'Mod', subject: 'Night action' });
    // Zed's topic (its posters all known, none a player) is never opened; nothing of it is kept.
    const zed = forum.inbox.messages.find((m) => m.from === 'Zed')!;
    expect(forum.inbox.views.some((v) => v.startsWith(`/t/${zed.conversation}`))).toBe(false);
    expect(JSON.stringify(first)).not.toMatch(/Zed|SECRET|Private/i);

    const second = await source.read(first.cursor, { pms: window });
    expect(second.posts.filter((p) => p.channel === 'pm')).toEqual([]);

    forum.inbox.send({
      from: 'Bob',
      html: '<p>Changed: Target: Eve</p>',
      sentAt: start + 5 * H,
      conversation: bobTopic,
    });
    const views = forum.inbox.views.length;
    const third = await source.read(second.cursor, { pms: window });
    expect(third.posts.filter((p) => p.channel === 'pm').map((p) => p.html)).toEqual(['<p>Changed: Target: Eve</p>']);
    // Only Bob's topic was opened again (its stamp moved), after the list; some answers were 429 first.
    expect(forum.inbox.views.slice(views).filter((v) => v.startsWith('/t/'))).toEqual(
      expect.arrayContaining([`/t/${bobTopic}.json`]),
    );
    expect(
      forum.inbox.views.slice(views).every((v) => v.startsWith('/topics/') || v.startsWith(`/t/${bobTopic}`)),
    ).toBe(true);
    await source.close();
  }, 30_000);

  it('issue 30/2: a wrong API key is said with the page, and the topic is still read; without a key the inbox is not read', async () => {
    const views = forum.inbox.views.length;
    const guest = createDiscourseSource({ url: forum.threadUrl, env: { MODDESK_MIN_GAP_MS: '1' } });
    expect((await guest.read(null, { pms: window })).posts.every((p) => p.channel === 'thread')).toBe(true);
    expect(forum.inbox.views.length).toBe(views);
    const wrong = createDiscourseSource({ url: forum.threadUrl, env: { ...env, DISCOURSE_API_KEY: 'nope' } });
    // The topic is still read (the count goes on); why the PMs were not is said, naming the page.
    const read = await wrong.read(null, { pms: window });
    expect(read.posts.filter((p) => p.channel === 'thread')).toHaveLength(3);
    expect(read.inboxError).toMatch(/private-messages\/Mod\.json.*403|403.*private-messages/);
    await guest.close();
    await wrong.close();
  }, 30_000);
});
