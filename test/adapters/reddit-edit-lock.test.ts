import { afterEach, describe, expect, test } from 'vitest';
import { needsHand } from '../../src/adapters/common/post-outcome.js';
import { createRedditAdapter } from '../../src/adapters/reddit/adapter.js';
import { readRedditConfig } from '../../src/adapters/reddit/config.js';
import { blockText, OPENING_POST } from '../../src/domain/owned-block.js';
import { FakeThread } from '../fakes/reddit-fake-thread.js';
import { FakeRedditServer } from '../fakes/reddit-server.js';

/** Issue 30 items 3, 4 and 6 on Reddit, through both gateways: editusertext, lock/unlock, 403 in words. */
const fakes: FakeRedditServer[] = [];
afterEach(async () => {
  const all = fakes.splice(0);
  for (const f of all) await f.close();
  for (const f of all) expect(f.problems()).toEqual([]);
});

const OLD = 'Alive:\n\n* Alice\n* Bob';
const NEW = 'Alive:\n\n* Alice\n\nDead:\n\n* Bob, Cop, died N1';
const HAND = 'Welcome to the game! Rules below.';

async function setup(gateway: 'undici' | 'snoowrap', moderator = false) {
  const thread = new FakeThread().generate(10, 3);
  thread.selftext = `${HAND}\n\n${blockText('roster', OLD, 'markdown')}\n\nHave fun.`;
  if (moderator) thread.moderators.add('TheMod');
  const fake = await FakeRedditServer.start({ thread });
  fakes.push(fake);
  const adapter = createRedditAdapter(readRedditConfig({ url: fake.threadUrl, env: fake.env() }), gateway);
  return { fake, adapter, thread };
}

describe.each(['undici', 'snoowrap'] as const)(
  'Reddit (%s gateway): own posts edited, the thread locked',
  (gateway) => {
    test('item 3: the submission’s roster block edited once, the hand-written text kept; a repeat sends nothing', async () => {
      const { fake, adapter, thread } = await setup(gateway);
      const edit = { kind: 'block' as const, name: 'roster', content: NEW };
      expect((await adapter.editPost!(OPENING_POST, edit)).changed).toBe(true);
      expect((await adapter.editPost!(thread.linkId, edit)).changed).toBe(false);
      expect(thread.selftext).toBe(`${HAND}\n\n${blockText('roster', NEW, 'markdown')}\n\nHave fun.`);
      expect(thread.modLog).toEqual([`edit ${thread.linkId}`]);
      expect(fake.requests.filter((r) => r.path === '/api/editusertext')).toHaveLength(1);
    });

    test('item 3: a posted count comment corrected once with its "edited:" line', async () => {
      const { adapter, thread } = await setup(gateway);
      const r = await adapter.reply('**Vote Count 1.1**\n\nBob (2)', 'g-vc-D1-1');
      const edit = {
        kind: 'replace' as const,
        was: '**Vote Count 1.1**\n\nBob (2)',
        now: '**Vote Count 1.1**\n\nBob (1)\n\n*edited: one vote fewer*',
      };
      expect((await adapter.editPost!(r.id!, edit)).changed).toBe(true);
      expect((await adapter.editPost!(r.id!, edit)).changed).toBe(false);
      expect(thread.get(r.id!).body).toContain('moddesk: g-vc-D1-1');
      expect(thread.modLog).toEqual([`edit t1_${r.id}`]);
    });

    test('item 4: locked and unlocked once each by a moderator; a repeat sends nothing', async () => {
      const { fake, adapter, thread } = await setup(gateway, true);
      expect(await adapter.setLocked!(true)).toEqual({ changed: true });
      expect(await adapter.setLocked!(true)).toEqual({ changed: false });
      expect(await adapter.setLocked!(false)).toEqual({ changed: true });
      expect(thread.modLog).toEqual(['lock', 'unlock']);
      expect(fake.requests.filter((r) => /^\/api\/(un)?lock$/.test(r.path))).toHaveLength(2);
    });

    test('item 4: an account that does not moderate the subreddit gets 403, said for the hand; nothing locked', async () => {
      const { adapter, thread } = await setup(gateway);
      const err = await adapter.setLocked!(true).catch((e: unknown) => e);
      expect(needsHand(err)).toBe(true);
      expect((err as Error).message).toMatch(/^Reddit does not let "TheMod" lock the thread: .*HTTP 403/);
      expect(thread.locked).toBe(false);
    });
  },
);
