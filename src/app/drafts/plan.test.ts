import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ParsedPost } from '../../domain/action.js';
import { HOUR } from '../../domain/time.js';
import type { ParseFn } from '../../machine/post-versions.js';
import { extractActions } from '../../parser/extract-actions.js';
import { replay } from '../../reporter/replay.js';
import { loadDump } from '../load-dump.js';
import { loadGameFile } from '../load-game-file.js';
import { advancePlan, initialPlan, type PlannedDraft, type PlanState } from './plan.js';

const sample = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'games', 'defcon-sample');
const game = loadGameFile(join(sample, 'game.yaml'));
const posts = loadDump(join(sample, 'posts.jsonl'));
const memo = new Map<string, ParsedPost>();
const parse: ParseFn = (html, o) => {
  const key = `${o.channel}|${html}`;
  let hit = memo.get(key);
  if (!hit) {
    hit = extractActions(html, o);
    memo.set(key, hit);
  }
  return hit;
};
const start = Date.parse(game.phases[0]!.start) - 1;
const end = Date.parse('2026-03-18T00:00:00Z');
const input = { game, posts, parse, format: 'text' as const, debounceMs: 10 * 60_000 };

/** Plans through `cuts` one after the other, seeing only the posts visible at each cut (as a live watcher would). */
function planInSteps(cuts: number[]): PlannedDraft[] {
  let state: PlanState = initialPlan(start);
  const out: PlannedDraft[] = [];
  for (const cut of cuts) {
    const visible = posts.filter((p) => Date.parse(p.createdAt) <= cut);
    const r = advancePlan({ ...input, posts: visible }, JSON.parse(JSON.stringify(state)) as PlanState, cut);
    out.push(...r.drafts);
    state = r.state;
  }
  return out;
}

describe('draft planner', () => {
  const whole = planInSteps([end]);

  it('drafts the DEFCON sample: vote counts, day ends, launches, impacts, night results, day starts, game over', () => {
    const kinds = new Set(whole.map((d) => d.kind));
    for (const k of [
      'vote-count',
      'day-end',
      'day-start',
      'missile-launch',
      'missile-abort',
      'missile-impact',
      'night-result',
      'game-over',
    ]) {
      expect(kinds).toContain(k);
    }
    expect(new Set(whole.map((d) => d.id)).size).toBe(whole.length);
    expect(whole.filter((d) => d.kind === 'game-over')).toHaveLength(1);
  });

  it('a vote count waits until the votes have been still for the debounce, and counts the votes then', () => {
    const vc = whole.find((d) => d.id === 'vc-D1-1')!;
    expect(vc.text).toMatch(/^Vote Count 1\.1/);
    const state = replay(game, posts, { at: vc.at - 10 * 60_000 }).context;
    const last = state.day?.history[state.day.history.length - 1];
    expect(last?.at).toBe(vc.at - 10 * 60_000);
  });

  it('makes the same drafts however the time is cut into polls (what makes a restart converge)', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 3; run++) {
      const cuts: number[] = [];
      for (let t = start; t < end; t += rnd() * 20 * HOUR) cuts.push(Math.floor(t));
      cuts.push(end);
      expect(planInSteps(cuts)).toEqual(whole);
    }
  });
});
