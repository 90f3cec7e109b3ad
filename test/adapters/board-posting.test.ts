import { afterEach, describe, expect, test } from 'vitest';
import { createSource } from '../../src/adapters/registry.js';
import { ModdeskError } from '../../src/domain/errors.js';
import { type Engine, type FormsBoard, startFormsBoard } from '../fakes/board-forms.js';
import { FakeThread } from '../fakes/fake-thread.js';

/** Issue 12 item 4 on XenForo 2 and vBulletin 4: their documented forms, `_xfToken` and `securitytoken`. */
const boards: FormsBoard[] = [];
afterEach(async () => {
  for (const b of boards.splice(0)) {
    await b.close();
    b.server.assertClean();
  }
});

async function setup(engine: Engine, opts: { floodSeconds?: number; password?: string; sinkFlood?: string } = {}) {
  const thread = new FakeThread();
  thread.addPosts(23);
  const board = await startFormsBoard(engine, thread, { floodSeconds: opts.floodSeconds ?? 0 });
  boards.push(board);
  const env = {
    MODDESK_FORUM_USERNAME: 'Mod',
    MODDESK_FORUM_PASSWORD: opts.password ?? 'correct horse',
    MODDESK_MIN_GAP_MS: '1',
    MODDESK_FORUM_FLOOD_SECONDS: opts.sinkFlood ?? '0',
    MODDESK_FORUM_TIMEZONE: 'America/Chicago',
  };
  return { board, thread, source: createSource(engine, { url: board.threadUrl, env }) };
}

const byMod = (t: FakeThread, key: string) =>
  t.visible().filter((p) => p.author === 'Mod' && p.html.includes(`moddesk: ${key}`));

describe.each(['xenforo', 'vbulletin'] as const)('posting on %s with the moderator’s account', (engine) => {
  const name = engine === 'xenforo' ? 'XenForo' : 'vBulletin';

  test('logs in, posts with the form’s token, confirms it in the thread; a retry finds it', async () => {
    const { board, source, thread } = await setup(engine);
    const r = await source.reply('[b]Vote count 2.1[/b]', 'g-vc-2.1');
    expect(byMod(thread, 'g-vc-2.1')).toHaveLength(1);
    expect(r.id).toBe(String(byMod(thread, 'g-vc-2.1')[0]!.id));
    expect(await source.reply('[b]Vote count 2.1[/b]', 'g-vc-2.1')).toEqual(r);
    expect(byMod(thread, 'g-vc-2.1')).toHaveLength(1);
    expect(board.board.refusals).toEqual([]);
    await source.close?.();
  });

  test('a wrong password: one clear message; nothing posted', async () => {
    const { source, thread } = await setup(engine, { password: 'wrong horse' });
    const err = (await source.reply('VC', 'g-x').catch((e: unknown) => e)) as ModdeskError;
    expect(err).toBeInstanceOf(ModdeskError);
    expect(err.message).toMatch(
      new RegExp(`^${name} refused the login of "Mod": ".*(Incorrect|invalid).*MODDESK_FORUM_PASSWORD`),
    );
    expect(err.message).not.toContain('wrong horse');
    expect(byMod(thread, 'g-x')).toHaveLength(0);
    await source.close?.();
  });

  test('an expired session: logs in again, posts once', async () => {
    const { board, source, thread } = await setup(engine);
    await source.reply('one', 'g-1');
    board.board.expireSessions();
    await source.reply('two', 'g-2');
    expect(board.board.logins).toBe(2);
    expect(byMod(thread, 'g-2')).toHaveLength(1);
    await source.close?.();
  });

  test('a flood refusal is waited out; when it lasts, a clear message and nothing lost', async () => {
    const { board, source, thread } = await setup(engine, { floodSeconds: 3, sinkFlood: '1' });
    await source.reply('one', 'g-1');
    await source.reply('two', 'g-2');
    expect(board.board.refusals).toContain('flood');
    expect(byMod(thread, 'g-2')).toHaveLength(1);
    board.board.opts.floodSeconds = 3600;
    const err = (await source.reply('three', 'g-3').catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(new RegExp(`^${name} did not take the reply: ".*wait.*seconds.*Nothing was lost`));
    expect(byMod(thread, 'g-3')).toHaveLength(0);
    await source.close?.();
  });

  test('a night-result PM, once per key', async () => {
    const { board, source } = await setup(engine);
    await source.sendMessage!('Alice', 'Night 1', 'You were not targeted.', 'g-n1-alice');
    await source.sendMessage!('Alice', 'Night 1', 'You were not targeted.', 'g-n1-alice');
    expect(board.board.sent).toEqual([
      {
        from: 'Mod',
        to: 'Alice',
        title: 'Night 1 (moddesk: g-n1-alice)',
        message: expect.stringContaining('moddesk: g-n1-alice'),
      },
    ]);
    await source.close?.();
  });
});
