import { afterEach, describe, expect, it } from 'vitest';
import type { DeskEvent } from '../../src/app/desk.js';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { replay } from '../../src/reporter/replay.js';
import { replayState } from '../../src/reporter/replay-state.js';
import { openDesk, type TestDesk } from './desk.js';
import { pendingCount, post, repoFile, smallGame, voteCounts } from './games.js';

// The desk `moddesk serve` runs (the watch loop's LiveDesk over an in-memory store and the file adapter): every
// behaviour the dashboard relies on, decided once (docs/decisions/0005-one-desk.md).
const desks: TestDesk[] = [];
const open = async (...args: Parameters<typeof openDesk>) => {
  const d = await openDesk(...args);
  desks.push(d);
  return d;
};
afterEach(async () => {
  for (const d of desks.splice(0)) await d.close();
});

const D1 = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');

describe('serve over the demo game', () => {
  it('answers with the replay: state, the vote count draft and the history agree with the engine', async () => {
    const game = loadGameFile(repoFile('config/demo/vanilla-demo.game.yaml'));
    const posts = loadDump(repoFile('config/demo/vanilla-demo.posts.jsonl'));
    const h = await open(game, posts);
    const [summary] = await h.desk.listGames();
    const state = await h.desk.state(h.id);
    expect(state).toEqual(replayState(game, posts, { at: h.clock.now() }));
    expect(summary).toMatchObject({ id: 'harbour-lights-mafia', ruleset: 'vanilla', phase: state.phase });
    const d1 = await h.desk.voteHistory(h.id, 'D1');
    expect(d1.length).toBeGreaterThan(5);
    expect(d1.at(-1)).toMatchObject({ day: 'D1', voter: 'Zoe', target: 'Cid', postId: 'p017' });
    expect((await h.desk.flags(h.id)).length).toBe(state.flags.length);
  });
});

describe('drafts', () => {
  const posts = [post('Alice', D1(1), { action: 'Vote: Bob' }), post('Cleo', D1(2), { action: 'Vote: Bob' })];

  it("a vote count's phase and number are fields; a newer count supersedes it unless the mod edited it", async () => {
    const h = await open(smallGame(), posts);
    const events: DeskEvent[] = [];
    h.desk.subscribe((e) => events.push(e));
    const first = await pendingCount(h);
    // Issue 32, M2: a count's number follows the last one approved or posted in the thread (none yet: 1.1).
    expect(first).toMatchObject({ phase: 'D1', number: 1 });
    expect(first?.text).toMatch(/^\[b\]Vote Count 1\.1\[\/b\]/);
    await h.addPosts([post('Dan', D1(3), { action: 'Vote: Alice' })]);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['game.updated', 'draft.changed', 'poll.done']));
    const second = await pendingCount(h);
    // Nobody saw 1.1: the count superseding it takes its number.
    expect(second).toMatchObject({ phase: 'D1', number: 1 });
    expect((await voteCounts(h)).find((d) => d.id === first!.id)).toMatchObject({
      status: 'superseded',
      supersededBy: second!.id,
    });

    await h.desk.editDraft(h.id, second!.id, 'My own count: Bob 2, Alice 1');
    await h.addPosts([post('Eve', D1(4), { action: 'Vote: Alice' })]);
    expect((await voteCounts(h)).find((d) => d.id === second!.id)?.status).toBe('pending');
    // One pending count per phase: the newer count is the edited one's recount, not a second card.
    const pendingD1 = (await voteCounts(h)).filter((d) => d.status === 'pending' && d.phase === 'D1');
    expect(pendingD1.map((d) => d.id)).toEqual([second!.id]);
    expect(pendingD1[0]?.recount?.text).toContain('[b]Alice (2)[/b]');
    const changed = await h.desk.approveDraft(h.id, second!.id);
    expect(changed.outcome).toBe('changed');
    expect(changed.draft.recount?.text).toContain('[b]Alice (2)[/b]');
    expect(changed.draft.recount?.diff).toContain('- My own count: Bob 2, Alice 1');
    const approved = await h.desk.approveDraft(h.id, second!.id, { confirm: true });
    expect(approved).toMatchObject({
      outcome: 'copy',
      draft: { status: 'posted', text: 'My own count: Bob 2, Alice 1' },
    });
  });

  it('approving an approved draft is idempotent: the same answer, nothing posted twice, no error', async () => {
    const h = await open(smallGame(), posts);
    const replies: string[] = [];
    const source = h.running.watcher.sources.get(h.id)!;
    source.reply = async (text: string) => {
      replies.push(text);
      return { id: 'p999', url: 'https://forum.example/p999' };
    };
    const draft = await pendingCount(h);
    const first = await h.desk.approveDraft(h.id, draft!.id);
    expect(first).toMatchObject({ outcome: 'posted', draft: { status: 'posted', posted: { id: 'p999' } } });
    const again = await h.desk.approveDraft(h.id, draft!.id);
    expect(again).toEqual(first);
    expect(replies).toHaveLength(1);
  });

  it('a rejected draft stays rejected', async () => {
    const h = await open(smallGame(), posts);
    const draft = await pendingCount(h);
    expect((await h.desk.rejectDraft(h.id, draft!.id, 'wrong')).status).toBe('rejected');
    await expect(h.desk.approveDraft(h.id, draft!.id)).rejects.toThrow(/rejected/);
  });

  it("game over in vanilla is vanilla's post: the town's win, survivors and roles", async () => {
    const hammer = [...posts, post('Dan', D1(3), { action: 'Vote: Bob' })];
    const h = await open(smallGame(), hammer);
    const over = (await h.desk.drafts(h.id)).find((d) => d.kind === 'game-over');
    expect(over?.text).toMatch(/^\[b\]Game over: the town wins!\[\/b\]/);
    expect(over?.text).toContain('Survivors:');
    expect(over?.text).not.toMatch(/missile|Doomsday/i);
  });
});

describe('rulings', () => {
  const base = [
    post('Alice', D1(1), { action: 'Vote: Bob', id: 'p1' }),
    post('Dan', D1(2), { action: 'Vote: Jelly', id: 'p2' }),
  ];

  it('reading a vote as another player applies it at once, remembers the alias, and redrafts the count', async () => {
    const h = await open(smallGame(), base);
    const [flag] = (await h.desk.flags(h.id)).filter((f) => f.postId === 'p2');
    expect(flag).toMatchObject({ id: 'p2-target-unknown', code: 'target-unknown', status: 'open' });
    await h.desk.rule(h.id, {
      kind: 'vote',
      postId: 'p2',
      target: 'Cleo',
      note: 'Jelly is Cleo',
      rememberAlias: 'Jelly',
    });
    const state = await h.desk.state(h.id);
    expect(state.votes.wagons.find((w) => w.target === 'Cleo')?.voters).toEqual(['Dan']);
    expect((await h.desk.flags(h.id)).find((f) => f.id === flag!.id)?.status).toBe('ruled');
    expect((await pendingCount(h))?.text).toContain('[b]Cleo (1)[/b]');
    const { game, posts } = h.snapshot();
    expect(game.events).toContainEqual({ post: 'p2', vote: 'Cleo', note: 'Jelly is Cleo' });
    expect(game.players.find((p) => p.name === 'Cleo')?.aliases).toEqual(['Jelly']);
    expect(replayState(game, posts, { at: Date.parse(state.at) }).votes).toEqual(state.votes);
    await h.addPosts([post('Eve', D1(3), { action: 'Vote: Jelly', id: 'p3' })]);
    const after = await h.desk.state(h.id);
    expect(after.votes.wagons.find((w) => w.target === 'Cleo')?.voters).toEqual(['Dan', 'Eve']);
    expect(after.flags.filter((f) => f.postId === 'p3')).toEqual([]);
  });

  it('re-ruling a post from ignore to vote counts the vote: the later ruling wins', async () => {
    const h = await open(smallGame(), base);
    await h.desk.rule(h.id, { kind: 'ignore', postId: 'p2' });
    expect((await h.desk.state(h.id)).votes.wagons.map((w) => w.target)).toEqual(['Bob']);
    await h.desk.rule(h.id, { kind: 'vote', postId: 'p2', target: 'Cleo' });
    expect((await h.desk.state(h.id)).votes.wagons.find((w) => w.target === 'Cleo')?.voters).toEqual(['Dan']);
    expect(h.snapshot().game.events.filter((e) => 'post' in e && e.post === 'p2')).toEqual([
      { post: 'p2', vote: 'Cleo' },
    ]);
    expect((await h.desk.flags(h.id)).find((f) => f.postId === 'p2')?.status).toBe('ruled');
  });

  it('ignoring a post takes its vote away, its flag stays listed as ignored; accepting changes only the flag', async () => {
    const h = await open(smallGame(), base);
    const before = await h.desk.state(h.id);
    const flag = (await h.desk.flags(h.id)).find((f) => f.postId === 'p2')!;
    await h.desk.rule(h.id, { kind: 'accept', flagId: flag.id });
    expect(await h.desk.state(h.id)).toEqual(before);
    expect((await h.desk.flags(h.id)).find((f) => f.id === flag.id)?.status).toBe('accepted');
    await h.desk.rule(h.id, { kind: 'ignore', postId: 'p1' });
    expect((await h.desk.state(h.id)).votes.wagons).toEqual([]);
    expect(h.snapshot().game.events).toContainEqual({ post: 'p1', ignore: true });
  });

  it('refuses a ruling naming no player, no post or no flag, and changes nothing', async () => {
    const h = await open(smallGame(), base);
    await expect(h.desk.rule(h.id, { kind: 'vote', postId: 'p2', target: 'Nobody' })).rejects.toThrow(/not a player/);
    await expect(h.desk.rule(h.id, { kind: 'ignore', postId: 'p404' })).rejects.toThrow(/no post/);
    await expect(h.desk.rule(h.id, { kind: 'accept', flagId: 'nope' })).rejects.toThrow(/no flag/);
    expect(h.snapshot().game.events).toEqual([]);
  });
});

describe('night actions and the clock', () => {
  it('a night action entered by the mod is a PM from the player to the moderator; the kill comes at the deadline', async () => {
    const h = await open(smallGame(), [], { at: Date.parse('2026-05-06T20:00:00Z') });
    await h.desk.recordNightAction(h.id, { phase: 'N1', actor: 'Bob', line: 'Kill: Eve' });
    await expect(h.desk.recordNightAction(h.id, { phase: 'D1', actor: 'Bob', line: 'Kill: Eve' })).rejects.toThrow(
      /current phase is N1/,
    );
    await expect(h.desk.recordNightAction(h.id, { phase: 'N1', actor: 'Zed', line: 'Kill: Eve' })).rejects.toThrow(
      /not a player/,
    );
    const pm = h.snapshot().posts.at(-1);
    expect(pm).toMatchObject({
      id: 'console-N1-1',
      author: 'Bob',
      channel: 'pm',
      to: 'Mod',
      html: '<p><strong>Kill: Eve</strong></p>',
    });
    const later = await h.desk.state(h.id, '2026-05-07T18:00:00Z');
    expect(later.players.find((p) => p.name === 'Eve')).toMatchObject({ alive: false, cause: 'nightkill' });
  });

  it('the desk clock runs: a deadline passing updates the state and tells the subscribers', async () => {
    const deadline = Date.parse('2026-05-06T18:00:00Z');
    const h = await open(smallGame(), [], { at: deadline - 300, speed: 1 });
    expect((await h.desk.state(h.id)).phase?.name).toBe('D1');
    const updated = new Promise<DeskEvent>((resolve) =>
      h.desk.subscribe((e) => e.type === 'game.updated' && resolve(e)),
    );
    expect(await updated).toEqual({ type: 'game.updated', gameId: h.id });
    expect((await h.desk.drafts(h.id)).map((d) => d.kind)).toContain('day-end');
    expect((await h.desk.state(h.id)).phase?.name).toBe('N1');
    expect((await h.desk.state(h.id)).machine).toBe('night.open');
    expect((await h.desk.state(h.id, '2026-05-06T17:00:00Z')).machine).toBe('day.open');
  }, 15_000);

  it('obsidian: picks entered as PMs and the night ended now resolve as the PM route does', async () => {
    const game = loadGameFile(repoFile('test/games/obsidian-sample/game.yaml'));
    const all = loadDump(repoFile('test/games/obsidian-sample/posts.jsonl'));
    const n1 = (p: { createdAt: string; channel: string }) =>
      p.channel === 'pm' && p.createdAt >= '2026-04-02T18:00:00Z' && p.createdAt < '2026-04-03T18:00:00Z';
    const before = all.filter((p) => p.createdAt < '2026-04-02T18:00:00Z');
    const pmRoute = replay(game, [...before, ...all.filter(n1)], { at: Date.parse('2026-04-03T18:00:00Z') });
    const h = await open(game, before, { at: Date.parse('2026-04-02T23:00:00Z') });
    for (const pm of all.filter(n1)) {
      const line = pm.html.replace(/<[^>]+>/g, '');
      await h.desk.recordNightAction(h.id, { phase: 'N1', actor: pm.author, line });
    }
    await h.desk.endPhase(h.id, 'N1');
    const state = await h.desk.state(h.id);
    expect(state.phase).toMatchObject({ name: 'N1', endedAt: '2026-04-02T23:00:01Z', endReason: 'mod' });
    const expected = toStateJson(pmRoute.context, pmRoute.at);
    expect(state.nightResults).toEqual(expected.nightResults);
    expect(state.eliminations.map((e) => [e.name, e.cause])).toEqual(
      expected.eliminations.map((e) => [e.name, e.cause]),
    );
    expect((await h.desk.drafts(h.id)).map((d) => d.kind)).toContain('night-result');
    await expect(h.desk.endPhase(h.id, 'N1')).rejects.toThrow(/not the phase running now/);
  });
});
