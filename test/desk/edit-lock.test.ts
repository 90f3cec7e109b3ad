import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { Watcher } from '../../src/app/watcher.js';
import { blockText } from '../../src/domain/owned-block.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { postingWords } from '../../src/web/pages/posting-state.js';
import { startPhpbbBoard } from '../fakes/board-phpbb.js';
import type { ModPermissions } from '../fakes/board-phpbb-mod.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { tempDir, testConfig } from './helpers.js';

/**
 * Issue 30 items 3 and 4 through the desk on a phpBB board: the opening post's roster block kept by approved
 * edits, a posted count corrected by an edit with its "edited:" line, the topic locked at the day's end and
 * unlocked at the next day's start; each once however often it is approved; an account without the permission is
 * told in words to do it by hand.
 */
const H = 3_600_000;
const start = Date.UTC(2026, 0, 5, 18, 0, 0);
const HAND_TOP = 'Welcome to [b]Board Game[/b]. Rules: play nice.';
const HAND_BOTTOM = 'Signups are closed.';

async function deskOn(tmp: { dir: string }, permissions: Record<string, ModPermissions>, clock: FakeClock) {
  const thread = new FakeThread({ start: start + 60_000 });
  const op = thread.add({ author: 'Mod', html: 'op', createdAt: start + 1000 });
  thread.sources.set(
    op.id,
    `${HAND_TOP}\n\n${blockText('roster', 'Alive: (filled in by moddesk)', 'bbcode')}\n\n${HAND_BOTTOM}`,
  );
  thread.addPosts(16);
  const board = await startPhpbbBoard(thread, { ignoreFlood: true, permissions });
  const players = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana'];
  const gameFile = join(tmp.dir, 'game.yaml');
  const iso = (t: number) => new Date(t).toISOString();
  writeFileSync(
    gameFile,
    [
      'ruleset: vanilla',
      'title: "Board Game"',
      'moderator: "Mod"',
      `thread: { platform: phpbb, url: "${board.threadUrl}", roster: true, lock: true }`,
      'players:',
      ...players.map((p, i) => `  - { name: "${p}", faction: ${i < 2 ? 'mafia' : 'town'} }`),
      'phases:',
      `  - { name: D1, start: "${iso(start)}", deadline: "${iso(start + 48 * H)}" }`,
      `  - { name: N1, start: "${iso(start + 48 * H)}", deadline: "${iso(start + 60 * H)}" }`,
      `  - { name: D2, start: "${iso(start + 60 * H)}", deadline: "${iso(start + 108 * H)}" }`,
      'events:',
      `  - { at: "${iso(start + 50 * H)}", kill: "Hana", cause: modkill }`,
      '',
    ].join('\n'),
  );
  const config = testConfig(tmp.dir, gameFile);
  const store = Store.open(config.database, extractActions);
  const watcher = new Watcher({
    store,
    clock,
    log: pino({ level: 'silent' }),
    env: {
      MODDESK_FORUM_USERNAME: 'Mod',
      MODDESK_FORUM_PASSWORD: 'correct horse',
      MODDESK_MIN_GAP_MS: '1',
      MODDESK_FORUM_FLOOD_SECONDS: '0',
      MODDESK_FORUM_TIMEZONE: 'America/New_York',
    },
    config,
  });
  watcher.open();
  await watcher.pollAll();
  return { board, watcher, store, op, thread };
}

/** A desk on its own board for the describe it is called in, opened before its tests and closed after them. */
function deskFor(name: string, permissions: Record<string, ModPermissions>, clock: FakeClock) {
  const tmp = tempDir(`moddesk-${name}-`);
  let d: Awaited<ReturnType<typeof deskOn>>;
  beforeAll(async () => {
    d = await deskOn(tmp, permissions, clock);
  }, 60_000);
  afterAll(async () => {
    await d.watcher.stop();
    d.store.close();
    await d.board.close();
    tmp.remove();
  });
  return {
    get: () => d,
    drafts: async (kind: string) => (await d.watcher.desk.drafts('demo')).filter((x) => x.kind === kind),
  };
}

describe('issue 30 items 3, 4 through the desk on phpBB (a moderator with m_lock)', () => {
  const clock = new FakeClock(start + 30 * H);
  const desk = deskFor('editlock', { Mod: { m_lock: true } }, clock);
  const drafts = desk.drafts;

  it('item 3a: the roster edit of the opening post is applied once; the hand-written text stays', async () => {
    const [roster] = await drafts('roster-edit');
    expect(roster?.text).toContain('[b]Alive (8)[/b]');
    const r = await desk.get().watcher.desk.approveDraft('demo', roster!.id);
    expect(r.outcome).toBe('posted');
    const source = desk.get().thread.sources.get(desk.get().op.id)!;
    expect(source.startsWith(`${HAND_TOP}\n\n`)).toBe(true);
    expect(source.endsWith(`\n\n${HAND_BOTTOM}`)).toBe(true);
    expect(source).toContain('Hana');
    await desk.get().watcher.desk.approveDraft('demo', roster!.id);
    expect(desk.get().board.board.modLog).toEqual([`edit ${desk.get().op.id}`]);
  }, 60_000);

  it('item 3b: a posted count corrected by an edit with an "edited:" line, once; counted again it stands', async () => {
    const [count] = await drafts('vote-count');
    const posted = await desk.get().watcher.desk.approveDraft('demo', count!.id, { confirm: true });
    expect(posted.outcome).toBe('posted');
    const countPost = posted.draft.posted!.id!;
    // The moderator rules that Alice's first post held no vote: the posted count was wrong.
    const alicePost = desk
      .get()
      .thread.visible()
      .find((p) => p.author === 'Alice')!;
    await desk.get().watcher.desk.rule('demo', { kind: 'ignore', postId: String(alicePost.id) });
    const fix = await desk.get().watcher.desk.correctCount!('demo', count!.id);
    expect(fix?.kind).toBe('count-fix');
    expect(fix?.text).toMatch(/\nedited: .*→/);
    expect((await desk.get().watcher.desk.approveDraft('demo', fix!.id)).outcome).toBe('posted');
    await desk.get().watcher.desk.approveDraft('demo', fix!.id);
    const text = desk.get().thread.sources.get(Number(countPost))!;
    expect(text).toContain(fix!.text);
    expect(text).toContain(`moddesk: demo-${count!.id}`);
    expect(desk.get().board.board.modLog.filter((l) => l === `edit ${countPost}`)).toHaveLength(1);
    expect(await desk.get().watcher.desk.correctCount!('demo', count!.id)).toBeNull();
  }, 60_000);

  it('item 4: locked at D1’s end, unlocked at D2’s start, each once; the roster edit after the modkill', async () => {
    clock.set(start + 49 * H);
    await desk.get().watcher.pollAll();
    const [lock] = await drafts('lock');
    expect(lock?.phase).toBe('D1');
    expect((await desk.get().watcher.desk.approveDraft('demo', lock!.id)).outcome).toBe('posted');
    expect(desk.get().thread.locked).toBe(true);
    clock.set(start + 61 * H);
    await desk.get().watcher.pollAll();
    const [unlock] = await drafts('unlock');
    expect(unlock?.phase).toBe('D2');
    await desk.get().watcher.desk.approveDraft('demo', unlock!.id);
    await desk.get().watcher.desk.approveDraft('demo', lock!.id);
    expect(desk.get().thread.locked).toBe(false);
    const roster = (await drafts('roster-edit')).filter((x) => x.status === 'pending');
    expect(roster).toHaveLength(1);
    expect(roster[0]!.text).toMatch(/Hana: \[b\]town, no power role|Hana: \[b\]Vanilla Townie\[\/b\], modkilled N1/);
    await desk.get().watcher.desk.approveDraft('demo', roster[0]!.id);
    expect(desk.get().board.board.modLog.filter((l) => l === 'lock' || l === 'unlock')).toEqual(['lock', 'unlock']);
    expect(desk.get().thread.sources.get(desk.get().op.id)).toContain('[b]Alive (7)[/b]');
  }, 60_000);
});

describe('issue 30 item 4: an account that may not lock is told in words', () => {
  const clock = new FakeClock(start + 49 * H);
  const desk = deskFor('editlock-denied', {}, clock);

  it('"You are not authorised": the draft stays approved, retries stop, the words say to lock by hand', async () => {
    const lock = (await desk.get().watcher.desk.drafts('demo')).find((x) => x.kind === 'lock')!;
    const err = await desk
      .get()
      .watcher.desk.approveDraft('demo', lock.id)
      .catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/You are not authorised to access this area/);
    const now = (await desk.get().watcher.desk.drafts('demo')).find((x) => x.id === lock.id)!;
    expect(now.status).toBe('approved');
    expect(now.posting).toMatchObject({ byHand: true, stopped: true, fate: 'failed' });
    expect(postingWords(now, new Date(clock.now()).toISOString())).toMatch(
      /^moddesk cannot do this: .*not authorised.*\. Lock the thread by hand on the forum\.$/,
    );
    expect(desk.get().thread.locked).toBe(false);
    expect(desk.get().board.board.refusals).toEqual(['NOT_AUTHORISED']);
  }, 60_000);
});

describe('issue 30 items 3, 4: an account that may lock but not edit a locked topic (phpBB without m_edit)', () => {
  const clock = new FakeClock(start + 49 * H);
  const desk = deskFor('editlock-wait', { Mod: { m_lock: true } }, clock);
  const drafts = desk.drafts;

  it('a roster edit approved after the day’s lock waits for the unlock, in words; a newer one done first supersedes it', async () => {
    const [lock] = await drafts('lock');
    expect((await desk.get().watcher.desk.approveDraft('demo', lock!.id)).outcome).toBe('posted');
    const [first] = await drafts('roster-edit');
    // phpBB refuses the edit in the locked topic: not a missing permission to do by hand, a wait for the unlock.
    const waiting = await desk.get().watcher.desk.approveDraft('demo', first!.id);
    expect(waiting.outcome).toBe('waiting');
    expect(waiting.draft.posting).toMatchObject({ waitsForUnlock: true, stopped: false });
    expect(waiting.draft.posting?.byHand).toBeUndefined();
    expect(postingWords(waiting.draft, new Date(clock.now()).toISOString())).toMatch(
      /^waits for the thread to be unlocked: .*This topic is locked.*moddesk edits it right after it unlocks the thread/,
    );
    // The desk's own rounds do not knock on the locked topic again.
    await desk.get().watcher.pollAll();
    expect((await drafts('roster-edit')).find((x) => x.id === first!.id)?.posting?.attempts).toBe(1);

    // Hana's modkill (N1) makes a newer roster; D2's start makes the unlock.
    clock.set(start + 61 * H);
    await desk.get().watcher.pollAll();
    const [unlock] = await drafts('unlock');
    await desk.get().watcher.desk.approveDraft('demo', unlock!.id);
    const newest = (await drafts('roster-edit')).find((x) => x.status === 'pending')!;
    expect((await desk.get().watcher.desk.approveDraft('demo', newest.id)).outcome).toBe('posted');
    // The older edit, retried by the next round, would put back the roster from before the modkill: superseded.
    await desk.get().watcher.pollAll();
    const old = (await drafts('roster-edit')).find((x) => x.id === first!.id)!;
    expect(old).toMatchObject({ status: 'superseded', supersededBy: newest.id });
    expect(desk.get().board.board.modLog).toEqual(['lock', 'unlock', `edit ${desk.get().op.id}`]);
    expect(desk.get().thread.sources.get(desk.get().op.id)).toContain('[b]Alive (7)[/b]');
  }, 60_000);
});
