import { describe, expect, it } from 'vitest';
import { flagIds, flagRecords } from '../../src/app/flag-records.js';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import type { GameFile } from '../../src/domain/game-file.js';
import { postFlags } from '../../src/machine/house-rules/post-facts.js';
import { replay } from '../../src/reporter/replay.js';
import { root } from '../helpers/game-cases.js';

// H-AC2 prods are flags without a post: their ids were numbered in player order (`game-prod-due-2`), so a ruling
// stored by id landed on another player's prod once the roster's order (or who is due) changed.
const dir = `${root}/test/scenarios/house-h-ac2-prod-deadline`;
const game = loadGameFile(`${dir}/game.yaml`);
const posts = loadDump(`${dir}/posts.jsonl`);
const AT = Date.parse('2026-03-02T08:00:00Z');

const prods = (g: GameFile) => {
  const ctx = replay(g, posts, { at: AT }).context;
  const flags = postFlags(ctx, posts, AT).filter((f) => f.code === 'prod-due');
  return { ctx, flags, ids: Object.fromEntries(flags.map((f, i) => [f.actor, flagIds(flags)[i]])) };
};

describe('prod-due flags keep their identity whatever the roster order', () => {
  it('the id names the day and the player, and is the same with the roster reversed', () => {
    const ahead = prods(game);
    const reversed = prods({ ...game, players: [...game.players].reverse() });
    const due = ahead.flags.map((f) => f.actor as string).sort();
    expect(due.length).toBeGreaterThan(1);
    expect(ahead.ids).toEqual(Object.fromEntries(due.map((a) => [a, `game-prod-due-D1-${a}`])));
    expect(reversed.ids).toEqual(ahead.ids);
  });

  it("a ruling on one player's prod stays on that player's prod after the roster is reordered", () => {
    const stored = new Map([['game-prod-due-D1-Cid', { status: 'accepted', flag: null }]]);
    const reversed = { ...game, players: [...game.players].reverse() };
    for (const g of [game, reversed]) {
      const { ctx } = prods(g);
      const records = flagRecords('g', postFlags(ctx, posts, AT), stored, g.events).filter(
        (f) => f.code === 'prod-due',
      );
      const status = Object.fromEntries(records.map((r) => [r.actor, r.status]));
      expect(status.Cid).toBe('accepted');
      expect(Object.entries(status).filter(([a, st]) => a !== 'Cid' && st !== 'open')).toEqual([]);
      expect(Object.keys(status).length).toBeGreaterThan(1);
    }
  });

  it("a replaced player's prod keeps the slot's identity", () => {
    const replaced = {
      ...game,
      events: [...game.events, { at: '2026-03-02T01:00:00Z', replace: 'Cid', by: 'Cyd' }],
    } as GameFile;
    const { ids } = prods(replaced);
    expect(ids.Cyd).toBe('game-prod-due-D1-Cid');
  });
});
