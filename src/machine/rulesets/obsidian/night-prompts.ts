import type { GameContext } from '../../context.js';
import { OBSIDIAN_NIGHT_TABLE } from './night-table.js';
import type { NightPrompt } from './night-table-types.js';
import { promptsByPriority } from './night-table-types.js';
import { obsidianExt } from './obsidian-ext.js';

/** The prompts in force for this game's options, in resolution order. */
export function activePrompts(ctx: GameContext): NightPrompt[] {
  return promptsByPriority(OBSIDIAN_NIGHT_TABLE, ctx.setup.options);
}

/** The prompt a player's PM feeds: `Target:` by their role, `Kill:` by their faction. */
export function promptForPm(ctx: GameContext, actor: number, kind: 'target' | 'kill'): NightPrompt | null {
  const slot = ctx.slots[actor];
  if (!slot) return null;
  return (
    activePrompts(ctx).find(
      (p) => p.pm === kind && ('role' in p.actor ? p.actor.role === slot.role : p.actor.faction === slot.faction),
    ) ?? null
  );
}

/** The living slots that act for a prompt; for a faction's shared action, the one who points (O-R7). */
export function promptActors(ctx: GameContext, prompt: NightPrompt): number[] {
  const { actor } = prompt;
  if ('role' in actor) return ctx.slots.filter((s) => s.alive && s.role === actor.role).map((s) => s.index);
  const leader = obsidianExt(ctx).leader;
  if (leader !== null && ctx.slots[leader]?.alive) return [leader];
  const first = ctx.slots.find((s) => s.alive && s.faction === actor.faction);
  return first ? [first.index] : [];
}

/** The slot whose block stops this actor's action (O-R2: the Leader's, for the compromise). */
export function blockerOf(ctx: GameContext, prompt: NightPrompt, actor: number): number | null {
  return prompt.blockedBy === 'actor' ? actor : obsidianExt(ctx).leader;
}

/** O-R6 and O-R3: why this actor may not point at this target tonight, or null. */
export function targetRuleProblem(
  ctx: GameContext,
  prompt: NightPrompt,
  actor: number,
  target: number,
): { code: string; message: string } | null {
  const slot = ctx.slots[actor];
  if (!slot) return null;
  if (prompt.effect === 'guard' && obsidianExt(ctx).shieldsSpent.includes(actor)) {
    return {
      code: 'action-spent',
      message: `${slot.name}'s shield is used up (O-R3, layer): the target is not protected.`,
    };
  }
  if (target === actor && !ctx.setup.options.selfTarget.includes(slot.role ?? '')) {
    return { code: 'target-self', message: `${slot.name} (${slot.role}) may not target themselves (O-R6).` };
  }
  return null;
}
