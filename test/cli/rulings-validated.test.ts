import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { appendToGameFile, applyChange } from '../../src/app/game-file-writer.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { Watcher } from '../../src/app/watcher.js';
import { HOUR } from '../../src/domain/time.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { startDesk, tempDir, testConfig } from '../desk/helpers.js';
import { openDesk } from '../web/desk.js';
import { post, smallGame } from '../web/games.js';

// Issue 15's blocker, the data side: a ruling that would break the game file is refused before anything is
// written; a game file broken on disk never takes the desk down (the last good game is kept and the error shown).
describe('blocker: rulings are validated before anything is written', () => {
  const tmp = tempDir();
  const clock = new FakeClock(Date.parse('2026-03-02T00:00:00Z') - 30 * 60_000);
  let h: Awaited<ReturnType<typeof startDesk>>;

  beforeAll(async () => {
    h = await startDesk({ dir: tmp.dir, clock });
    for (let i = 0; i < 8; i += 1) {
      clock.advance(3 * HOUR);
      await h.watcher.pollAll();
    }
  });
  afterAll(async () => {
    await h.close();
    tmp.remove();
  });

  it("an alias equal to the target's own name is refused with a clear message, and nothing is written", async () => {
    const before = readFileSync(h.demo.gameFile, 'utf8');
    const post = (await h.desk.flags('demo')).find((f) => f.postId)!.postId!;
    const rulings = h.store.games.rulings('demo').length;
    await expect(
      h.desk.rule('demo', { kind: 'vote', postId: post, target: 'Nia', rememberAlias: 'Nia' }),
    ).rejects.toThrow(/"Nia" is already Nia's own name/);
    expect(readFileSync(h.demo.gameFile, 'utf8')).toBe(before);
    expect(h.store.games.rulings('demo')).toHaveLength(rulings);
    // The game keeps working.
    expect((await h.desk.state('demo')).players).toHaveLength(15);
    expect((await h.desk.listGames())[0]!.gameFileError).toBeNull();
  });

  it("an alias that is another player's name or alias is refused too", async () => {
    const post = (await h.desk.flags('demo')).find((f) => f.postId)!.postId!;
    await expect(
      h.desk.rule('demo', { kind: 'vote', postId: post, target: 'Nia', rememberAlias: 'ivanka' }),
    ).rejects.toThrow(/"ivanka" is already a name of Ivy/);
    await h.desk.rule('demo', { kind: 'vote', postId: post, target: 'Nia', rememberAlias: 'Nina' });
    expect(loadGameFile(h.demo.gameFile).players.find((p) => p.name === 'Nia')!.aliases).toEqual(['Nina']);
  });

  it('appendToGameFile writes nothing when the result would not load', () => {
    const before = readFileSync(h.demo.gameFile, 'utf8');
    expect(() =>
      appendToGameFile(h.demo.gameFile, { event: { at: '2026-03-03T01:00:00Z', kill: 'Nobody', cause: 'modkill' } }),
    ).toThrow(/would break the game file, so it was not written: .*"Nobody" is not a player/);
    expect(readFileSync(h.demo.gameFile, 'utf8')).toBe(before);
    expect(() => applyChange(loadGameFile(h.demo.gameFile), { alias: { player: 'Ava', alias: 'Bea' } })).toThrow(
      /already a name of Bea/,
    );
  });

  it('a broken game file never takes the desk down: the error with its line, and the last good state kept', async () => {
    const good = readFileSync(h.demo.gameFile, 'utf8');
    const phase = (await h.desk.state('demo')).phase;
    writeFileSync(h.demo.gameFile, good.replace('- { name: Oz, faction: mafia }', '- { name: Ava, faction: mafia }'));
    await h.watcher.pollAll();
    const [summary] = await h.desk.listGames();
    expect(summary!.gameFileError?.text).toMatch(/game\.yaml: line \d+: players\[14\]: the name "Ava" is used twice/);
    expect((await h.desk.state('demo')).phase).toEqual(phase);
    expect((await h.desk.state('demo')).players.map((p) => p.name)).toContain('Oz');
    writeFileSync(h.demo.gameFile, good);
    await h.watcher.pollAll();
    expect((await h.desk.listGames())[0]!.gameFileError).toBeNull();
  });
});

describe('watch live reload: picks up game-file edits (validated first; a bad edit is shown, not applied)', () => {
  const tmp = tempDir();
  const clock = new FakeClock(Date.parse('2026-03-02T00:00:00Z') - 30 * 60_000);
  let h: Awaited<ReturnType<typeof startDesk>>;
  beforeAll(async () => {
    h = await startDesk({ dir: tmp.dir, clock });
    clock.advance(6 * HOUR);
    await h.watcher.pollAll();
  });
  afterAll(() => tmp.remove());

  it('an edit adding a kill is replayed without a restart', async () => {
    expect((await h.desk.state('demo')).players.find((p) => p.name === 'Kit')!.alive).toBe(true);
    const text = readFileSync(h.demo.gameFile, 'utf8');
    writeFileSync(h.demo.gameFile, `${text}events:\n  - { at: "2026-03-02T01:00:00Z", kill: Kit }\n`);
    await h.watcher.pollAll();
    expect((await h.desk.state('demo')).players.find((p) => p.name === 'Kit')!.alive).toBe(false);
    expect(h.store.audit.entries('demo').some((e) => e.action === 'game-file.reloaded')).toBe(true);
  });

  it('a bad edit is shown and not applied; the game keeps its last good state', async () => {
    const text = readFileSync(h.demo.gameFile, 'utf8');
    writeFileSync(h.demo.gameFile, text.replace('ruleset: defcon', 'ruleset: defcon\nphase: []'));
    await h.watcher.pollAll();
    const [summary] = await h.desk.listGames();
    expect(summary!.gameFileError?.text).toMatch(
      /game\.yaml: line \d+: \(top level\): unknown key "phase"; did you mean "phases"\?/,
    );
    expect((await h.desk.state('demo')).players.find((p) => p.name === 'Kit')!.alive).toBe(false);
  });

  it('a desk restarted on a broken game file runs on the stored last good game and says why', async () => {
    await h.watcher.stop();
    h.store.close();
    const store = Store.open(join(tmp.dir, 'moddesk.db'), extractActions);
    const config = testConfig(tmp.dir, h.demo.gameFile);
    const again = new Watcher({ store, clock, log: pino({ level: 'silent' }), env: h.forum.env(), config });
    try {
      again.open();
      const [summary] = await again.desk.listGames();
      expect(summary!.gameFileError?.text).toMatch(/unknown key "phase"/);
      expect((await again.desk.state('demo')).players.find((p) => p.name === 'Kit')!.alive).toBe(false);
    } finally {
      await again.stop();
      store.close();
      await h.forum.close();
    }
  });
});

describe('blocker in serve: the serve desk refuses the same alias', () => {
  it("an alias equal to the target's own name is refused and the game keeps working", async () => {
    const posts = [post('Alice', '2026-05-04T19:00:00Z', { action: 'Vote: Clo', id: 'p1' })];
    const desk = await openDesk(smallGame(), posts);
    try {
      await expect(
        desk.desk.rule(desk.id, { kind: 'vote', postId: 'p1', target: 'Cleo', rememberAlias: 'Cleo' }),
      ).rejects.toThrow(/"Cleo" is already Cleo's own name/);
      expect(desk.snapshot().game.events).toEqual([]);
      expect((await desk.desk.state(desk.id)).players).toHaveLength(5);
    } finally {
      await desk.close();
    }
  });
});
