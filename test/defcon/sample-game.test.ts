import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import type { GameFile } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';
import { formatInstant, HOUR, type Instant } from '../../src/domain/time.js';
import type { GameContext } from '../../src/machine/context.js';
import { createGameMachine } from '../../src/machine/game-machine.js';
import { ROLES } from '../../src/machine/rulesets/defcon/roles.js';
import { nextTimer } from '../../src/machine/timers.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { type DefconDraft, draftsOver, statesOver } from '../../src/reporter/defcon/index.js';
import { MARKUPS } from '../../src/reporter/markup.js';
import { replay } from '../../src/reporter/replay.js';
import { rulesetOf } from '../../src/reporter/rulesets.js';

const dir = fileURLToPath(new URL('../games/defcon-sample/', import.meta.url));
const BASE = Date.parse('2026-03-02T00:00:00Z');
const END = Date.parse('2026-03-16T00:00:00Z');
let game: GameFile;
let posts: Post[];

beforeAll(() => {
  game = loadGameFile(`${dir}game.yaml`);
  posts = loadDump(`${dir}posts.jsonl`);
});

/** The statechart resumed from a replayed state and driven by its clock alone, up to `at`. */
function advance(from: { context: GameContext; machineState: string }, at: Instant): GameContext {
  const machine = createGameMachine(rulesetOf(game.ruleset).rules);
  const [head, sub] = from.machineState.split('.');
  const value = sub ? { [head as string]: sub } : (head as string);
  const actor = createActor(machine, {
    snapshot: machine.resolveState({ value, context: from.context }),
    input: from.context,
  });
  actor.start();
  for (let t = nextTimer(actor.getSnapshot().context, at); t; t = nextTimer(actor.getSnapshot().context, at)) {
    const index = Number(t.ref);
    if (t.kind === 'phase-started') actor.send({ type: 'phase.started', at: t.at, index, timer: t });
    else if (t.kind === 'phase-deadline') actor.send({ type: 'phase.deadline', at: t.at, index, timer: t });
    else actor.send({ type: 'clock.tick', at: t.at, timer: t });
  }
  const ctx = actor.getSnapshot().context;
  actor.stop();
  return ctx;
}

describe('the recorded DEFCON sample game', () => {
  it('has 12+ players, every role, ~200 posts and PMs over four days', () => {
    expect(game.players.length).toBeGreaterThanOrEqual(12);
    expect(posts.length).toBeGreaterThanOrEqual(190);
    expect(posts.filter((p) => p.channel === 'pm').length).toBeGreaterThan(20);
    const roles = new Set(
      toStateJson(replay(game, posts, { at: END }).context, END).players.map(
        (p) => `${p.role}${p.mode ? `/${p.mode}` : ''}`,
      ),
    );
    // Every role of the rules file (roles.ts), the Missile Silo in both modes.
    const every = ROLES.flatMap((r) => (r === 'Missile Silo' ? ['Missile Silo/launch', 'Missile Silo/abm'] : [r]));
    expect(every).toHaveLength(12);
    for (const role of every) {
      expect(roles).toContain(role);
    }
  });

  it('ends with the town winning once the last missile has landed (R-W1, R-W5)', () => {
    const pending = toStateJson(replay(game, posts, { at: Date.parse('2026-03-14T03:30:00Z') }).context, END);
    expect(pending.result).toEqual({ status: 'pending', winner: null, at: null });
    const s = toStateJson(replay(game, posts, { at: END }).context, END);
    expect(s.result).toEqual({ status: 'over', winner: 'town', at: '2026-03-14T04:00:00Z' });
    expect(s.missiles.map((m) => `${m.kind}:${m.status}`)).toEqual([
      'doomsday:landed',
      'launch:landed',
      'submarine:landed',
      'launch:intercepted',
      'launch:landed',
      'failsafe:landed',
      'launch:landed',
      'launch:landed',
      'launch:aborted',
    ]);
    expect(s.eliminations.map((e) => `${e.name}:${e.cause}:${e.phase}`)).toEqual([
      'Max:lynch:D1',
      'Cid:missile:D2',
      'Jon:lynch:D2',
      'Hal:nightkill:N2',
      'Eve:missile:N3',
      'Gus:missile:N3',
      'Dot:nightkill:N3',
      'Bea:lynch:D4',
      'Lou:missile:N4',
      'Oz:missile:N4',
    ]);
  });

  it('state --at T agrees with a replay through the last post before T, then advanced by the clock alone', () => {
    const firsts: { id: string; at: Instant }[] = [];
    const edits: Instant[] = [];
    const seen = new Set<string>();
    for (const p of posts) {
      if (seen.has(p.id)) edits.push(Date.parse(p.editedAt ?? p.createdAt));
      else firsts.push({ id: p.id, at: Date.parse(p.createdAt) });
      seen.add(p.id);
    }
    let checked = 0;
    for (let at = BASE + HOUR; at <= END; at += 2.5 * HOUR) {
      const last = firsts.filter((f) => f.at <= at).at(-1);
      if (!last || edits.some((e) => e > last.at && e <= at)) continue;
      const direct = replay(game, posts, { at }).context;
      const base = replay(game, posts, { through: last.id });
      const advanced = advance(base, at);
      expect({ at: formatInstant(at), state: toStateJson(advanced, at) }).toEqual({
        at: formatInstant(at),
        state: toStateJson(direct, at),
      });
      expect(advanced.timers).toEqual(direct.timers);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('replays to identical drafts, checked against the golden files', async () => {
    const states = statesOver(game, posts, END);
    const show = (d: DefconDraft) => `=== ${d.kind} ${formatInstant(d.at)}${d.to ? ` (PM to ${d.to})` : ''}\n${d.text}`;
    for (const format of ['bbcode', 'markdown', 'text'] as const) {
      const drafts = draftsOver(states, MARKUPS[format]);
      expect(new Set(drafts.map((d) => d.kind))).toEqual(
        new Set(['day-start', 'day-end', 'launch', 'abort', 'impact', 'night-result', 'game-over']),
      );
      await expect(drafts.map(show).join('\n')).toMatchFileSnapshot(`${dir}golden/drafts.${format}.txt`);
    }
  });
});
