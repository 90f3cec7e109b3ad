import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import type { StateJson } from '../../src/domain/state.js';
import { HOUR } from '../../src/domain/time.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { replay } from '../../src/reporter/replay.js';
import { replayState } from '../../src/reporter/replay-state.js';
import { SAMPLE_GAME, startDesk, tempDir } from './helpers.js';

const game = loadGameFile(SAMPLE_GAME);
const dump = loadDump(SAMPLE_GAME.replace('game.yaml', 'posts.jsonl'));
const t0 = Date.parse(game.phases[0]!.start) - 30 * 60_000;
const D2 = Date.parse('2026-03-06T00:00:00Z');
const END = Date.parse('2026-03-16T00:00:00Z');

/** Ids as the Reddit adapter names PMs (`t4_…`) and links, dropped so live and offline states compare. */
function normalize(s: StateJson) {
  const id = (x: string | null) => x?.replace(/^t4_/, '') ?? null;
  return {
    ...s,
    missiles: s.missiles.map((m) => ({ ...m, postId: id(m.postId) })),
    flags: s.flags.map(({ url: _url, ...f }) => ({
      ...f,
      postId: id(f.postId),
      message: f.message.replace(/t4_/g, ''),
    })),
    votes: { ...s.votes, throughPost: s.votes.throughPost },
  };
}

describe('moddesk watch on the local forum (sample DEFCON game)', () => {
  const tmp = tempDir();
  const clock = new FakeClock(t0);
  let h: Awaited<ReturnType<typeof startDesk>>;

  beforeAll(async () => {
    h = await startDesk({ dir: tmp.dir, clock });
    while (clock.now() < D2) {
      clock.advance(3 * HOUR);
      await h.watcher.pollAll();
    }
  });
  afterAll(async () => {
    await h.close();
    tmp.remove();
  });

  it('stores every post as fetched, and drafts as the game unfolds', async () => {
    const stored = h.store.posts.list('demo');
    expect(stored.length).toBe(dump.filter((p) => Date.parse(p.createdAt) <= clock.now()).length);
    const drafts = await h.desk.drafts('demo');
    expect(drafts.map((d) => d.kind)).toEqual(
      expect.arrayContaining(['vote-count', 'day-end', 'missile-launch', 'day-start', 'night-result']),
    );
    expect(drafts.every((d) => d.format === 'markdown')).toBe(true);
    const [summary] = await h.desk.listGames();
    expect(summary).toMatchObject({ id: 'demo', ruleset: 'defcon', platform: 'reddit' });
    expect(summary!.pendingDrafts).toBeGreaterThan(0);
  });

  it('a replay of the stored posts reproduces the live state, and the live state is the offline one', async () => {
    const at = new Date(clock.now()).toISOString().replace('.000Z', 'Z');
    const live = await h.desk.state('demo', at);
    const stored = h.store.posts.list('demo');
    expect(live).toEqual(replayState(h.watcher.runners.get('demo')!.game, stored, { at: clock.now() }));
    const offline = replayState(game, dump, { at: clock.now() });
    const { votes: lv, ...l } = normalize(live);
    const { votes: ov, ...o } = normalize(offline);
    expect(l).toEqual(o);
    expect(lv.wagons).toEqual(ov.wagons);
  });

  it('older vote counts of a day are superseded; the day-end draft supersedes the rest', async () => {
    const drafts = await h.desk.drafts('demo');
    const d1 = drafts.filter((d) => d.kind === 'vote-count' && d.id.startsWith('vc-D1-'));
    expect(d1.length).toBeGreaterThan(2);
    expect(d1.every((d) => d.status === 'superseded')).toBe(true);
  });

  it('approving posts through the adapter once; approving again posts nothing more', async () => {
    const dayEnd = (await h.desk.drafts('demo')).find((d) => d.kind === 'day-end' && d.status === 'pending')!;
    const r = await h.desk.approveDraft('demo', dayEnd.id);
    expect(r.outcome).toBe('posted');
    expect(r.draft.posted?.id).toBeTruthy();
    expect(h.forum.posted.filter((p) => p.text.includes(`moddesk: demo-${dayEnd.id}`))).toHaveLength(1);
    const again = await h.desk.approveDraft('demo', dayEnd.id);
    expect(again.outcome).toBe('posted');
    expect(h.forum.posted.filter((p) => p.text.includes(`moddesk: demo-${dayEnd.id}`))).toHaveLength(1);
  });

  it('a retry after a crash between posting and recording it does not post twice', async () => {
    const draft = (await h.desk.drafts('demo')).find((d) => d.kind === 'missile-launch' && d.status === 'pending')!;
    const stored = h.store.drafts.get('demo', draft.id)!;
    // The post went out, then the process died before the database heard of it.
    await h.watcher.sources.get('demo')!.reply(stored.text, stored.idempotencyKey);
    const before = h.forum.posted.length;
    const r = await h.desk.approveDraft('demo', draft.id);
    expect(r.outcome).toBe('posted');
    expect(h.forum.posted.length).toBe(before);
  });

  it('night results go out as PMs to the player', async () => {
    const pm = (await h.desk.drafts('demo')).find((d) => d.kind === 'night-result' && d.status === 'pending')!;
    await h.desk.approveDraft('demo', pm.id);
    expect(h.forum.posted.at(-1)).toMatchObject({ kind: 'pm', to: pm.to });
  });

  it('recounts before posting: when votes moved on it shows the diff and posts nothing until confirmed', async () => {
    // Two D2 votes far apart: a count is drafted after the first; the second arrives before the mod approves it.
    const votes = dump.filter((p) => p.channel === 'thread' && /Vote:/.test(p.html) && Date.parse(p.createdAt) > D2);
    const i = votes.findIndex((v, k) => k > 0 && Date.parse(v.createdAt) - Date.parse(votes[k - 1]!.createdAt) > HOUR);
    clock.set(Date.parse(votes[i - 1]!.createdAt) + 30 * 60_000);
    await h.watcher.pollAll();
    const vc = (await h.desk.drafts('demo')).filter((d) => d.kind === 'vote-count' && d.status === 'pending').at(-1)!;
    expect(vc).toBeDefined();
    clock.set(Date.parse(votes[i]!.createdAt) + 60_000);
    await h.watcher.pollAll();
    expect(h.store.drafts.get('demo', vc.id)?.status).toBe('pending');
    const posted = h.forum.posted.length;
    const r = await h.desk.approveDraft('demo', vc.id);
    expect(r.outcome).toBe('changed');
    expect(r.draft.recount?.diff).toMatch(/^[+-] /m);
    expect(h.forum.posted.length).toBe(posted);
    const ok = await h.desk.approveDraft('demo', vc.id, { confirm: true });
    expect(ok.outcome).toBe('posted');
    expect(h.forum.posted.at(-1)!.text).toContain(r.draft.recount!.text.trimEnd().split('\n').at(-1)!);
  });

  it('edits and rejections are kept with the draft and in the audit log', async () => {
    const pending = (await h.desk.drafts('demo')).filter((d) => d.status === 'pending');
    const edited = await h.desk.editDraft('demo', pending[0]!.id, 'edited text');
    expect(edited.text).toBe('edited text');
    const rejected = await h.desk.rejectDraft('demo', pending[1]!.id, 'not needed');
    expect(rejected.status).toBe('rejected');
    const actions = h.store.audit.entries('demo').map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'posts.stored',
        'draft.created',
        'draft.approved',
        'draft.posted',
        'draft.edited',
        'draft.rejected',
      ]),
    );
  });

  it('a ruling is stored as a game-file event, written into the game file, and replayed', async () => {
    const flags = await h.desk.flags('demo');
    const flag = flags.find((f) => f.postId !== null)!;
    await h.desk.rule('demo', { kind: 'ignore', postId: flag.postId!, note: 'mod ruling' });
    expect(loadGameFile(h.demo.gameFile).events).toContainEqual({
      post: flag.postId,
      ignore: true,
      note: 'mod ruling',
    });
    const after = (await h.desk.flags('demo')).find((f) => f.id === flag.id);
    // The post's actions are no longer applied: its flag is gone, or shown as ruled.
    expect(after === undefined || after.status === 'ignored').toBe(true);
    expect(h.watcher.runners.get('demo')!.game.events).toContainEqual({
      post: flag.postId,
      ignore: true,
      note: 'mod ruling',
    });
    const last = flags[flags.length - 1]!;
    await h.desk.rule('demo', { kind: 'accept', flagId: last.id });
    expect((await h.desk.flags('demo')).find((f) => f.id === last.id)?.status).toBe('accepted');
  });

  it('vote history lists every vote and unvote of a day in order', async () => {
    const rows = await h.desk.voteHistory('demo', 'D1');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows[0]).toMatchObject({ day: 'D1' });
    expect(rows.map((r) => r.at)).toEqual([...rows.map((r) => r.at)].sort());
    expect(await h.desk.post('demo', rows[0]!.postId)).toMatchObject({ id: rows[0]!.postId });
  });

  it('plays the rest of the game through to the game-over draft (#15 drafts that stay tidy: stale drafts fold at game over)', async () => {
    while (clock.now() < END) {
      clock.advance(6 * HOUR);
      await h.watcher.pollAll();
    }
    const drafts = await h.desk.drafts('demo');
    expect(drafts.filter((d) => d.kind === 'game-over')).toHaveLength(1);
    expect(drafts.some((d) => d.kind === 'missile-impact')).toBe(true);
    const s = await h.desk.state('demo');
    expect(s.result).toEqual(toStateJson(replay(game, dump, { at: END }).context, END).result);
    // Drafts that stay tidy at game over: one pending count per phase at most, the past folded per phase.
    const pending = drafts.filter((d) => d.status === 'pending');
    const shelf = await h.desk.draftShelf('demo');
    // The sample game ends with 35 pending drafts; the mod's page shows the game-over post and a line per phase.
    expect(pending.length).toBeGreaterThan(20);
    expect(shelf.pending.length).toBeLessThanOrEqual(3);
    const counts = pending.filter((d) => d.kind === 'vote-count').map((d) => d.phase);
    expect(new Set(counts).size).toBe(counts.length);
    expect(shelf.pending.map((d) => d.kind)).toContain('game-over');
    expect(shelf.pending.length + shelf.folds.reduce((n, f) => n + f.stale.length, 0)).toBe(pending.length);
    const last = s.phase!.name;
    const phases = (s.schedule ?? []).map((p) => p.name);
    for (const d of shelf.pending)
      if (d.kind !== 'game-over') expect(phases.indexOf(d.phase!)).toBeGreaterThanOrEqual(phases.indexOf(last) - 1);
  });

  it("the dashboard's extras: ending a phase stored as a game-file end event", async () => {
    const phase = (await h.desk.state('demo')).phase!.name;
    await h.desk.endPhase('demo', phase);
    expect(loadGameFile(h.demo.gameFile).events).toContainEqual({ at: expect.any(String), end: phase });
    expect(h.watcher.runners.get('demo')!.game.events).toContainEqual({ at: expect.any(String), end: phase });
    expect(h.store.audit.entries('demo').map((e) => e.action)).toContain('phase.ended');
  });
});

describe('re-ruling a post under watch', () => {
  it('ignore, then a vote: the vote counts, the game file keeps the later ruling only, and a restart agrees', async () => {
    const tmp = tempDir();
    const clock = new FakeClock(Date.parse('2026-03-05T00:00:00Z'));
    const h = await startDesk({ dir: tmp.dir, clock });
    await h.watcher.pollAll();
    const state = await h.desk.state('demo');
    const wagon = state.votes.wagons[0]!;
    const [voter, postId] = [wagon.voters[0]!, wagon.posts[0]!];
    const other = state.players.find((p) => p.alive && p.name !== wagon.target && p.name !== voter)!.name;
    await h.desk.rule('demo', { kind: 'ignore', postId });
    const ignored = await h.desk.state('demo');
    expect(ignored.votes.wagons.find((w) => w.target === wagon.target)?.voters ?? []).not.toContain(voter);
    await h.desk.rule('demo', { kind: 'vote', postId, target: other });
    const voted = await h.desk.state('demo');
    expect(voted.votes.wagons.find((w) => w.target === other)?.voters).toContain(voter);
    const rulings = loadGameFile(h.demo.gameFile).events.filter((e) => 'post' in e && e.post === postId);
    expect(rulings).toEqual([{ post: postId, vote: other }]);
    const file = readFileSync(h.demo.gameFile, 'utf8');
    await h.close();
    // A restart over the same database and game file replays to the same vote. (The demo's set-up writes a fresh
    // copy of the game file: the moderator's file, which alone holds the ruling, is put back, as a restart finds it.)
    const again = await startDesk({ dir: tmp.dir, clock });
    writeFileSync(again.demo.gameFile, file);
    again.watcher.reloadGameFile(again.watcher.runners.get('demo')!);
    expect((await again.desk.state('demo')).votes).toEqual(voted.votes);
    await again.close();
    tmp.remove();
  }, 60_000);
});

describe('--dry-run', () => {
  it('prints what would be posted and posts nothing', async () => {
    const tmp = tempDir();
    const clock = new FakeClock(Date.parse('2026-03-05T00:00:00Z'));
    const printed: string[] = [];
    const h = await startDesk({
      dir: tmp.dir,
      clock,
      dryRun: true,
      out: (s) => printed.push(s),
      autoApprove: ['day-end'],
    });
    await h.watcher.pollAll();
    expect(printed.join('')).toMatch(/would reply in the thread \(demo-day-end-D1-/);
    expect(h.forum.posted).toEqual([]);
    await h.close();
    tmp.remove();
  });
});
