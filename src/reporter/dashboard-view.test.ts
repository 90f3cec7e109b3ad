import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDump } from '../app/load-dump.js';
import { loadGameFile } from '../app/load-game-file.js';
import type { StateJson } from '../domain/state.js';
import { toStateJson } from '../machine/to-state-json.js';
import { dashboardView } from './dashboard-view.js';
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
});
