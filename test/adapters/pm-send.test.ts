import { afterEach, describe, expect, test } from 'vitest';
import { NotAllowed, NotPosted } from '../../src/adapters/common/post-outcome.js';
import { HostScheduler } from '../../src/adapters/http/host-scheduler.js';
import { createSource } from '../../src/adapters/registry.js';
import type { ThreadSink, ThreadSource } from '../../src/adapters/types.js';
import { startFormsBoard } from '../fakes/board-forms.js';
import { startPhpbbBoard } from '../fakes/board-phpbb.js';
import { placeFolders } from '../fakes/board-phpbb-compose.js';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import type { FakeServer } from '../fakes/fake-server.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { TEST_HTTP } from './contract.js';

/**
 * Issue 30 item 1: role PMs sent through each platform's own form or API exactly once. Each fake enforces the real
 * software's rules (test/fakes/board-phpbb-compose.ts, board-forms-pm.ts, discourse-pm.ts say where each is from).
 */
type Platform = 'phpbb' | 'xenforo' | 'vbulletin' | 'discourse';

interface Rig {
  source: ThreadSource & ThreadSink & { close?(): Promise<void> };
  server: FakeServer;
  /** What the platform holds as sent by the moderator, by key. */
  sentWith(key: string): number;
  /** The POST that sends the message (not the one adding a recipient). */
  sendRequest: { match: RegExp; body?: RegExp };
  members(names: string[]): void;
  refuse(name: string): void;
  mayNotSend(): void;
  staleToken(): void;
  close(): Promise<void>;
}

const rigs: Rig[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) {
    await r.source.close?.();
    await r.close();
    r.server.assertClean();
  }
});

const env = {
  MODDESK_FORUM_USERNAME: 'Mod',
  MODDESK_FORUM_PASSWORD: 'correct horse',
  MODDESK_MIN_GAP_MS: '1',
  MODDESK_FORUM_FLOOD_SECONDS: '0',
  DISCOURSE_API_KEY: 'k-1',
  DISCOURSE_API_USERNAME: 'Mod',
};

async function rig(platform: Platform): Promise<Rig> {
  const thread = new FakeThread({ firstId: 500, idStep: 1 });
  thread.addPosts(5);
  let r: Rig;
  if (platform === 'phpbb') {
    const b = await startPhpbbBoard(thread, { floodInterval: 0 });
    const st = b.board;
    r = {
      source: createSource('phpbb', { url: b.threadUrl, env }) as Rig['source'],
      server: b.server,
      sentWith: (key) => st.pmSent.filter((m) => m.subject.includes(`moddesk: ${key})`)).length,
      sendRequest: { match: /mode=compose/, body: /(^|&)post=/ },
      members: (n) => {
        st.pmRules.members = new Set(['Mod', ...n]);
      },
      refuse: (n) => st.pmRules.refusePms.add(n),
      mayNotSend: () => st.pmRules.mayNotSend.add('Mod'),
      staleToken: () => {
        st.pmRules.staleTokenOnce = true;
      },
      close: () => b.close(),
    };
  } else if (platform === 'discourse') {
    const f = await startDiscourseFake({ thread, apiKey: 'k-1', apiUsername: 'Mod' });
    r = {
      source: createSource('discourse', {
        url: f.threadUrl,
        env,
        http: { ...TEST_HTTP, scheduler: new HostScheduler() },
      }) as Rig['source'],
      server: f.server,
      sentWith: (key) => f.pm.sent.filter((m) => m.title.includes(`moddesk: ${key})`)).length,
      sendRequest: { match: /^\/posts\.json$/ },
      members: (n) => {
        f.pm.rules.users = new Set(['mod', ...n.map((x) => x.toLowerCase())]);
      },
      refuse: (n) => f.pm.rules.refusePms.add(n.toLowerCase()),
      mayNotSend: () => {
        f.pm.rules.keyMayNotSend = true;
      },
      staleToken: () => undefined,
      close: () => f.close(),
    };
  } else {
    const b = await startFormsBoard(platform, thread);
    const st = b.board;
    r = {
      source: createSource(platform, { url: b.threadUrl, env }) as Rig['source'],
      server: b.server,
      sentWith: (key) => st.pmSent.filter((m) => m.title.includes(`moddesk: ${key})`)).length,
      sendRequest: { match: platform === 'xenforo' ? /^\/conversations\/add$/ : /^\/private\.php\?do=insertpm/ },
      members: (n) => {
        st.pmRules.members = new Set(['Mod', ...n]);
      },
      refuse: (n) => st.pmRules.refusePms.add(n),
      mayNotSend: () => st.pmRules.mayNotSend.add('Mod'),
      staleToken: () => {
        st.pmRules.staleTokenOnce = true;
      },
      close: () => b.close(),
    };
  }
  rigs.push(r);
  return r;
}

const role = 'You are **Alice**, the Cop. Each night you may check one player.';

describe.each(['phpbb', 'xenforo', 'vbulletin', 'discourse'] as const)('role PMs on %s', (platform) => {
  test('sent once; the same key again finds the sent message and sends nothing', async () => {
    const r = await rig(platform);
    const a = await r.source.sendMessage!('Alice', 'Your role', role, 'g-role-Alice');
    expect(a.id).not.toBeNull();
    expect(r.sentWith('g-role-Alice')).toBe(1);
    const b = await r.source.sendMessage!('Alice', 'Your role', role, 'g-role-Alice');
    expect(b.id).toBe(a.id);
    expect(r.sentWith('g-role-Alice')).toBe(1);
  }, 30_000);

  test('the answer lost after the platform stored it: the sent list shows it, nothing is sent twice', async () => {
    const r = await rig(platform);
    r.server.inject('drop', r.sendRequest);
    const a = await r.source.sendMessage!('Bob', 'Your role', role, 'g-role-Bob');
    expect(a.id).not.toBeNull();
    expect(r.sentWith('g-role-Bob')).toBe(1);
    await r.source.sendMessage!('Bob', 'Your role', role, 'g-role-Bob');
    expect(r.sentWith('g-role-Bob')).toBe(1);
  }, 30_000);

  test('an unknown recipient and one refusing PMs: said in the platform’s words, for the hand; nothing sent', async () => {
    const r = await rig(platform);
    r.members(['Alice', 'Carol']);
    r.refuse('Carol');
    const unknown = await r.source.sendMessage!('Zed', 'Your role', role, 'g-role-Zed').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(NotAllowed);
    expect((unknown as Error).message).toMatch(/"Zed".*(not|could not) be found|do not exist|not found/i);
    expect((unknown as Error).message).toMatch(/Send it by hand/);
    const refusing = await r.source.sendMessage!('Carol', 'Your role', role, 'g-role-Carol').catch((e: unknown) => e);
    expect(refusing).toBeInstanceOf(NotAllowed);
    expect(r.sentWith('g-role-Zed') + r.sentWith('g-role-Carol')).toBe(0);
  }, 30_000);

  test('an account (or key) that may not send PMs: said in words; nothing sent', async () => {
    const r = await rig(platform);
    r.mayNotSend();
    const err = await r.source.sendMessage!('Alice', 'Your role', role, 'g-role-Alice').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotAllowed);
    expect((err as Error).message).toMatch(/not (authorised|permitted)|do not have permission/i);
    expect(r.sentWith('g-role-Alice')).toBe(0);
  }, 30_000);

  test.skipIf(platform === 'discourse')(
    'an expired form token: a fresh form is fetched and the message sent once',
    async () => {
      const r = await rig(platform);
      r.staleToken();
      await r.source.sendMessage!('Alice', 'Your role', role, 'g-role-Alice');
      expect(r.sentWith('g-role-Alice')).toBe(1);
      const sends = r.server.requests.filter(
        (q) =>
          q.method === 'POST' &&
          r.sendRequest.match.test(q.path) &&
          (!r.sendRequest.body || r.sendRequest.body.test(q.body)),
      );
      expect(sends).toHaveLength(2);
    },
    30_000,
  );
});

describe('the rules one platform has', () => {
  test('phpBB: a message waits in the outbox until the recipient reads it, then in Sent messages; both are searched', async () => {
    const b = await startPhpbbBoard(new FakeThread(), { floodInterval: 0 });
    const source = createSource('phpbb', { url: b.threadUrl, env });
    const a = await source.sendMessage!('Alice', 'Your role', role, 'g-role-Alice');
    expect(b.board.pmSent.map((m) => m.folder)).toEqual(['outbox']);
    placeFolders(b.board, 'Alice');
    expect(await source.sendMessage!('Alice', 'Your role', role, 'g-role-Alice')).toEqual({
      id: a.id,
      url: expect.stringContaining(`f=-1&p=${a.id}`),
    });
    expect(b.board.pmSent).toHaveLength(1);
    await source.close?.();
    await b.close();
  }, 30_000);

  test('vBulletin: the PM flood interval is waited out as the board says; each message once', async () => {
    const b = await startFormsBoard('vbulletin', new FakeThread());
    b.board.pmRules.floodSeconds = 2;
    const source = createSource('vbulletin', { url: b.threadUrl, env });
    await source.sendMessage!('Alice', 'Your role', role, 'g-role-Alice');
    await source.sendMessage!('Bob', 'Your role', role, 'g-role-Bob');
    expect(b.board.refusals).toContain('pmFlood');
    expect(b.board.pmSent.map((m) => m.to)).toEqual(['Alice', 'Bob']);
    await source.close?.();
    await b.close();
  }, 30_000);

  test('Discourse: its rate limit (429) sent nothing and is said so; the next try sends once', async () => {
    const r = await rig('discourse');
    r.server.inject('429', { match: /^\/posts\.json$/, retryAfter: '3600' });
    const err = await r.source.sendMessage!('Alice', 'Your role', role, 'g-role-Alice').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotPosted);
    expect(r.sentWith('g-role-Alice')).toBe(0);
    await r.source.sendMessage!('Alice', 'Your role', role, 'g-role-Alice');
    expect(r.sentWith('g-role-Alice')).toBe(1);
  }, 30_000);
});
