import type { GameContext, NightAction } from '../../context.js';
import { promptActors } from './night-prompts.js';
import type { NightPrompt } from './night-table-types.js';
import { obsidianExt } from './obsidian-ext.js';

/** One actor's pick for one prompt tonight (from a PM, or recorded on the console). */
export interface Submission {
  prompt: NightPrompt;
  actor: number;
  /** null when the actor picked nobody (only listed for blocked actors, who get "no result"). */
  target: number | null;
}

/**
 * What counts for a prompt: each living role holder's last pick; for the compromise, the Leader's last
 * `Kill:`, else the last `Kill:` of any living Obsidian node (O-R7).
 */
export function submissionsFor(ctx: GameContext, prompt: NightPrompt, actions: NightAction[]): Submission[] {
  const mine = actions.filter((a) => a.kind === prompt.pm && a.target !== null && ctx.slots[a.actor]?.alive);
  if ('role' in prompt.actor) {
    const out: Submission[] = [];
    for (const actor of promptActors(ctx, prompt)) {
      const last = mine.filter((a) => a.actor === actor).at(-1);
      if (last) out.push({ prompt, actor, target: last.target });
    }
    return out;
  }
  const faction = prompt.actor.faction;
  const fromFaction = mine.filter((a) => ctx.slots[a.actor]?.faction === faction);
  const leader = obsidianExt(ctx).leader;
  const pick = fromFaction.filter((a) => a.actor === leader).at(-1) ?? latest(fromFaction);
  return pick ? [{ prompt, actor: pick.actor, target: pick.target }] : [];
}

function latest(actions: NightAction[]): NightAction | undefined {
  let best: NightAction | undefined;
  for (const a of actions) if (!best || a.at >= best.at) best = a;
  return best;
}
