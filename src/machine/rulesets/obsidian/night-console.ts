import type { Instant } from '../../../domain/time.js';
import type { GameContext, NightAction } from '../../context.js';
import { settleResult } from '../../death-rules.js';
import { targetProblem } from '../../post-rules.js';
import { resolveTarget } from '../../roster.js';
import { buildCues, type ConsoleCue, type ConsoleEntry, type CueStatus, cueStatus } from './console-cues.js';
import { targetRuleProblem } from './night-prompts.js';
import { submissionsFor } from './night-submissions.js';
import { resolveObsidianNight } from './resolve-night.js';
import { obsidianRuleset } from './rules.js';

/**
 * The night console (live play): the mod walks the night's cues in wake order, records where each actor
 * points, steps on, undoes, and resolves at "Everyone, wake up." Pure: every operation takes the game's
 * context during the night and returns a new console. `resolveConsole` goes through the same resolver as
 * the PM route.
 */
export interface NightConsole {
  phase: string;
  cues: ConsoleCue[];
  cursor: number;
  entries: ConsoleEntry[];
  /** Why the last operation was refused, for the mod; null when it succeeded. */
  notice: { code: string; message: string } | null;
  /** Earlier consoles, for undo. */
  past: NightConsole[];
}

/** A console at the night's first cue, with nothing recorded. */
export function startConsole(ctx: GameContext): NightConsole {
  return { phase: ctx.phase?.name ?? '', cues: buildCues(ctx), cursor: 0, entries: [], notice: null, past: [] };
}

/** A console holding the picks sent by PM so far (what `moddesk script` shows). */
export function consoleFromActions(ctx: GameContext, actions: NightAction[] = ctx.nightActions): NightConsole {
  const console = startConsole(ctx);
  const tonight = actions.filter((a) => a.phase === console.phase);
  const entries: ConsoleEntry[] = [];
  const done = new Set<string>();
  for (const cue of console.cues) {
    if (!cue.prompt || cue.actor === null || done.has(cue.prompt.id + cue.actor)) continue;
    for (const sub of submissionsFor(ctx, cue.prompt, tonight)) {
      if ('role' in cue.prompt.actor && sub.actor !== cue.actor) continue;
      const source = tonight.filter((a) => a.actor === sub.actor && a.kind === cue.prompt?.pm).at(-1);
      entries.push({ cue: cue.index, actor: sub.actor, target: sub.target, postId: source?.postId ?? null });
      done.add(cue.prompt.id + cue.actor);
    }
  }
  return { ...console, entries };
}

export interface CueView {
  cue: ConsoleCue;
  status: CueStatus;
  entry: ConsoleEntry | null;
}

export function currentCue(ctx: GameContext, console: NightConsole): CueView | null {
  return cueView(ctx, console, console.cursor);
}

export function cueView(ctx: GameContext, console: NightConsole, index: number): CueView | null {
  const cue = console.cues[index];
  if (!cue) return null;
  return {
    cue,
    status: cueStatus(ctx, console.cues, console.entries, index),
    entry: console.entries.find((e) => e.cue === index) ?? null,
  };
}

/** True once every cue has been passed: the night can be resolved. */
export const isDone = (console: NightConsole): boolean => console.cursor >= console.cues.length;

/** Records where the current cue's actor points (`null`: nobody). A refused record sets `notice`. */
export function recordTarget(ctx: GameContext, console: NightConsole, argument: string | null): NightConsole {
  const view = currentCue(ctx, console);
  const refuse = (code: string, message: string): NightConsole => ({ ...console, notice: { code, message } });
  if (!view?.cue.prompt || view.cue.actor === null)
    return refuse('console-nothing-to-record', 'This cue records no target.');
  if (view.status === 'not-woken' || view.status === 'spent') {
    return refuse(
      `console-${view.status}`,
      `${ctx.slots[view.cue.actor]?.name} is ${view.status === 'spent' ? 'out of shields' : 'not woken tonight'}.`,
    );
  }
  let target: number | null = null;
  if (argument !== null) {
    const match = resolveTarget(ctx, argument);
    const bad = targetProblem(ctx, match, argument);
    if (bad || match.kind !== 'player')
      return refuse(bad?.code ?? 'target-unknown', bad?.message ?? `${JSON.stringify(argument)} names no player.`);
    const rule = targetRuleProblem(ctx, view.cue.prompt, view.cue.actor, match.slot);
    if (rule) return refuse(rule.code, rule.message);
    target = match.slot;
  }
  const entry: ConsoleEntry = { cue: view.cue.index, actor: view.cue.actor, target, postId: null };
  const entries = [...console.entries.filter((e) => e.cue !== entry.cue), entry];
  return { ...console, entries, notice: null, past: [...console.past, console] };
}

/** Moves to the next cue. */
export function nextCue(console: NightConsole): NightConsole {
  if (isDone(console)) return console;
  return { ...console, cursor: console.cursor + 1, notice: null, past: [...console.past, console] };
}

/** Takes back the last record or step. */
export function undo(console: NightConsole): NightConsole {
  return console.past.at(-1) ?? console;
}

/** The picks as night actions, as if each had been sent by PM (`postId` names the console cue). */
export function consoleActions(console: NightConsole, at: Instant): NightAction[] {
  return [...console.entries]
    .sort((a, b) => a.cue - b.cue)
    .flatMap((e) => {
      const pm = console.cues[e.cue]?.prompt?.pm;
      if (!pm || e.target === null) return [];
      return [
        {
          phase: console.phase,
          actor: e.actor,
          kind: pm,
          target: e.target,
          extra: null,
          postId: e.postId ?? `console:${e.cue}`,
          at,
        },
      ];
    });
}

/** "Everyone, wake up.": the night ends at `at` and resolves from the console's picks. */
export function resolveConsole(ctx: GameContext, console: NightConsole, at: Instant): GameContext {
  if (!ctx.phase || ctx.phase.name !== console.phase) return ctx;
  const ended: GameContext = { ...ctx, now: at, phase: { ...ctx.phase, endedAt: at, endReason: 'mod' } };
  const resolved = resolveObsidianNight(ended, obsidianRuleset, consoleActions(console, at), at);
  return settleResult(resolved, obsidianRuleset, at);
}
