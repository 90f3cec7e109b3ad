import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPhpbbSource } from '../../src/adapters/phpbb/index.js';
import type { Cursor } from '../../src/adapters/types.js';
import type { PmWindow } from '../../src/domain/pm-window.js';
import { type PhpbbBoard, startPhpbbBoard } from '../fakes/board-phpbb.js';
import { FakeThread } from '../fakes/fake-thread.js';

/**
 * Issue 30 item 2 on phpBB 3.3: the moderator's UCP inbox read with the account's session; only the players'
 * messages sent during the game become `channel: "pm"` posts, once, across polls and a lost session.
 */
describe('phpBB: the moderator’s PM inbox into the dump', () => {
  const start = Date.UTC(2026, 0, 5, 18, 0, 0);
  const window: PmWindow = { senders: ['alice', 'bob'], since: start };
  const env = {
    MODDESK_FORUM_USERNAME: 'Mod',
    MODDESK_FORUM_PASSWORD: 'correct horse',
    MODDESK_MIN_GAP_MS: '1',
    MODDESK_FORUM_TIMEZONE: 'America/New_York',
  };
  let board: PhpbbBoard;

  beforeAll(async () => {
    const thread = new FakeThread({ start: start + 60_000 });
    thread.addPosts(3);
    board = await startPhpbbBoard(thread, { ignoreFlood: true, timeZone: 'America/New_York' });
    board.board.inbox.send({ from: 'Alice', html: 'Role confirmed, before the game', sentAt: start - 3_600_000 });
    board.board.inbox.send({
      from: 'Alice',
      html: '<strong class="text-strong">Kill: Cleo</strong>',
      sentAt: start + 3_600_000,
    });
    board.board.inbox.send({ from: 'Zed', subject: 'Private', html: 'SECRET-NOT-A-PLAYER', sentAt: start + 7_200_000 });
    board.board.inbox.send({ from: 'Bob', html: 'Target: Dan', sentAt: start + 10_800_000 });
  });
  afterAll(() => board.close());

  it('issue 30/2: exactly the players’ in-game PMs, once, across two polls and a lost session', async () => {
    const source = createPhpbbSource({ url: board.threadUrl, env });
    const first = await source.read(null, { pms: window });
    const pms = first.posts.filter((p) => p.channel === 'pm');
    expect(pms.map((p) => [p.author, p.createdAt])).toEqual([
      ['Alice', new Date(start + 3_600_000).toISOString().replace('.000', '')],
      ['Bob', new Date(start + 10_800_000).toISOString().replace('.000', '')],
    ]);
    expect(pms[0]).toMatchObject({ id: 'pm-phpbb-101', to: 'Mod', subject: 'Night action' });
    expect(pms[0]!.html).toContain('Kill: Cleo');
    expect(first.posts.filter((p) => p.channel === 'thread')).toHaveLength(3);
    // The non-player's message is never opened, and nothing of it is kept in the cursor.
    expect(board.board.inbox.views).not.toContain('view 102');
    expect(JSON.stringify(first)).not.toMatch(/Zed|SECRET|Private/);

    const views = board.board.inbox.views.length;
    const second = await source.read(first.cursor, { pms: window });
    expect(second.posts.filter((p) => p.channel === 'pm')).toEqual([]);
    expect(board.board.inbox.views.slice(views)).toEqual(['folder inbox']);

    board.board.expireSessions();
    const logins = board.board.logins;
    board.board.inbox.send({ from: 'Bob', html: 'Changed: Target: Eve', sentAt: start + 14_400_000 });
    const third = await source.read(second.cursor as Cursor, { pms: window });
    expect(board.board.logins).toBe(logins + 1);
    expect(third.posts.filter((p) => p.channel === 'pm').map((p) => p.id)).toEqual(['pm-phpbb-104']);
    await source.close();
  }, 30_000);

  it('issue 30/2: without a window (moddesk fetch) or an account, the inbox is not read', async () => {
    const views = board.board.inbox.views.length;
    const withAccount = createPhpbbSource({ url: board.threadUrl, env });
    expect((await withAccount.read(null)).posts.every((p) => p.channel === 'thread')).toBe(true);
    const guest = createPhpbbSource({ url: board.threadUrl, env: { MODDESK_MIN_GAP_MS: '1' } });
    expect((await guest.read(null, { pms: window })).posts.every((p) => p.channel === 'thread')).toBe(true);
    expect(board.board.inbox.views.length).toBe(views);
    await withAccount.close();
    await guest.close();
  }, 30_000);
});
