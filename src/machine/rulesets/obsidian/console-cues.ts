import type { GameContext } from '../../context.js';
import { blockerOf, promptActors } from './night-prompts.js';
import { OBSIDIAN_NIGHT_TABLE } from './night-table.js';
import type { NightPrompt, NightStep } from './night-table-types.js';
import { holds } from './night-table-types.js';
import { obsidianExt } from './obsidian-ext.js';

/** One stop of the night console: a step's lines, and at most one actor's prompt. */
export interface ConsoleCue {
  index: number;
  step: NightStep;
  prompt: NightPrompt | null;
  /** Who points for this cue (null: narration, or no living holder of the role). */
  actor: number | null;
  /** The first cue of its step reads the step's opening lines; the last reads its closing lines. */
  first: boolean;
  last: boolean;
}

/** How a cue's prompt shows now (O-R1: "disabled", or the Stabilizer not woken). */
export type CueStatus = 'narration' | 'open' | 'disabled' | 'not-woken' | 'spent' | 'no-actor';

/** An actor's recorded pick at a cue. */
export interface ConsoleEntry {
  cue: number;
  actor: number;
  /** null: the actor pointed at nobody. */
  target: number | null;
  /** Where it came from: a PM's id, or null for the console. */
  postId: string | null;
}

/** The cues of tonight, in wake order, for the game's options and the players alive now. */
export function buildCues(ctx: GameContext, steps: NightStep[] = OBSIDIAN_NIGHT_TABLE.night): ConsoleCue[] {
  const cues: ConsoleCue[] = [];
  for (const step of steps.filter((s) => holds(s.when, ctx.setup.options))) {
    const slots: { prompt: NightPrompt | null; actor: number | null }[] = [];
    for (const prompt of step.prompts.filter((p) => holds(p.when, ctx.setup.options))) {
      const actors = promptActors(ctx, prompt);
      if (actors.length === 0) slots.push({ prompt, actor: null });
      for (const actor of actors) slots.push({ prompt, actor });
    }
    if (slots.length === 0) slots.push({ prompt: null, actor: null });
    slots.forEach((s, i) => {
      cues.push({
        index: cues.length,
        step,
        prompt: s.prompt,
        actor: s.actor,
        first: i === 0,
        last: i === slots.length - 1,
      });
    });
  }
  return cues;
}

/** The nodes enforced by the picks recorded so far (#1 resolves first, so wake order already knows them). */
export function enforcedSoFar(ctx: GameContext, cues: ConsoleCue[], entries: ConsoleEntry[]): Set<number> {
  const enforced = new Set<number>();
  for (const e of [...entries].sort((a, b) => a.cue - b.cue)) {
    const prompt = cues[e.cue]?.prompt;
    if (prompt?.effect !== 'block' || e.target === null) continue;
    const blocker = blockerOf(ctx, prompt, e.actor);
    if (blocker === null || !enforced.has(blocker)) enforced.add(e.target);
  }
  return enforced;
}

export function cueStatus(ctx: GameContext, cues: ConsoleCue[], entries: ConsoleEntry[], index: number): CueStatus {
  const cue = cues[index];
  if (!cue?.prompt) return 'narration';
  if (cue.actor === null) return 'no-actor';
  const earlier = entries.filter((e) => e.cue < index);
  const blocker = blockerOf(ctx, cue.prompt, cue.actor);
  if (blocker !== null && enforcedSoFar(ctx, cues, earlier).has(blocker)) return cue.prompt.whenBlocked;
  if (cue.prompt.effect === 'guard' && obsidianExt(ctx).shieldsSpent.includes(cue.actor)) return 'spent';
  return 'open';
}
