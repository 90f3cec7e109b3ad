import type { GameContext } from '../../context.js';
import { promptActors } from './night-prompts.js';
import { OBSIDIAN_NIGHT_TABLE } from './night-table.js';
import type { NightPrompt, NightStep } from './night-table-types.js';
import { holds } from './night-table-types.js';

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
