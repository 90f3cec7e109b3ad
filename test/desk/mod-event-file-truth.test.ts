import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../src/domain/post.js';
import { runMain } from '../helpers/run-main.js';
import { atHour as at, post, smallGame } from '../web/games.js';
import { openWatchDesk, type WatchDesk } from '../web/watch-desk.js';

// Issue 32, M1: the game file is the one source of truth for the mod's events. In the trial a dashboard kill,
// deleted from the file by hand, stayed on the desk (12 alive) even after a restart, while `moddesk state` over the
// same file said 13: the database's copy of the event was applied again on every load.
const GAME = smallGame(['Alice', 'Bob', 'Cleo', 'Dan', 'Eve'], {
  title: 'Harbour Town',
  phases: [{ name: 'D1', start: at(0), deadline: at(48) }],
});
const VOTES: Post[] = [post('Alice', at(1), { action: 'Vote: Bob' }), post('Cleo', at(2), { action: 'Vote: Bob' })];

describe('a mod event deleted from the game file is gone from the desk, before and after a restart (issue 32, M1)', () => {
  const alive = async (t: WatchDesk) => (await t.desk.state(t.id)).players.filter((p) => p.alive).map((p) => p.name);
  /** What `moddesk state` says over the same file and thread. */
  async function stateAlive(t: WatchDesk): Promise<string[]> {
    const r = await runMain(['state', '--game', t.gameFile, '--posts', t.postsFile, '--at', at(5)]);
    expect(r.code, r.err).toBe(0);
    return (JSON.parse(r.out) as { players: { name: string; alive: boolean }[] }).players
      .filter((p) => p.alive)
      .map((p) => p.name);
  }

  it('the desk follows the file, and agrees with `moddesk state`', async () => {
    let t = await openWatchDesk(GAME, VOTES, { at: Date.parse(at(4)) });
    const original = readFileSync(t.gameFile, 'utf8');
    const runner = () => t.running.watcher.runners.get(t.id)!;
    try {
      await t.desk.modEvent(t.id, { kind: 'kill', player: 'Eve', cause: 'modkill' });
      expect(await alive(t)).toEqual(['Alice', 'Bob', 'Cleo', 'Dan']);
      expect(await stateAlive(t)).toEqual(['Alice', 'Bob', 'Cleo', 'Dan']);
      // The mod takes the misclick back by hand, as the guide invites ("edit the game file any time").
      // The desk's own write, as its file watcher sees it.
      t.running.watcher.reloadGameFile(runner());
      expect(readFileSync(t.gameFile, 'utf8')).toContain('kill: Eve');
      writeFileSync(t.gameFile, original);
      expect(t.running.watcher.reloadGameFile(runner())).toBe(true);
      expect(await alive(t)).toEqual(['Alice', 'Bob', 'Cleo', 'Dan', 'Eve']);

      t = await t.restart();
      expect(await alive(t), 'after a restart').toEqual(['Alice', 'Bob', 'Cleo', 'Dan', 'Eve']);
      expect(await stateAlive(t)).toEqual(['Alice', 'Bob', 'Cleo', 'Dan', 'Eve']);
      // And the dashboard's Undo does the same: recorded, listed, undone, gone from the file.
      await t.desk.modEvent(t.id, { kind: 'kill', player: 'Dan', cause: 'modkill' });
      const [listed] = await t.desk.modEvents(t.id);
      expect(listed).toMatchObject({ index: 0, text: 'Dan killed (modkill)' });
      await t.desk.undoModEvent(t.id, listed!.index, listed!.event);
      expect(await alive(t)).toEqual(['Alice', 'Bob', 'Cleo', 'Dan', 'Eve']);
      expect(readFileSync(t.gameFile, 'utf8')).not.toContain('kill: Dan');
      expect(await t.desk.modEvents(t.id)).toEqual([]);
      // An Undo from a page shown before the file changed is refused, and nothing is touched.
      await expect(t.desk.undoModEvent(t.id, 0, listed!.event)).rejects.toThrow(/changed since/);
    } finally {
      await t.close();
    }
  });
});
