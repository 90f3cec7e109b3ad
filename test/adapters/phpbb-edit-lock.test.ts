import { afterEach, describe, expect, test } from 'vitest';
import { needsHand } from '../../src/adapters/common/post-outcome.js';
import { createPhpbbSource } from '../../src/adapters/phpbb/index.js';
import { blockText, OPENING_POST } from '../../src/domain/owned-block.js';
import { type PhpbbBoard, startPhpbbBoard } from '../fakes/board-phpbb.js';
import { FakeThread } from '../fakes/fake-thread.js';

/** Issue 30 items 3, 4 and 6 on phpBB 3.3: the OP's block and a count edited once, the topic locked and unlocked. */
const boards: PhpbbBoard[] = [];
afterEach(async () => {
  for (const b of boards.splice(0)) {
    await b.close();
    b.server.assertClean();
  }
});

const HAND_TOP = 'Welcome to [b]Example Mafia[/b]!\nRules: be nice.';
const HAND_BOTTOM = 'Good luck, have fun.';
const OLD = 'Alive:\nAlice\nBob\nCleo';
const NEW = 'Alive:\nAlice\nCleo\n\nDead:\nBob, Vanilla Townie, died N1';

async function setup(opts: Parameters<typeof startPhpbbBoard>[1] = {}) {
  const thread = new FakeThread();
  const op = thread.add({ author: 'Mod', html: 'op' });
  const opSource = `${HAND_TOP}\n\n${blockText('roster', OLD, 'bbcode')}\n\n${HAND_BOTTOM}`;
  thread.sources.set(op.id, opSource);
  thread.addPosts(5);
  const board = await startPhpbbBoard(thread, { floodInterval: 15, ...opts });
  boards.push(board);
  const env = {
    MODDESK_FORUM_USERNAME: 'Mod',
    MODDESK_FORUM_PASSWORD: 'correct horse',
    MODDESK_MIN_GAP_MS: '1',
    // posting.php applies no flood interval to an edit: the board's 15 s never delays one.
    MODDESK_FORUM_FLOOD_SECONDS: '0',
  };
  const source = createPhpbbSource({ url: board.threadUrl, env });
  return { board, source, thread, op, opSource };
}

describe('phpBB: the moderator’s own posts edited, the topic locked', () => {
  test('item 3: the OP roster block is edited once; hand-written text outside it kept; re-applying changes nothing', async () => {
    const { board, source, thread, op } = await setup();
    const edit = { kind: 'block' as const, name: 'roster', content: NEW };
    const first = await source.editPost(OPENING_POST, edit);
    expect(first).toMatchObject({ id: String(op.id), changed: true }); // "opening": the topic's first post, found by the adapter
    const after = thread.sources.get(op.id)!;
    expect(after.startsWith(`${HAND_TOP}\n\n`)).toBe(true);
    expect(after.endsWith(`\n\n${HAND_BOTTOM}`)).toBe(true);
    expect(after).toContain(blockText('roster', NEW, 'bbcode'));
    expect(after).not.toContain('Alive:\nAlice\nBob');
    const again = await source.editPost(String(op.id), edit);
    expect(again.changed).toBe(false);
    expect(board.board.modLog).toEqual([`edit ${op.id}`]);
    expect(board.board.refusals).toEqual([]);
    await source.close();
  });

  test('item 3: a posted count corrected by an edit with its "edited:" line, once; a second correction is idempotent', async () => {
    const { board, source, thread } = await setup();
    await source.reply('[b]Vote Count 1.1[/b]\nBob (2): Alice, Cleo', 'g-vc-D1-1');
    const posted = thread.visible().at(-1)!;
    const now = '[b]Vote Count 1.1[/b]\nBob (1): Alice\n\n[i]edited: Cleo’s vote was not counted (a ruling)[/i]';
    const edit = { kind: 'replace' as const, was: '[b]Vote Count 1.1[/b]\nBob (2): Alice, Cleo', now };
    expect((await source.editPost(String(posted.id), edit)).changed).toBe(true);
    expect((await source.editPost(String(posted.id), edit)).changed).toBe(false);
    const text = thread.sources.get(posted.id)!;
    expect(text).toContain(now);
    expect(text).toContain('moddesk: g-vc-D1-1'); // the idempotency line is outside what was replaced
    expect(board.board.modLog).toEqual([`edit ${posted.id}`]);
    await source.close();
  });

  test('item 3: a post without the block is never edited; the error says so and is for the hand', async () => {
    const { board, source, thread } = await setup();
    const plain = thread.add({ author: 'Mod', html: 'no block here' });
    const err = await source
      .editPost(String(plain.id), { kind: 'block', name: 'roster', content: NEW })
      .catch((e: unknown) => e);
    expect(needsHand(err)).toBe(true);
    expect((err as Error).message).toMatch(/has no moddesk:roster block yet/);
    expect(board.board.modLog).toEqual([]);
    await source.close();
  });

  test('item 6: an edit form sent back in the second it was served is refused by check_form_key and retried once right', async () => {
    // The board's clock stands still until it has refused the form once (however long a loaded machine takes to
    // send it back), then runs again.
    const frozen = Math.floor(Date.now() / 1000);
    let refused = () => false;
    const { board, source, op } = await setup({ now: () => (refused() ? Math.floor(Date.now() / 1000) : frozen) });
    refused = () => board.board.refusals.includes('FORM_INVALID');
    const res = await source.editPost(String(op.id), { kind: 'block', name: 'roster', content: NEW });
    expect(res.changed).toBe(true);
    expect(board.board.refusals).toContain('FORM_INVALID');
    expect(board.board.modLog).toEqual([`edit ${op.id}`]);
    await source.close();
  });

  test('item 6: a lost session is logged in again; the edit lands once', async () => {
    const { board, source, op } = await setup();
    await source.editPost(String(op.id), { kind: 'block', name: 'roster', content: 'Alive:\nAlice' });
    board.board.expireSessions();
    await source.editPost(String(op.id), { kind: 'block', name: 'roster', content: NEW });
    expect(board.board.logins).toBe(2);
    expect(board.board.modLog).toEqual([`edit ${op.id}`, `edit ${op.id}`]);
    await source.close();
  });

  test('item 4: lock and unlock through quick-mod and its confirm box, each once; a repeat changes nothing', async () => {
    const { board, source, thread } = await setup({ permissions: { Mod: { m_lock: true } } });
    expect(await source.setLocked(true)).toEqual({ changed: true });
    expect(thread.locked).toBe(true);
    expect(await source.setLocked(true)).toEqual({ changed: false });
    expect(await source.setLocked(false)).toEqual({ changed: true });
    expect(thread.locked).toBe(false);
    expect(board.board.modLog).toEqual(['lock', 'unlock']);
    await source.close();
  });

  test('item 4: f_user_lock locks one’s own topic but cannot unlock it: told in words, for the hand', async () => {
    const { board, source, thread } = await setup({ permissions: { Mod: { f_user_lock: true } } });
    expect((await source.setLocked(true)).changed).toBe(true);
    const err = await source.setLocked(false).catch((e: unknown) => e);
    expect(needsHand(err)).toBe(true);
    expect((err as Error).message).toMatch(
      /does not let "Mod" do this: "You are not authorised to access this area\."/,
    );
    expect(thread.locked).toBe(true);
    expect(board.board.modLog).toEqual(['lock']);
    await source.close();
  });

  test('item 4: no permission at all: "You are not authorised", nothing locked, nothing retried', async () => {
    const { board, source, thread } = await setup();
    const err = await source.setLocked(true).catch((e: unknown) => e);
    expect(needsHand(err)).toBe(true);
    expect(thread.locked).toBe(false);
    expect(board.board.refusals).toEqual(['NOT_AUTHORISED']);
    await source.close();
  });

  test('item 6: a locked topic refuses the edit of a moderator without m_edit (TOPIC_LOCKED), in words', async () => {
    const { source, thread, op } = await setup({ permissions: { Mod: { m_lock: true } } });
    await source.setLocked(true);
    const err = await source
      .editPost(String(op.id), { kind: 'block', name: 'roster', content: NEW })
      .catch((e: unknown) => e);
    expect(needsHand(err)).toBe(true);
    expect((err as Error).message).toMatch(/This topic is locked/);
    expect(thread.sources.get(op.id)).toContain(OLD);
    await source.close();
  });
});
