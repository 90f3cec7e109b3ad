import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { triageGame, triagePosts } from './triage-game.js';
import { openWatchDesk, type WatchDesk } from './watch-desk.js';

let h: WatchDesk | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const wagons = async (d: WatchDesk) =>
  Object.fromEntries((await d.desk.state(d.id)).votes.wagons.map((w) => [w.target, w.voters]));

/** Every "Jelly" read as a vote for Cleo in one bulk ruling, "Jelly" remembered as her alias; returns the group. */
async function everyJellyAsCleo(d: WatchDesk) {
  const g = (await d.desk.flagTriage(d.id, { kind: 'target-unknown' })).groups[0]!;
  await d.desk.ruleGroup(d.id, {
    kind: 'vote',
    flagIds: g.open.map((f) => f.id),
    target: 'Cleo',
    rememberAlias: 'Jelly',
  });
  return g;
}

describe('#15 flags that can be triaged in a minute (watch desk)', () => {
  it('groups by kind and player (a name written and what it was read as), filterable by kind, player, status', async () => {
    h = await openWatchDesk(triageGame(), triagePosts());
    const t = await h.desk.flagTriage(h.id);
    const groups = t.groups.map((g) => [g.code, g.argument?.toLowerCase(), g.reading, g.open.length]);
    expect(groups).toEqual([
      ['target-guessed', 'therevrend', 'TheReverend', 2],
      ['target-unknown', 'jelly', null, 2],
    ]);
    expect(t.groups[0]!.aliasSuggestion?.toLowerCase()).toBe('therevrend');
    expect(t.kinds).toEqual([
      { code: 'target-guessed', open: 2 },
      { code: 'target-unknown', open: 2 },
    ]);
    expect((await h.desk.flagTriage(h.id, { kind: 'target-unknown' })).groups).toHaveLength(1);
    expect((await h.desk.flagTriage(h.id, { player: 'theReverend' })).groups.map((g) => g.code)).toEqual([
      'target-guessed',
    ]);
    expect((await h.desk.flagTriage(h.id, { player: 'Dan' })).groups[0]!.open.map((f) => f.actor)).toEqual(['Dan']);
    expect((await h.desk.flagTriage(h.id, { status: 'ruled' })).groups).toEqual([]);
  });

  it('bulk: "accept all guessed readings of TheRevrend as TheReverend" with one alias, written once to the game file', async () => {
    h = await openWatchDesk(triageGame(), triagePosts());
    const g = (await h.desk.flagTriage(h.id)).groups[0]!;
    await h.desk.ruleGroup(h.id, {
      kind: 'accept',
      flagIds: g.open.map((f) => f.id),
      rememberAlias: g.aliasSuggestion!,
    });
    const file = loadGameFile(h.gameFile);
    expect(file.players.find((p) => p.name === 'TheReverend')!.aliases).toEqual([g.aliasSuggestion]);
    const after = await h.desk.flagTriage(h.id);
    expect(after.groups.find((x) => x.code === 'target-guessed')!.ruled.map((f) => f.status)).toEqual([
      'accepted',
      'accepted',
    ]);
    expect(after.open).toBe(2);
    expect((await wagons(h)).TheReverend).toEqual(['Alice', 'Bob']);
  });

  it('bulk: read every "Jelly" as a vote for Cleo and remember the alias; the count moves', async () => {
    h = await openWatchDesk(triageGame(), triagePosts());
    await everyJellyAsCleo(h);
    const file = loadGameFile(h.gameFile);
    expect(file.events).toEqual([
      { post: 'p3', vote: 'Cleo' },
      { post: 'p4', vote: 'Cleo' },
    ]);
    expect(file.players.find((p) => p.name === 'Cleo')!.aliases).toEqual(['Jelly']);
    expect((await wagons(h)).Cleo).toEqual(['Dan', 'Eve']);
    expect((await h.desk.drafts(h.id)).find((d) => d.status === 'pending' && d.kind === 'vote-count')?.text).toContain(
      'Cleo (2)',
    );
  });

  it('bulk rulings are validated as a whole before anything is written: one bad alias, nothing changes', async () => {
    h = await openWatchDesk(triageGame(), triagePosts());
    const g = (await h.desk.flagTriage(h.id, { kind: 'target-unknown' })).groups[0]!;
    const before = readFileSync(h.gameFile, 'utf8');
    const rulings = h.running.store.games.rulings(h.id).length;
    await expect(
      h.desk.ruleGroup(h.id, { kind: 'vote', flagIds: g.open.map((f) => f.id), target: 'Cleo', rememberAlias: 'Cleo' }),
    ).rejects.toThrow(/"Cleo" is already Cleo's own name/);
    await expect(
      h.desk.ruleGroup(h.id, { kind: 'vote', flagIds: ['p3-target-unknown', 'nope'], target: 'Cleo' }),
    ).rejects.toThrow(/no flag "nope"/);
    expect(readFileSync(h.gameFile, 'utf8')).toBe(before);
    expect(h.running.store.games.rulings(h.id)).toHaveLength(rulings);
    expect((await h.desk.flagTriage(h.id)).open).toBe(4);
  });

  it('undo from the Ruled table: the event leaves the game file (which still loads), the flag is open, the count moves back', async () => {
    h = await openWatchDesk(triageGame(), triagePosts());
    await h.desk.rule(h.id, { kind: 'vote', postId: 'p3', target: 'Cleo' });
    await h.desk.rule(h.id, { kind: 'ignore', postId: 'p4' });
    expect(loadGameFile(h.gameFile).events).toEqual([
      { post: 'p3', vote: 'Cleo' },
      { post: 'p4', ignore: true },
    ]);
    expect((await wagons(h)).Cleo).toEqual(['Dan']);
    const ruled = (await h.desk.flags(h.id)).find((f) => f.postId === 'p3')!;
    expect(ruled.status).toBe('ruled');
    await h.desk.undoRuling(h.id, ruled.id);
    expect(loadGameFile(h.gameFile).events).toEqual([{ post: 'p4', ignore: true }]);
    expect(h.running.store.games.rulings(h.id)).toEqual([{ post: 'p4', ignore: true }]);
    expect((await h.desk.flags(h.id)).find((f) => f.id === ruled.id)?.status).toBe('open');
    expect((await wagons(h)).Cleo).toBeUndefined();
    await expect(h.desk.undoRuling(h.id, ruled.id)).rejects.toThrow(/is open; there is no ruling to undo/);
    // An accepted flag is open again too.
    const guessed = (await h.desk.flags(h.id)).find((f) => f.postId === 'p1')!;
    await h.desk.rule(h.id, { kind: 'accept', flagId: guessed.id });
    await h.desk.undoRuling(h.id, guessed.id);
    expect((await h.desk.flags(h.id)).find((f) => f.id === guessed.id)?.status).toBe('open');
    expect(h.running.store.audit.entries(h.id).map((e) => e.action)).toEqual(
      expect.arrayContaining(['ruling.undone', 'flag.unruled']),
    );
  });

  it('undo takes back the alias the vote ruling remembered: the file loses it, the name is unknown again', async () => {
    h = await openWatchDesk(triageGame(), triagePosts());
    const flagOf = async (post: string) => (await h!.desk.flags(h!.id)).find((f) => f.postId === post);
    await h.desk.rule(h.id, { kind: 'vote', postId: 'p3', target: 'Cleo', rememberAlias: 'Jelly' });
    expect(loadGameFile(h.gameFile).players.find((p) => p.name === 'Cleo')!.aliases).toEqual(['Jelly']);
    // Through the alias, the other "Jelly" vote reads as Cleo too.
    expect((await wagons(h)).Cleo).toEqual(['Dan', 'Eve']);
    await h.desk.undoRuling(h.id, (await flagOf('p3'))!.id);
    const file = readFileSync(h.gameFile, 'utf8');
    expect(file).not.toContain('Jelly');
    expect(loadGameFile(h.gameFile).players.find((p) => p.name === 'Cleo')!.aliases).toEqual([]);
    expect(h.snapshot().game.players.find((p) => p.name === 'Cleo')!.aliases).toEqual([]);
    expect((await wagons(h)).Cleo).toBeUndefined();
    expect(await flagOf('p4')).toMatchObject({ code: 'target-unknown', status: 'open' });
    const undone = h.running.store.audit.entries(h.id).find((e) => e.action === 'ruling.undone');
    expect(undone?.detail).toMatchObject({ unalias: { player: 'Cleo', alias: 'Jelly' } });
  });

  it("undoing one flag of a bulk ruling keeps the alias the others' ruling still stands on; the last undo takes it", async () => {
    h = await openWatchDesk(triageGame(), triagePosts());
    const g = await everyJellyAsCleo(h);
    const aliases = () => loadGameFile(h!.gameFile).players.find((p) => p.name === 'Cleo')!.aliases;
    const [first, second] = g.open;
    await h.desk.undoRuling(h.id, first!.id);
    expect(aliases()).toEqual(['Jelly']);
    await h.desk.undoRuling(h.id, second!.id);
    expect(aliases()).toEqual([]);
    expect(loadGameFile(h.gameFile).events).toEqual([]);
  });
});
