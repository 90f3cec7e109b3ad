import { afterAll, describe, expect, it } from 'vitest';
import { createSource } from '../../src/adapters/registry.js';
import type { PmWindow } from '../../src/domain/pm-window.js';
import { type Engine, type FormsBoard, startFormsBoard } from '../fakes/board-forms.js';
import { FakeThread } from '../fakes/fake-thread.js';

/**
 * Issue 30 item 2 on XenForo 2 (conversations) and vBulletin 4 (private.php): the moderator's PMs read with the
 * account's session; only the players' messages sent during the game become `channel: "pm"` posts, once, across
 * two polls and a lost session.
 */
const start = Date.UTC(2026, 0, 5, 18, 0, 0);
const H = 3_600_000;
const window: PmWindow = { senders: ['alice', 'bob'], since: start };
const env = {
  MODDESK_FORUM_USERNAME: 'Mod',
  MODDESK_FORUM_PASSWORD: 'correct horse',
  MODDESK_MIN_GAP_MS: '1',
  MODDESK_FORUM_TIMEZONE: 'America/New_York',
};

describe.each<Engine>(['xenforo', 'vbulletin'])('%s: the moderator’s PMs into the dump', (engine) => {
  const boards: FormsBoard[] = [];
  afterAll(async () => {
    for (const b of boards) await b.close();
  });

  it(`issue 30/2 (${engine}): exactly the players’ in-game PMs, once, across two polls and a lost session`, async () => {
    const thread = new FakeThread({ start: start + 60_000 });
    thread.addPosts(3);
    const board = await startFormsBoard(engine, thread);
    boards.push(board);
    const inbox = board.board.inbox;
    inbox.send({ from: 'Alice', html: 'Role confirmed, before the game', sentAt: start - H });
    const kill = inbox.send({ from: 'Alice', html: '<b>Kill: Cleo</b>', sentAt: start + H });
    inbox.send({ from: 'Zed', subject: 'Private', html: 'SECRET-NOT-A-PLAYER', sentAt: start + 2 * H });
    const bob = inbox.send({ from: 'Bob', html: 'Target: Dan', sentAt: start + 3 * H });
    const source = createSource(engine, { url: board.threadUrl, env });

    const first = await source.read(null, { pms: window });
    const pms = first.posts.filter((p) => p.channel === 'pm');
    expect(pms.map((p) => [p.id, p.author, p.createdAt])).toEqual([
      [`pm-${engine}-${kill.id}`, 'Alice', '2026-01-05T19:00:00Z'],
      [`pm-${engine}-${bob.id}`, 'Bob', '2026-01-05T21:00:00Z'],
    ]);
    expect(pms[0]).toMatchObject({ to: 'Mod', subject: 'Night action', html: '<b>Kill: Cleo</b>' });
    const zed = inbox.messages.find((m) => m.from === 'Zed')!;
    expect(inbox.views.some((v) => v.startsWith(`view ${zed.id}`))).toBe(false);
    expect(JSON.stringify(first)).not.toMatch(/Zed|SECRET|Private/);

    const views = inbox.views.length;
    const second = await source.read(first.cursor, { pms: window });
    expect(second.posts.filter((p) => p.channel === 'pm')).toEqual([]);
    expect(inbox.views.slice(views)).toEqual(['list']);

    board.board.expireSessions();
    const logins = board.board.logins;
    // XenForo: a reply in Bob's conversation; vBulletin: a new message.
    const again = inbox.send({
      from: 'Bob',
      html: 'Changed: Target: Eve',
      sentAt: start + 4 * H,
      ...(engine === 'xenforo' ? { conversation: bob.conversation } : {}),
    });
    const third = await source.read(second.cursor, { pms: window });
    expect(board.board.logins).toBe(logins + 1);
    expect(third.posts.filter((p) => p.channel === 'pm').map((p) => p.id)).toEqual([`pm-${engine}-${again.id}`]);
    await source.close?.();
  }, 30_000);
});
