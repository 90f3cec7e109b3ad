import { afterEach, describe, expect, test } from 'vitest';
import { needsHand } from '../../src/adapters/common/post-outcome.js';
import { createSource } from '../../src/adapters/registry.js';
import { blockText, OPENING_POST } from '../../src/domain/owned-block.js';
import { type Engine, type FormsBoard, startFormsBoard } from '../fakes/board-forms.js';
import type { FormsModOptions } from '../fakes/board-forms-mod.js';
import { FakeThread } from '../fakes/fake-thread.js';

/** Issue 30 items 3, 4 and 6 on XenForo 2 and vBulletin 4: the OP's block and a count edited once, the thread closed. */
const boards: FormsBoard[] = [];
afterEach(async () => {
  for (const b of boards.splice(0)) {
    await b.close();
    b.server.assertClean();
  }
});

const HAND_TOP = 'Welcome to [b]Example Mafia[/b]!';
const HAND_BOTTOM = 'Have fun.';
const OLD = 'Alive:\nAlice\nBob';
const NEW = 'Alive:\nAlice\n\nDead:\nBob, Vanilla Townie, died N1\n\nReplacements:\nZoe replaced Cleo';

async function setup(engine: Engine, mod: FormsModOptions = {}) {
  const thread = new FakeThread();
  const op = thread.add({ author: 'Mod', html: 'op' });
  thread.sources.set(op.id, `${HAND_TOP}\n\n${blockText('roster', OLD, 'bbcode')}\n\n${HAND_BOTTOM}`);
  thread.addPosts(5);
  const board = await startFormsBoard(engine, thread, { floodSeconds: 60, mod });
  boards.push(board);
  const env = {
    MODDESK_FORUM_USERNAME: 'Mod',
    MODDESK_FORUM_PASSWORD: 'correct horse',
    MODDESK_MIN_GAP_MS: '1',
    // Neither engine flood-checks an edit; the board's 60 s would only slow the test's reply.
    MODDESK_FORUM_FLOOD_SECONDS: '0',
    MODDESK_FORUM_TIMEZONE: 'America/Chicago',
  };
  return { board, thread, op, source: createSource(engine, { url: board.threadUrl, env }) };
}

describe.each(['xenforo', 'vbulletin'] as const)(
  '%s: the moderator’s own posts edited, the thread closed',
  (engine) => {
    test('item 3: the OP roster block edited once, the hand-written text kept; a repeat changes nothing', async () => {
      const { board, source, thread, op } = await setup(engine);
      const edit = { kind: 'block' as const, name: 'roster', content: NEW };
      expect(await source.editPost!(OPENING_POST, edit)).toMatchObject({ changed: true });
      expect(await source.editPost!(String(op.id), edit)).toMatchObject({ changed: false });
      expect(thread.sources.get(op.id)).toBe(`${HAND_TOP}\n\n${blockText('roster', NEW, 'bbcode')}\n\n${HAND_BOTTOM}`);
      expect(board.board.modLog).toEqual([`edit ${op.id}`]);
      expect(board.board.refusals).toEqual([]);
      await source.close?.();
    });

    test('item 3: a count corrected with its "edited:" line, once; the idempotency line kept', async () => {
      const { board, source, thread } = await setup(engine);
      await source.reply('[b]Vote Count 1.1[/b]\nBob (2)', 'g-vc-D1-1');
      const posted = thread.visible().at(-1)!;
      const edit = {
        kind: 'replace' as const,
        was: '[b]Vote Count 1.1[/b]\nBob (2)',
        now: '[b]Vote Count 1.1[/b]\nBob (1)\nedited: one vote fewer',
      };
      expect((await source.editPost!(String(posted.id), edit)).changed).toBe(true);
      expect((await source.editPost!(String(posted.id), edit)).changed).toBe(false);
      expect(thread.sources.get(posted.id)).toContain('moddesk: g-vc-D1-1');
      expect(board.board.modLog).toEqual([`edit ${posted.id}`]);
      await source.close?.();
    });

    test('item 6: an expired token on the edit form is refused, a fresh form fetched, the edit made once', async () => {
      const { board, source, op } = await setup(engine);
      await source.editPost!(String(op.id), { kind: 'block', name: 'roster', content: 'Alive:\nAlice' });
      // The next form's token has expired by the time it comes back (as after a long wait on a real board).
      const state = board.board;
      const real = state.tokenOk.bind(state);
      let stale = 1;
      state.tokenOk = (s, v) => (stale-- > 0 ? false : real(s, v));
      expect((await source.editPost!(String(op.id), { kind: 'block', name: 'roster', content: NEW })).changed).toBe(
        true,
      );
      expect(state.refusals).toEqual(['badToken']);
      expect(state.modLog).toEqual([`edit ${op.id}`, `edit ${op.id}`]);
      await source.close?.();
    });

    test('item 4: closed and opened again, each once; a repeat changes nothing (vBulletin toggles: read first)', async () => {
      const { board, source, thread } = await setup(engine, { moderators: ['Mod'] });
      expect(await source.setLocked!(true)).toEqual({ changed: true });
      expect(await source.setLocked!(true)).toEqual({ changed: false });
      expect(thread.locked).toBe(true);
      expect(await source.setLocked!(false)).toEqual({ changed: true });
      expect(await source.setLocked!(false)).toEqual({ changed: false });
      expect(board.board.modLog).toEqual(['lock', 'unlock']);
      await source.close?.();
    });

    test('item 6: a lost session between a lock and an unlock: logged in again, each done once', async () => {
      const { board, source, thread } = await setup(engine, { moderators: ['Mod'] });
      await source.setLocked!(true);
      board.board.expireSessions();
      expect(await source.setLocked!(false)).toEqual({ changed: true });
      expect(thread.locked).toBe(false);
      expect(board.board.logins).toBe(2);
      expect(board.board.modLog).toEqual(['lock', 'unlock']);
      await source.close?.();
    });

    test('item 4: an account without the permission is told in words, for the hand; nothing changes', async () => {
      const { board, source, thread } = await setup(engine);
      const err = await source.setLocked!(true).catch((e: unknown) => e);
      expect(needsHand(err)).toBe(true);
      expect((err as Error).message).toMatch(/does not let "Mod" do this: ".*you do not have permission/i);
      expect(thread.locked).toBe(false);
      expect(board.board.modLog).toEqual([]);
      await source.close?.();
    });
  },
);
