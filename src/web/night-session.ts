import type { GameContext } from '../machine/context.js';
import {
  consoleFromActions,
  currentCue,
  isDone,
  type NightConsole,
  nextCue,
  recordTarget,
  undo,
} from '../machine/rulesets/obsidian/index.js';
import { rulesetOf } from '../reporter/rulesets.js';

export type ConsoleOp = 'record' | 'nobody' | 'next' | 'undo' | 'restart';

/**
 * The guided night console's walk (a ruleset whose views have `guidedNight`: Obsidian), held by the dashboard per game while the night runs (it is the mod's
 * place in the script, not game state: only the picks, sent as PMs at "resolve", reach the desk).
 */
export class NightSessions {
  private readonly consoles = new Map<string, NightConsole>();

  /** The console for the night running now, or null when this is not an obsidian night. */
  get(gameId: string, ctx: GameContext): NightConsole | null {
    const phase = ctx.phase;
    if (!rulesetOf(ctx.setup.ruleset).views.guidedNight || phase?.kind !== 'night' || phase.endedAt !== null)
      return null;
    const held = this.consoles.get(gameId);
    if (held && held.phase === phase.name) return held;
    // The picks already sent by PM are filled in; the walk starts at the first cue.
    const fresh = { ...consoleFromActions(ctx), cursor: 0 };
    this.consoles.set(gameId, fresh);
    return fresh;
  }

  apply(gameId: string, ctx: GameContext, op: ConsoleOp, target: string | null): NightConsole | null {
    const c = this.get(gameId, ctx);
    if (!c) return null;
    let next: NightConsole;
    if (op === 'record' || op === 'nobody') {
      const recorded = recordTarget(ctx, c, op === 'nobody' ? null : target);
      // A pick moves on to the next cue; one Undo takes back both.
      next = recorded.notice ? recorded : { ...nextCue(recorded), past: [...c.past, c] };
    } else if (op === 'next') next = nextCue(c);
    else if (op === 'undo') next = { ...undo(c), notice: null };
    else next = { ...consoleFromActions(ctx), cursor: 0 };
    this.consoles.set(gameId, next);
    return next;
  }

  clear(gameId: string): void {
    this.consoles.delete(gameId);
  }
}

export { currentCue, isDone };
