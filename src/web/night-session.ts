import type { DashboardView } from '../reporter/dashboard-view.js';
import { type NightConsole, nextCue, recordTarget, undo } from '../reporter/night-console.js';

export type ConsoleOp = 'record' | 'nobody' | 'next' | 'undo' | 'restart';

/**
 * The guided night console's walk (a ruleset whose views have `guidedNight`: Obsidian), held by the dashboard per
 * game while the night runs. It is the mod's place in the script, not game state: only the picks, sent as PMs at
 * "resolve", reach the desk. It starts from the view model (`nightConsole`, built from the state JSON).
 */
export class NightSessions {
  private readonly consoles = new Map<string, NightConsole>();

  /** The console for the night running now, or null when no guided night runs. */
  get(gameId: string, view: DashboardView): NightConsole | null {
    const fresh = view.nightConsole;
    if (!fresh) return null;
    const held = this.consoles.get(gameId);
    if (held && held.phase === fresh.phase) return held;
    // The picks already sent by PM are filled in; the walk starts at the first cue.
    this.consoles.set(gameId, fresh);
    return fresh;
  }

  apply(gameId: string, view: DashboardView, op: ConsoleOp, target: string | null): NightConsole | null {
    const c = this.get(gameId, view);
    if (!c) return null;
    let next: NightConsole;
    if (op === 'record' || op === 'nobody') {
      const recorded = recordTarget(c, op === 'nobody' ? null : target);
      // A pick moves on to the next cue; one Undo takes back both.
      next = recorded.notice ? recorded : { ...nextCue(recorded), past: [...c.past, c] };
    } else if (op === 'next') next = nextCue(c);
    else if (op === 'undo') next = { ...undo(c), notice: null };
    else next = view.nightConsole ?? c;
    this.consoles.set(gameId, next);
    return next;
  }

  clear(gameId: string): void {
    this.consoles.delete(gameId);
  }
}
