import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { advancePlan, initialPlan } from '../../src/app/drafts/plan.js';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { REPO } from '../web/games.js';

// Issue 15 (major): the day-start draft said "Nobody died in the night" on the real MafiaScum thread 15787, day 2,
// whose night kills are game-file events at the day's start. Read from ../shared at run time; names from the file.
const dir = join(REPO, '..', 'shared', 'eval-data', 'mafiascum-donbot', 'games', '15787');

describe('night kills on a real day: the day-start draft names every death (#15)', () => {
  it('15787 day 2: each night kill of the game file is in the day-start draft, never "Nobody died in the night"', () => {
    if (!existsSync(join(dir, 'day-2.game.yaml'))) throw new Error(`the real game is missing: looked in ${dir}`);
    const game = loadGameFile(join(dir, 'day-2.game.yaml'));
    const posts = loadDump(join(dir, 'posts.jsonl'));
    const kills = (game.events ?? []).flatMap((e) => ('kill' in e && e.cause === 'nightkill' ? [e.kill] : []));
    expect(kills.length).toBeGreaterThan(0);
    const start = Date.parse(game.phases[0]!.start);
    const input = { game, posts, parse: extractActions, format: 'bbcode' as const, debounceMs: 600_000 };
    const r = advancePlan(input, initialPlan(start - 1000), start + 3_600_000);
    const draft = r.drafts.find((d) => d.kind === 'day-start');
    expect(draft, 'a day-start draft for D2').toBeDefined();
    for (const name of kills) expect(draft!.text).toContain(name);
    expect(draft!.text).not.toMatch(/Nobody died in the night/);
  });
});
