import { describe, expect, it } from 'vitest';
import type { GameFile } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';
import type { GameContext } from '../../src/machine/context.js';
import { resolveNightWith } from '../../src/machine/night-preview.js';
import { obsidianRuleset } from '../../src/machine/rulesets/obsidian/index.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import {
  consoleOf,
  consolePicks,
  currentCue,
  isDone,
  type NightConsole,
  nextCue,
  recordTarget,
  undo,
} from '../../src/reporter/night-console.js';
import { afterNight, endOf, inPhase, obsidianGame, pm, run } from './helpers.js';

/** The console as the dashboard starts it: from the state JSON (`nightConsole`), read back from its text. */
function startConsole(ctx: GameContext): NightConsole {
  const c = consoleOf(JSON.parse(JSON.stringify(toStateJson(ctx, ctx.now))));
  if (!c) throw new Error('no night console in the state');
  return c;
}

/** Walks the console to the cue of `step`. */
function walkTo(c: NightConsole, step: string): NightConsole {
  let con = c;
  while (!isDone(con) && currentCue(con)?.cue.step !== step) con = nextCue(con);
  return con;
}

/** The same night both ways: PMs replayed through the night's end, and the console walked and resolved. */
function bothRoutes(game: GameFile, posts: Post[], walk: (c: NightConsole) => NightConsole) {
  const pmRoute = afterNight(game, posts, 'N1').ctx;
  const during = run(game, [], inPhase('N1', 0.5)).ctx;
  const walked = walk(startConsole(during));
  const consoleRoute = resolveNightWith(obsidianRuleset, during, consolePicks(walked), Date.parse(endOf('N1')));
  return { pmRoute, consoleRoute, walked, during };
}

describe('the night console', () => {
  it('a scripted walk (record, undo, resolve) gives the same result as the PM route', () => {
    const game = obsidianGame();
    const posts = [
      pm('Ren', 'N1', 'Target: Oak'),
      pm('Kit', 'N1', 'Target: Max'),
      pm('Sol', 'N1', 'Target: Lux'),
      pm('Jet', 'N1', 'Target: Ink'),
      pm('Oak', 'N1', 'Target: Jet'),
      pm('Ink', 'N1', 'Kill: Lux'),
    ];
    const { pmRoute, consoleRoute, walked } = bothRoutes(game, posts, (c0) => {
      let c = walkTo(c0, 'enforcer');
      c = recordTarget(c, 'Lux');
      c = undo(c);
      expect(c.entries).toEqual([]);
      c = nextCue(recordTarget(c, 'Oak'));
      c = nextCue(recordTarget(c, 'Max'));
      c = nextCue(recordTarget(c, 'Lux'));
      c = recordTarget(c, 'Ink');
      c = nextCue(c);
      expect(currentCue(c)).toMatchObject({ status: 'disabled', cue: { step: 'scanner' } });
      c = nextCue(recordTarget(c, 'Jet'));
      c = nextCue(c);
      expect(currentCue(c)?.cue.step).toBe('dawn');
      c = undo(c);
      c = recordTarget(c, 'Lux');
      expect(c.notice).toBeNull();
      return walkTo(c, 'never');
    });
    expect(isDone(walked)).toBe(true);
    expect(consoleRoute.nightResults).toEqual(pmRoute.nightResults);
    expect(consoleRoute.eliminations).toEqual(pmRoute.eliminations);
    expect(consoleRoute.eliminations.map((e) => pmRoute.slots[e.slot]?.name)).toEqual(['Sol']);
  });

  it('O-R1 an enforced Stabilizer is not woken: the console refuses a record, and both routes give "no result"', () => {
    const game = obsidianGame();
    const posts = [pm('Ren', 'N1', 'Target: Kit'), pm('Ink', 'N1', 'Kill: Max')];
    const { pmRoute, consoleRoute } = bothRoutes(game, posts, (c0) => {
      let c = nextCue(recordTarget(walkTo(c0, 'enforcer'), 'Kit'));
      expect(currentCue(c)?.status).toBe('not-woken');
      c = recordTarget(c, 'Max');
      expect(c.notice?.code).toBe('console-not-woken');
      expect(c.entries).toHaveLength(1);
      c = recordTarget(walkTo(c, 'obsidian'), 'Max');
      return c;
    });
    expect(consoleRoute.nightResults).toEqual(pmRoute.nightResults);
    expect(consoleRoute.eliminations).toEqual(pmRoute.eliminations);
  });

  it('O-R1 an enforced Leader shows "disabled" at the Obsidian wake, and no compromise resolves', () => {
    const game = obsidianGame();
    const posts = [pm('Ren', 'N1', 'Target: Ink'), pm('Ink', 'N1', 'Kill: Max')];
    const { pmRoute, consoleRoute } = bothRoutes(game, posts, (c0) => {
      let c = nextCue(recordTarget(walkTo(c0, 'enforcer'), 'Ink'));
      c = walkTo(c, 'obsidian');
      expect(currentCue(c)).toMatchObject({ status: 'disabled', cue: { prompt: { id: 'compromise' } } });
      return recordTarget(c, 'Max');
    });
    expect(consoleRoute.eliminations).toEqual([]);
    expect(consoleRoute.nightResults).toEqual(pmRoute.nightResults);
  });

  it('refuses targets the rules refuse, with the same codes as the PM route', () => {
    const ctx = run(obsidianGame(), [], inPhase('N1', 0.5)).ctx;
    const c = walkTo(startConsole(ctx), 'enforcer');
    expect(recordTarget(c, 'Ren').notice?.code).toBe('target-self');
    expect(recordTarget(c, 'Zed').notice?.code).toBe('target-unknown');
    expect(recordTarget(startConsole(ctx), 'Jet').notice?.code).toBe('console-nothing-to-record');
  });

  it('O-R5 linked: the scan is a cue of the Obsidian wake, and there is no lone Scanner step', () => {
    const lone = run(obsidianGame(), [], inPhase('N1', 0.5)).ctx;
    const linked = run(obsidianGame({ options: { scanner: 'linked' } }), [], inPhase('N1', 0.5)).ctx;
    const order = (ctx: GameContext) =>
      startConsole(ctx).cues.map((c) => `${c.step}${c.prompt ? `:${c.prompt.id}` : ''}`);
    expect(order(lone)).toEqual([
      'nightfall',
      'enforcer:enforce',
      'stabilizer:stabilize',
      'shield:shield',
      'analyst:analyze',
      'scanner:scan',
      'obsidian:compromise',
      'dawn',
    ]);
    expect(order(linked)).toEqual([
      'nightfall',
      'enforcer:enforce',
      'stabilizer:stabilize',
      'shield:shield',
      'analyst:analyze',
      'obsidian:scan',
      'obsidian:compromise',
      'dawn',
    ]);
  });

  it('a role with no living holder is a cue with nothing to record', () => {
    const game = obsidianGame({ events: [{ at: inPhase('N0', 2), kill: 'Ren' }] });
    const ctx = run(game, [], inPhase('N1', 0.5)).ctx;
    const c = walkTo(startConsole(ctx), 'enforcer');
    expect(currentCue(c)).toMatchObject({ status: 'no-actor', cue: { actor: null } });
  });
});
