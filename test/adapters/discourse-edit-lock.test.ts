import { afterEach, describe, expect, test } from 'vitest';
import { needsHand } from '../../src/adapters/common/post-outcome.js';
import { createDiscourseSource } from '../../src/adapters/discourse/index.js';
import { HostScheduler } from '../../src/adapters/http/host-scheduler.js';
import { blockText, OPENING_POST } from '../../src/domain/owned-block.js';
import { type DiscourseFake, startDiscourseFake } from '../fakes/discourse-fake.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { TEST_HTTP } from './contract.js';

/** Issue 30 items 3, 4 and 6 on Discourse: the API key, 403 in words, 429 waited out, each change made once. */
const fakes: DiscourseFake[] = [];
afterEach(async () => {
  for (const f of fakes.splice(0)) {
    await f.close();
    f.server.assertClean();
  }
});

const OLD = 'Alive:\nAlice\nBob';
const NEW = 'Alive:\nAlice\n\nDead:\nBob, Cop, died N1';
const HAND = 'Welcome! **Rules** below.';

async function setup(opts: { moderators?: string[]; rateLimitEvery?: number; key?: string } = {}) {
  const thread = new FakeThread({ firstId: 500, idStep: 1 });
  const op = thread.add({ author: 'moderator', html: 'op' });
  thread.addPosts(4);
  const fake = await startDiscourseFake({ thread, apiKey: 'k-123', apiUsername: 'moderator', ...opts });
  fakes.push(fake);
  fake.raws.set(op.id, `${HAND}\n\n${blockText('roster', OLD, 'markdown')}\n\nSee you.`);
  const env = { DISCOURSE_API_KEY: opts.key ?? 'k-123', DISCOURSE_API_USERNAME: 'moderator' };
  const src = createDiscourseSource({
    url: fake.threadUrl,
    env,
    http: { ...TEST_HTTP, scheduler: new HostScheduler() },
  });
  return { fake, src, op, thread };
}

describe('Discourse: the moderator’s own posts edited, the topic closed', () => {
  test('item 3: the OP block edited once through PUT /posts/{id}.json; the hand-written raw kept; a repeat sends nothing', async () => {
    const { fake, src, op } = await setup();
    const edit = { kind: 'block' as const, name: 'roster', content: NEW };
    expect((await src.editPost(OPENING_POST, edit)).changed).toBe(true);
    expect((await src.editPost(String(op.id), edit)).changed).toBe(false);
    expect(fake.raws.get(op.id)).toBe(`${HAND}\n\n${blockText('roster', NEW, 'markdown')}\n\nSee you.`);
    expect(fake.mod.modLog).toEqual([`edit ${op.id}`]);
    expect(fake.server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    await src.close();
  });

  test('item 3: a count corrected by an edit, once; item 6: a 429 is waited out (Retry-After) and the edit lands once', async () => {
    const { fake, src } = await setup({ rateLimitEvery: 100 });
    const r = await src.reply('**Vote Count 1.1**\nBob (2)', 'g-vc-D1-1');
    const edit = {
      kind: 'replace' as const,
      was: '**Vote Count 1.1**\nBob (2)',
      now: '**Vote Count 1.1**\nBob (1)\n\n*edited: one vote fewer*',
    };
    expect((await src.editPost(r.id!, edit)).changed).toBe(true);
    expect((await src.editPost(r.id!, edit)).changed).toBe(false);
    expect(fake.server.requests.filter((x) => x.method === 'PUT')).toHaveLength(2); // the 429, then the edit
    expect(fake.mod.modLog).toEqual([`edit ${r.id}`]);
    expect(fake.raws.get(Number(r.id))).toContain('moddesk: g-vc-D1-1');
    await src.close();
  });

  test('item 4: closed and opened through PUT /t/{id}/status.json, each once; a repeat sends nothing', async () => {
    const { fake, src, thread } = await setup({ moderators: ['moderator'] });
    expect(await src.setLocked(true)).toEqual({ changed: true });
    expect(await src.setLocked(true)).toEqual({ changed: false });
    expect(thread.locked).toBe(true);
    expect(await src.setLocked(false)).toEqual({ changed: true });
    expect(fake.mod.modLog).toEqual(['lock', 'unlock']);
    await src.close();
  });

  test('item 4: an account that may not close topics gets Discourse’s 403 in words, for the hand', async () => {
    const { fake, src, thread } = await setup();
    const err = await src.setLocked(true).catch((e: unknown) => e);
    expect(needsHand(err)).toBe(true);
    expect((err as Error).message).toBe(
      'Discourse does not let "moderator" close the topic: "You are not permitted to view the requested resource."',
    );
    expect(thread.locked).toBe(false);
    expect(fake.mod.modLog).toEqual([]);
    await src.close();
  });

  test('item 6: a wrong API key edits nothing and says so', async () => {
    const { fake, src, op } = await setup({ key: 'wrong' });
    const err = await src
      .editPost(String(op.id), { kind: 'block', name: 'roster', content: NEW })
      .catch((e: unknown) => e);
    expect(needsHand(err)).toBe(true);
    expect(fake.mod.modLog).toEqual([]);
    await src.close();
  });
});
