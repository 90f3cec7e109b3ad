import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../../src/app/app-config.js';
import { type RunningDesk, runDesk } from '../../src/app/run-desk.js';
import { main } from '../../src/cli/main.js';
import { redirectOutput } from '../../src/cli/output.js';
import type { Post } from '../../src/domain/post.js';
import { TestClock } from '../web/desk.js';
import { post } from '../web/games.js';

// Issue 32, M1: the game file is the one source of truth for the mod's events. In the trial a dashboard kill,
// deleted from the file by hand, stayed on the desk (12 alive) even after a restart, while `moddesk state` over the
// same file said 13: the database's copy of the event was applied again on every load.
const GAME_YAML = `ruleset: vanilla
title: Harbour Town
moderator: Mod
thread: { platform: file, url: posts.jsonl }
players:
  - { name: Alice }
  - { name: Bob }
  - { name: Cleo }
  - { name: Dan }
  - { name: Eve }
phases:
  - { name: D1, start: "2026-05-04T18:00:00Z", deadline: "2026-05-06T18:00:00Z" }
`;
const at = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');
const VOTES: Post[] = [post('Alice', at(1), { action: 'Vote: Bob' }), post('Cleo', at(2), { action: 'Vote: Bob' })];

describe('a mod event deleted from the game file is gone from the desk, before and after a restart (issue 32, M1)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'moddesk-file-truth-'));
  const gameFile = join(dir, 'game.yaml');
  writeFileSync(gameFile, GAME_YAML);
  writeFileSync(join(dir, 'posts.jsonl'), VOTES.map((p) => `${JSON.stringify(p)}\n`).join(''));
  const config = appConfigSchema.parse({
    database: join(dir, 'moddesk.db'),
    games: [{ file: gameFile, id: 'harbour' }],
    poll: { intervalSeconds: 1, nearSeconds: 1, minSeconds: 0, debounceMinutes: 0 },
  });
  const open = async (): Promise<RunningDesk> => {
    const running = await runDesk({
      config,
      clock: new TestClock(Date.parse(at(4)), 0),
      env: {},
      log: pino({ level: 'silent' }),
      dashboard: false,
    });
    await running.watcher.pollAll();
    return running;
  };
  const alive = async (d: RunningDesk) =>
    (await d.watcher.desk.state('harbour')).players.filter((p) => p.alive).map((p) => p.name);
  /** What `moddesk state` says over the same file and thread. */
  async function stateAlive(): Promise<string[]> {
    let out = '';
    const restore = redirectOutput({ out: (s) => (out += s), err: () => {} });
    try {
      expect(await main(['state', '--game', gameFile, '--posts', join(dir, 'posts.jsonl'), '--at', at(5)])).toBe(0);
    } finally {
      restore();
    }
    return (JSON.parse(out) as { players: { name: string; alive: boolean }[] }).players
      .filter((p) => p.alive)
      .map((p) => p.name);
  }
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the desk follows the file, and agrees with `moddesk state`', async () => {
    let desk = await open();
    try {
      await desk.watcher.desk.modEvent('harbour', { kind: 'kill', player: 'Eve', cause: 'modkill' });
      expect(await alive(desk)).toEqual(['Alice', 'Bob', 'Cleo', 'Dan']);
      expect(await stateAlive()).toEqual(['Alice', 'Bob', 'Cleo', 'Dan']);
      // The mod takes the misclick back by hand, as the guide invites ("edit the game file any time").
      // The desk's own write, as its file watcher sees it.
      desk.watcher.reloadGameFile(desk.watcher.runners.get('harbour')!);
      const written = readFileSync(gameFile, 'utf8');
      expect(written).toContain('kill: Eve');
      writeFileSync(gameFile, GAME_YAML);
      expect(desk.watcher.reloadGameFile(desk.watcher.runners.get('harbour')!)).toBe(true);
      expect(await alive(desk)).toEqual(['Alice', 'Bob', 'Cleo', 'Dan', 'Eve']);
    } finally {
      await desk.stop();
    }
    desk = await open();
    try {
      expect(await alive(desk), 'after a restart').toEqual(['Alice', 'Bob', 'Cleo', 'Dan', 'Eve']);
      expect(await stateAlive()).toEqual(['Alice', 'Bob', 'Cleo', 'Dan', 'Eve']);
      // And the dashboard's Undo does the same: recorded, listed, undone, gone from the file.
      await desk.watcher.desk.modEvent('harbour', { kind: 'kill', player: 'Dan', cause: 'modkill' });
      const [listed] = await desk.watcher.desk.modEvents('harbour');
      expect(listed).toMatchObject({ index: 0, text: 'Dan killed (modkill)' });
      await desk.watcher.desk.undoModEvent('harbour', listed!.index, listed!.event);
      expect(await alive(desk)).toEqual(['Alice', 'Bob', 'Cleo', 'Dan', 'Eve']);
      expect(readFileSync(gameFile, 'utf8')).not.toContain('kill: Dan');
      expect(await desk.watcher.desk.modEvents('harbour')).toEqual([]);
      // An Undo from a page shown before the file changed is refused, and nothing is touched.
      await expect(desk.watcher.desk.undoModEvent('harbour', 0, listed!.event)).rejects.toThrow(/changed since/);
    } finally {
      await desk.stop();
    }
  });
});
