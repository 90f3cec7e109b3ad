import type { ExtractedAction } from '../domain/action.js';
import type { DeathCause } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import type { PhaseKind, Winner } from '../domain/state.js';
import type { Instant } from '../domain/time.js';
import type { GameContext, Timer } from './context.js';
import type { RulesetDefaults } from './options.js';

/** A non-vote action from a player's post: thread `Nuke`/`Abort`, or a PM's `Target`, `Kill`, … */
export interface PlayerAction {
  post: Post;
  at: Instant;
  /** The sender's slot, or null when the sender is not a player. */
  actor: number | null;
  action: ExtractedAction;
  /** True when only a later version of the post has this action (flagged `edited-action`, not applied). */
  edited: boolean;
}

/**
 * What a ruleset adds to the shared game statechart. Every function is pure: it takes the context and
 * returns the next one. The statechart (game-machine.ts) names them in its actions and guards.
 */
export interface Ruleset {
  name: string;
  /** The options a game file of this ruleset leaves out default to these (before the shared defaults). */
  defaults?: RulesetDefaults;
  /** `setup` (D0, obsidian N0), `day` or `night` for a phase name. */
  phaseKind(name: string): PhaseKind;
  /** The cause written for a day's elimination by vote. */
  lynchCause: Extract<DeathCause, 'lynch' | 'purge'>;
  /** Ruleset state, roles from a draw, extra timers; called once with the fresh context. */
  init(ctx: GameContext): GameContext;
  /** A non-vote action: launches and aborts in the thread, night actions by PM. */
  onAction(ctx: GameContext, act: PlayerAction): GameContext;
  /** A ruleset-owned timer fired (missile windows, landings, Doomsday windows). */
  onTimer(ctx: GameContext, timer: Timer): GameContext;
  /** After a phase has started (its kind and name are in ctx.phase). */
  onPhaseStarted(ctx: GameContext, at: Instant): GameContext;
  /** A night ends (deadline, next phase, or the mod): resolve the night's actions. */
  resolveNight(ctx: GameContext, at: Instant): GameContext;
  /** After a player died (any cause). */
  onDeath(ctx: GameContext, slot: number, cause: DeathCause, at: Instant): GameContext;
  /** The win condition that holds now, if any. */
  winner(ctx: GameContext): Winner | null;
  /** True while the result must wait (R-W5: missiles in flight, a Doomsday window open). */
  holdsResultOpen(ctx: GameContext, at: Instant): boolean;
  /** Extra flags raised at checkpoints, e.g. `stalemate-suspected` (R-W6). */
  review?(ctx: GameContext, at: Instant): GameContext;
}
