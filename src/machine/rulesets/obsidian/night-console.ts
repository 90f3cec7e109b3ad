import type { NightConsoleJson, NightCueJson, NightPromptJson } from '../../../domain/state.js';
import type { GameContext } from '../../context.js';
import { targetProblem } from '../../post-rules.js';
import { buildCues, type ConsoleCue } from './console-cues.js';
import { targetRuleProblem } from './night-prompts.js';
import { submissionsFor } from './night-submissions.js';
import { holds } from './night-table-types.js';
import { obsidianExt } from './obsidian-ext.js';

/**
 * The guided night console's script for the night running now, as the state JSON carries it (`nightConsole`):
 * the cues in wake order, what each may record, and the pick each received by PM so far. The dashboard and
 * `moddesk script` walk it (reporter/night-console.ts); the night resolves through the ruleset's own resolver.
 */
export function nightConsoleJson(ctx: GameContext): NightConsoleJson | null {
  const phase = ctx.phase;
  if (phase?.kind !== 'night' || phase.endedAt !== null) return null;
  const name = (slot: number | null) => (slot === null ? null : (ctx.slots[slot]?.name ?? `#${slot}`));
  const cues = buildCues(ctx);
  const received = receivedPicks(ctx, cues, phase.name);
  const leader = obsidianExt(ctx).leader;
  return {
    phase: phase.name,
    leader: name(leader),
    cues: cues.map(
      (cue): NightCueJson => ({
        index: cue.index,
        step: cue.step.id,
        title: cue.step.title,
        wakes: wakesJson(ctx, cue),
        say: cue.step.say,
        notes: cue.step.notes.filter((n) => holds(n.when, ctx.setup.options)).map((n) => n.text),
        close: cue.step.close,
        first: cue.first,
        last: cue.last,
        prompt: cue.prompt && promptJson(ctx, cue),
        actor: name(cue.actor),
        received: received.get(cue.index) ?? null,
      }),
    ),
  };
}

function promptJson(ctx: GameContext, cue: ConsoleCue): NightPromptJson | null {
  const p = cue.prompt;
  if (!p) return null;
  const actor = cue.actor;
  const refused: NightPromptJson['refused'] = [];
  if (actor !== null) {
    for (const s of ctx.slots) {
      const problem =
        targetProblem(ctx, { kind: 'player', slot: s.index, via: 'exact' }, s.name) ??
        targetRuleProblem(ctx, p, actor, s.index);
      if (problem) refused.push({ target: s.name, ...problem });
    }
  }
  return {
    id: p.id,
    ask: p.ask,
    asked: 'role' in p.actor ? p.actor.role : 'Leader',
    pm: p.pm,
    effect: p.effect,
    blockedBy: p.blockedBy,
    whenBlocked: p.whenBlocked,
    spent: actor !== null && p.effect === 'guard' && obsidianExt(ctx).shieldsSpent.includes(actor),
    refused,
  };
}

function wakesJson(ctx: GameContext, cue: ConsoleCue): NightCueJson['wakes'] {
  const w = cue.step.wakes;
  if (!w) return null;
  const members = (pred: (s: GameContext['slots'][number]) => boolean) =>
    ctx.slots.filter((s) => s.alive && pred(s)).map((s) => s.name);
  if ('chooser' in w) return { faction: w.faction, members: members((s) => s.faction === w.faction) };
  if ('role' in w) return { role: w.role, members: members((s) => s.role === w.role) };
  return { faction: w.faction, roles: w.roles };
}

/** The picks sent by PM tonight that count, by cue (O-R7: a faction's Kill from whoever counted). */
function receivedPicks(ctx: GameContext, cues: ConsoleCue[], night: string): Map<number, NightCueJson['received']> {
  const tonight = ctx.nightActions.filter((a) => a.phase === night);
  const out = new Map<number, NightCueJson['received']>();
  const done = new Set<string>();
  for (const cue of cues) {
    const prompt = cue.prompt;
    if (!prompt || cue.actor === null || done.has(prompt.id + cue.actor)) continue;
    for (const sub of submissionsFor(ctx, prompt, tonight)) {
      if ('role' in prompt.actor && sub.actor !== cue.actor) continue;
      const source = tonight.filter((a) => a.actor === sub.actor && a.kind === prompt.pm).at(-1);
      if (sub.target === null || !source) continue;
      out.set(cue.index, {
        actor: ctx.slots[sub.actor]?.name ?? '',
        target: ctx.slots[sub.target]?.name ?? '',
        postId: source.postId,
      });
      done.add(prompt.id + cue.actor);
    }
  }
  return out;
}
