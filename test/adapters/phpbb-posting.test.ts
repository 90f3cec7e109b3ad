import { afterEach, describe, expect, test } from 'vitest';
import { createPhpbbSource } from '../../src/adapters/phpbb/index.js';
import { ModdeskError } from '../../src/domain/errors.js';
import { type PhpbbBoard, startPhpbbBoard } from '../fakes/board-phpbb.js';
import { FakeThread } from '../fakes/fake-thread.js';

/** Issue 12 item 4: replies and PMs with the moderator's phpBB account, on a fake that enforces phpBB 3.3's rules. */
const boards: PhpbbBoard[] = [];
afterEach(async () => {
  for (const b of boards.splice(0)) {
    await b.close();
    b.server.assertClean();
  }
});

async function setup(opts: Parameters<typeof startPhpbbBoard>[1] = {}, password = 'correct horse', flood = '0') {
  const thread = new FakeThread();
  thread.addPosts(23);
  const board = await startPhpbbBoard(thread, { floodInterval: 0, ...opts });
  boards.push(board);
  const env = {
    MODDESK_FORUM_USERNAME: 'Mod',
    MODDESK_FORUM_PASSWORD: password,
    MODDESK_MIN_GAP_MS: '1',
    MODDESK_FORUM_FLOOD_SECONDS: flood,
  };
  const source = createPhpbbSource({ url: board.threadUrl, env });
  return { board, source, thread };
}

const byMod = (t: FakeThread, key: string) =>
  t.visible().filter((p) => p.author === 'Mod' && p.html.includes(`moddesk: ${key}`));

describe('posting on phpBB with the moderator’s account', () => {
  test('logs in, waits out the form age, posts once, confirms it in the thread; a retry finds it', async () => {
    const { board, source, thread } = await setup();
    const receipt = await source.reply('[b]Vote count 1.3[/b]\nAlice 2', 'g-vc-1.3');
    const mine = byMod(thread, 'g-vc-1.3');
    expect(mine).toHaveLength(1);
    expect(receipt.id).toBe(String(mine[0]!.id));
    expect(receipt.url).toContain(`p=${mine[0]!.id}`);
    expect(mine[0]!.html).toContain('<strong class="text-strong">Vote count 1.3</strong>');
    expect(board.board.refusals).toEqual([]); // never sent a form back in the second it was served
    expect(board.board.logins).toBe(1);
    const again = await source.reply('[b]Vote count 1.3[/b]\nAlice 2', 'g-vc-1.3');
    expect(again).toEqual(receipt);
    expect(byMod(thread, 'g-vc-1.3')).toHaveLength(1);
    // Read back through the adapter: the moderator's post with its marker line.
    const read = await source.read(null);
    expect(read.posts.at(-1)).toMatchObject({ id: receipt.id, author: 'Mod' });
    await source.close();
  });

  test('a wrong password: one clear message naming the board’s words and the setting; nothing posted', async () => {
    const { board, source, thread } = await setup({}, 'wrong horse');
    const err = (await source.reply('VC', 'g-vc-2').catch((e: unknown) => e)) as ModdeskError;
    expect(err).toBeInstanceOf(ModdeskError);
    expect(err.message).toMatch(
      /^phpBB refused the login of "Mod": "You have specified an incorrect password\..*Check MODDESK_FORUM_USERNAME and MODDESK_FORUM_PASSWORD; nothing was posted and the draft stays approved$/,
    );
    expect(err.message).not.toContain('wrong horse');
    expect(byMod(thread, 'g-vc-2')).toHaveLength(0);
    expect(board.board.refusals).toEqual(['LOGIN_ERROR_PASSWORD']);
    await source.close();
  });

  test('an expired session: logs in again and posts, once', async () => {
    const { board, source, thread } = await setup();
    await source.reply('first', 'g-a');
    board.board.expireSessions();
    await source.reply('second', 'g-b');
    expect(board.board.logins).toBe(2);
    expect(byMod(thread, 'g-a')).toHaveLength(1);
    expect(byMod(thread, 'g-b')).toHaveLength(1);
    await source.close();
  });

  test('a form sent back too fast (the board’s clock stands still): a clear message, then posted once', async () => {
    let frozen: number | null = Math.floor(Date.now() / 1000);
    const { board, source, thread } = await setup({ now: () => frozen ?? Math.floor(Date.now() / 1000) });
    const err = (await source.reply('VC', 'g-fast').catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(
      /^phpBB did not take the reply: "The submitted form was invalid\. Try submitting again\.". Nothing was lost: the draft stays approved and is posted at the next try$/,
    );
    expect(byMod(thread, 'g-fast')).toHaveLength(0);
    frozen = null;
    await source.reply('VC', 'g-fast');
    expect(byMod(thread, 'g-fast')).toHaveLength(1);
    expect(board.board.refusals.filter((r) => r === 'FORM_INVALID').length).toBeGreaterThan(0);
    await source.close();
  });

  test('a flood refusal: waits out the interval and tries again; past the tries, a clear message', async () => {
    // The board's interval is 5 s; the sink was told 2 s, so it sends too early, is refused, waits and tries again.
    const { board, source, thread } = await setup({ floodInterval: 5 }, 'correct horse', '2');
    await source.reply('one', 'g-1');
    await source.reply('two', 'g-2');
    expect(board.board.refusals).toContain('FLOOD_ERROR');
    expect(byMod(thread, 'g-2')).toHaveLength(1);
    board.board.opts.floodInterval = 3600;
    const err = (await source.reply('three', 'g-3').catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(
      /^phpBB did not take the reply: "You cannot make another post so soon after your last\."/,
    );
    expect(byMod(thread, 'g-3')).toHaveLength(0);
    await source.close();
  });

  test('a PM (night result) through the compose form, once per key', async () => {
    const { board, source } = await setup();
    const r = await source.sendMessage('Alice', 'Night 1 result', 'You were not targeted.', 'g-n1-alice');
    expect(r.id).toBe(String(board.board.pmSent[0]!.id));
    expect(r.url).toMatch(/ucp\.php\?i=pm&mode=view&f=-2&p=\d+$/);
    await source.sendMessage('Alice', 'Night 1 result', 'You were not targeted.', 'g-n1-alice');
    expect(board.board.sent).toHaveLength(1);
    expect(board.board.sent[0]).toMatchObject({
      from: 'Mod',
      to: 'Alice',
      subject: 'Night 1 result (moddesk: g-n1-alice)',
    });
    await source.close();
  });
});
