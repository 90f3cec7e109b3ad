import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDump } from '../app/load-dump.js';
import { loadGameFile } from '../app/load-game-file.js';
import type { StateJson } from '../domain/state.js';
import { toStateJson } from '../machine/to-state-json.js';
import { dashboardView } from './dashboard-view.js';
import { consolePicks, cueView, currentCue, nextCue, recordTarget } from './night-console.js';
import { replay } from './replay.js';

const sample = (name: string) => {
  const dir = fileURLToPath(new URL(`../../test/games/${name}/`, import.meta.url));
  return { game: loadGameFile(`${dir}game.yaml`), posts: loadDump(`${dir}posts.jsonl`) };
};
/** The state as a page gets it: the JSON text and back, so nothing of the machine's context can be in it. */
const stateAt = (name: string, at: string): StateJson => {
  const { game, posts } = sample(name);
  const r = replay(game, posts, { at: Date.parse(at) });
  return JSON.parse(JSON.stringify(toStateJson(r.context, r.at, r.machineState))) as StateJson;
};

describe('the dashboard view model, from moddesk.state/1 alone', () => {
  it('DEFCON: the missile tab, PM entry by day, the Doomsday window opened by the PM, the days so far', () => {
    const v = dashboardView(stateAt('defcon-sample', '2026-03-05T12:00:00Z'));
    expect(v.views).toMatchObject({ tabs: ['missiles'], pm: { byDay: true }, guidedNight: false });
    expect(v.days).toEqual(['D1']);
    expect(v.schedule.map((p) => p.name).slice(0, 3)).toEqual(['D0', 'D1', 'N1']);
    expect(v.doomsday).toEqual([
      {
        player: 'Max',
        opensAt: '2026-03-04T12:00:00Z',
        closesAt: '2026-03-06T00:00:00Z',
        used: expect.any(Boolean),
        closed: false,
      },
    ]);
  });

  it("Obsidian: no extra tab, the guided console, tonight's PM actions named by player", () => {
    const state = stateAt('obsidian-sample', '2026-04-02T19:59:00Z');
    const v = dashboardView(state);
    expect(v.views).toMatchObject({ tabs: [], pm: { byDay: false }, guidedNight: true });
    expect(v.doomsday).toBeNull();
    expect(v.tonight).toEqual([
      expect.objectContaining({ phase: 'N1', actor: 'Pipistrelle', kind: 'kill', target: 'Maxwell', postId: 'p1004' }),
      expect.objectContaining({ phase: 'N1', actor: 'Renegade', kind: 'target', target: 'Oakleaf', postId: 'p1005' }),
    ]);
  });

  it("Obsidian: the guided console from the state JSON alone: tonight's cues in wake order, the PM picks received", () => {
    const c = dashboardView(stateAt('obsidian-sample', '2026-04-02T19:59:00Z')).nightConsole;
    if (!c) throw new Error('no guided console during N1');
    expect(c.phase).toBe('N1');
    expect(c.cues.map((q) => [q.step, q.prompt?.asked ?? null, q.actor])).toEqual([
      ['nightfall', null, null],
      ['enforcer', 'Enforcer', 'Renegade'],
      ['stabilizer', 'Stabilizer', 'Kitsune'],
      ['shield', 'Shield', 'Solace'],
      ['analyst', 'Analyst', 'Jetstream'],
      ['scanner', 'Scanner', 'Oakleaf'],
      ['obsidian', 'Leader', 'Inkwell'],
      ['dawn', null, null],
    ]);
    // Received by PM: the Enforcer's pick, and the faction's Kill from whoever sent it (O-R7); the rest pending.
    expect(c.entries).toEqual([
      { cue: 1, actor: 'Renegade', target: 'Oakleaf', postId: 'p1005' },
      { cue: 6, actor: 'Pipistrelle', target: 'Maxwell', postId: 'p1004' },
    ]);
    // The Enforcer's pick disables the Scanner it points at (O-R1), read off the picks, not the machine.
    expect(c.cues.map((q) => cueView(c, q.index)?.status)).toEqual([
      'narration',
      'open',
      'open',
      'open',
      'open',
      'disabled',
      'open',
      'narration',
    ]);
    // A walk over it: the rules' refusals come with the state (O-R6), and a pick becomes the PM that says it.
    const atAnalyst = nextCue(nextCue(nextCue(nextCue(c))));
    expect(currentCue(atAnalyst)?.cue.step).toBe('analyst');
    expect(recordTarget(atAnalyst, 'Jetstream').notice?.code).toBe('target-self');
    expect(recordTarget(atAnalyst, 'Nobody Here').notice?.code).toBe('target-unknown');
    expect(consolePicks(recordTarget(atAnalyst, 'Inkwell'))).toEqual([
      { actor: 'Renegade', kind: 'target', target: 'Oakleaf', postId: 'p1005' },
      { actor: 'Jetstream', kind: 'target', target: 'Inkwell', postId: 'console:4' },
      { actor: 'Pipistrelle', kind: 'kill', target: 'Maxwell', postId: 'p1004' },
    ]);
  });

  it('no guided console outside a night, nor for a ruleset without one', () => {
    expect(dashboardView(stateAt('obsidian-sample', '2026-04-03T20:00:00Z')).nightConsole).toBeNull();
    expect(dashboardView(stateAt('defcon-sample', '2026-03-05T12:00:00Z')).nightConsole).toBeNull();
  });
});
