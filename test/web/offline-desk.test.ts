import { afterEach, describe, expect, it } from 'vitest';
import type { DeskEvent } from '../../src/app/desk.js';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { replay } from '../../src/machine/replay.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { MARKUPS } from '../../src/reporter/markup.js';
import { renderVoteCount } from '../../src/reporter/render-vote-count.js';
import { buildVoteCountModel } from '../../src/reporter/vote-count-model.js';
import { OfflineDesk } from '../../src/web/offline-desk.js';
import { post, repoFile, smallGame, voteCounts } from './games.js';

const desks: OfflineDesk[] = [];
const open = (...args: ConstructorParameters<typeof OfflineDesk>) => {
  const d = new OfflineDesk(...args);
  desks.push(d);
  return d;
};
afterEach(() => {
  for (const d of desks.splice(0)) d.close();
});

const D1 = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');

describe('the offline desk over the demo game', () => {
  it('answers with the pure replay: state, vote count draft and history agree with the engine', async () => {
    const game = loadGameFile(repoFile('config/demo/vanilla-demo.game.yaml'));
    const posts = loadDump(repoFile('config/demo/vanilla-demo.posts.jsonl'));
    const desk = open(game, posts, { speed: 0 });
    const [summary] = await desk.listGames();
    const expected = replay(game, posts, null);
    const state = await desk.state(desk.id);
    expect(state).toEqual(toStateJson(expected.context, expected.at));
    expect(summary).toMatchObject({
      id: 'harbour-lights-mafia',
      ruleset: 'vanilla',
      alive: state.players.filter((p) => p.alive).length,
      phase: state.phase,
    });
    const [count] = (await desk.drafts(desk.id)).filter((d) => d.kind === 'vote-count');
    const info = new Map(posts.map((p) => [p.id, { number: p.number as number, url: p.url }]));
    expect(count?.text).toBe(
      renderVoteCount(buildVoteCountModel(expected.context, expected.at, { posts: info, number: 1 }), MARKUPS.bbcode),
    );
    expect(count?.status).toBe('pending');
    const d1 = await desk.voteHistory(desk.id, 'D1');
    expect(d1.length).toBeGreaterThan(5);
    expect(d1.at(-1)).toMatchObject({ day: 'D1', voter: 'Zoe', target: 'Cid', postId: 'p017' });
    expect((await desk.flags(desk.id)).length).toBe(state.flags.length);
  });
});

describe('drafts', () => {
  const posts = [post('Alice', D1(1), { action: 'Vote: Bob' }), post('Cleo', D1(2), { action: 'Vote: Bob' })];

  it('a pending vote count follows new posts; an edited one is recounted at approval and shows the diff', async () => {
    const desk = open(smallGame(), posts, { speed: 0 });
    const events: DeskEvent[] = [];
    desk.subscribe((e) => events.push(e));
    const [draft] = await voteCounts(desk);
    expect(draft?.text).toContain('[b]Bob (2)[/b]');
    desk.addPosts([post('Dan', D1(3), { action: 'Vote: Alice' })]);
    expect((await voteCounts(desk))[0]?.text).toContain('[b]Alice (1)[/b]');
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['game.updated', 'draft.changed', 'poll.done']));

    await desk.editDraft(desk.id, draft!.id, 'My own count: Bob 2, Alice 1');
    desk.addPosts([post('Eve', D1(4), { action: 'Vote: Alice' })]);
    const changed = await desk.approveDraft(desk.id, draft!.id);
    expect(changed.outcome).toBe('changed');
    expect(changed.draft.status).toBe('pending');
    expect(changed.draft.recount?.text).toContain('[b]Alice (2)[/b]');
    expect(changed.draft.recount?.diff).toContain('- My own count: Bob 2, Alice 1');
    const approved = await desk.approveDraft(desk.id, draft!.id, { confirm: true });
    expect(approved).toMatchObject({
      outcome: 'copy',
      draft: { status: 'approved', text: 'My own count: Bob 2, Alice 1' },
    });
    await expect(desk.approveDraft(desk.id, draft!.id)).rejects.toThrow(/already approved/);
  });

  it('approving posts through a sink when the desk has one; the next count is numbered .2', async () => {
    const replies: { text: string; key: string }[] = [];
    const sink = {
      reply: async (text: string, key: string) => {
        replies.push({ text, key });
        return { id: 'p999', url: 'https://forum.example/p999' };
      },
    };
    const desk = open(smallGame(), posts, { speed: 0, sink });
    const [draft] = await voteCounts(desk);
    const result = await desk.approveDraft(desk.id, draft!.id);
    expect(result).toMatchObject({ outcome: 'posted', draft: { status: 'posted', posted: { id: 'p999' } } });
    expect(replies).toEqual([{ text: draft!.text, key: draft!.id }]);
    desk.addPosts([post('Dan', D1(3), { action: 'Vote: Alice' })]);
    const next = (await voteCounts(desk)).find((d) => d.status === 'pending');
    expect(next?.text).toMatch(/^\[b\]Vote Count 1\.2\[\/b\]/);
  });

  it('a rejected draft stays rejected', async () => {
    const desk = open(smallGame(), posts, { speed: 0 });
    const [draft] = await voteCounts(desk);
    expect((await desk.rejectDraft(desk.id, draft!.id, 'wrong')).status).toBe('rejected');
  });
});

describe('rulings', () => {
  const base = [
    post('Alice', D1(1), { action: 'Vote: Bob', id: 'p1' }),
    post('Dan', D1(2), { action: 'Vote: Jelly', id: 'p2' }),
  ];

  it('reading a vote as another player applies it at once, remembers the alias, and is kept as an event', async () => {
    const desk = open(smallGame(), base, { speed: 0 });
    const [flag] = (await desk.flags(desk.id)).filter((f) => f.postId === 'p2');
    expect(flag).toMatchObject({ code: 'target-unknown', status: 'open' });
    await desk.rule(desk.id, {
      kind: 'vote',
      postId: 'p2',
      target: 'Cleo',
      note: 'Jelly is Cleo',
      rememberAlias: 'Jelly',
    });
    const state = await desk.state(desk.id);
    expect(state.votes.wagons.find((w) => w.target === 'Cleo')?.voters).toEqual(['Dan']);
    expect((await desk.flags(desk.id)).find((f) => f.id === flag!.id)?.status).toBe('ruled');
    const { game, posts } = desk.snapshot();
    expect(game.events).toContainEqual(expect.objectContaining({ post: 'p2', vote: 'Cleo', note: 'Jelly is Cleo' }));
    expect(game.players.find((p) => p.name === 'Cleo')?.aliases).toEqual(['Jelly']);
    const again = replay(game, posts, { at: Date.parse(state.at) });
    expect(toStateJson(again.context, again.at).votes).toEqual(state.votes);
    desk.addPosts([post('Eve', D1(3), { action: 'Vote: Jelly', id: 'p3' })]);
    const after = await desk.state(desk.id);
    expect(after.votes.wagons.find((w) => w.target === 'Cleo')?.voters).toEqual(['Dan', 'Eve']);
    expect(after.flags.filter((f) => f.postId === 'p3')).toEqual([]);
  });

  it('ignoring a post takes its vote away; accepting changes nothing but the flag', async () => {
    const desk = open(smallGame(), base, { speed: 0 });
    const before = await desk.state(desk.id);
    const [flag] = await desk.flags(desk.id);
    await desk.rule(desk.id, { kind: 'accept', flagId: flag!.id });
    expect(await desk.state(desk.id)).toEqual(before);
    expect((await desk.flags(desk.id)).find((f) => f.id === flag!.id)?.status).toBe('accepted');
    await desk.rule(desk.id, { kind: 'ignore', postId: 'p1' });
    expect((await desk.state(desk.id)).votes.wagons).toEqual([]);
    expect(desk.snapshot().game.events).toContainEqual(expect.objectContaining({ post: 'p1', ignore: true }));
  });

  it('refuses a ruling naming no player or no post, and changes nothing', async () => {
    const desk = open(smallGame(), base, { speed: 0 });
    await expect(desk.rule(desk.id, { kind: 'vote', postId: 'p2', target: 'Nobody' })).rejects.toThrow(/not a player/);
    await expect(desk.rule(desk.id, { kind: 'ignore', postId: 'p404' })).rejects.toThrow(/no post/);
    expect(desk.snapshot().game.events).toEqual([]);
  });
});

describe('night actions and the clock', () => {
  it('a night action entered by the mod is a PM: the night kill happens at the deadline', async () => {
    const desk = open(smallGame(), [], { speed: 0, startAt: Date.parse('2026-05-06T20:00:00Z') });
    await desk.recordNightAction(desk.id, { phase: 'N1', actor: 'Bob', line: 'Kill: Eve' });
    await expect(desk.recordNightAction(desk.id, { phase: 'D1', actor: 'Bob', line: 'Kill: Eve' })).rejects.toThrow(
      /current phase is N1/,
    );
    await expect(desk.recordNightAction(desk.id, { phase: 'N1', actor: 'Zed', line: 'Kill: Eve' })).rejects.toThrow(
      /not a player/,
    );
    const pm = desk.snapshot().posts.at(-1);
    expect(pm).toMatchObject({ author: 'Bob', channel: 'pm', to: 'Mod', html: '<p><strong>Kill: Eve</strong></p>' });
    const later = await desk.state(desk.id, '2026-05-07T18:00:00Z');
    expect(later.players.find((p) => p.name === 'Eve')).toMatchObject({ alive: false, cause: 'nightkill' });
  });

  it('the desk clock runs: a deadline passing updates the state and tells the subscribers', async () => {
    const deadline = Date.parse('2026-05-06T18:00:00Z');
    const desk = open(smallGame(), [], { startAt: deadline - 300 });
    expect((await desk.state(desk.id)).phase?.name).toBe('D1');
    const updated = new Promise<DeskEvent>((resolve) => desk.subscribe((e) => e.type === 'game.updated' && resolve(e)));
    expect(await updated).toEqual({ type: 'game.updated', gameId: desk.id });
    expect((await desk.drafts(desk.id)).map((d) => d.kind)).toContain('day-end');
    expect((await desk.state(desk.id)).phase?.name).toBe('N1');
  });

  it('obsidian: picks entered as PMs and the night ended now resolve as the PM route does', async () => {
    const game = loadGameFile(repoFile('test/games/obsidian-sample/game.yaml'));
    const all = loadDump(repoFile('test/games/obsidian-sample/posts.jsonl'));
    const n1 = (p: { createdAt: string; channel: string }) =>
      p.channel === 'pm' && p.createdAt >= '2026-04-02T18:00:00Z' && p.createdAt < '2026-04-03T18:00:00Z';
    const before = all.filter((p) => p.createdAt < '2026-04-02T18:00:00Z');
    const pmRoute = replay(game, [...before, ...all.filter(n1)], { at: Date.parse('2026-04-03T18:00:00Z') });
    const desk = open(game, before, { speed: 0, startAt: Date.parse('2026-04-02T23:00:00Z') });
    for (const pm of all.filter(n1)) {
      const line = pm.html.replace(/<[^>]+>/g, '');
      await desk.recordNightAction(desk.id, { phase: 'N1', actor: pm.author, line });
    }
    await desk.endPhase(desk.id, 'N1');
    const state = await desk.state(desk.id);
    expect(state.phase).toMatchObject({ name: 'N1', endedAt: '2026-04-02T23:00:01Z', endReason: 'mod' });
    const expected = toStateJson(pmRoute.context, pmRoute.at);
    expect(state.nightResults).toEqual(expected.nightResults);
    expect(state.eliminations.map((e) => [e.name, e.cause])).toEqual(
      expected.eliminations.map((e) => [e.name, e.cause]),
    );
    expect((await desk.drafts(desk.id)).map((d) => d.kind)).toContain('dawn-report');
  });
});
