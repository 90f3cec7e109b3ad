import type { Desk } from '../app/desk.js';
import type { GameContext } from '../machine/context.js';

/**
 * What the dashboard can use beyond the `Desk` contract, all optional: a desk without them still gets every
 * page, with the obsidian guided console, Doomsday windows and tonight's recorded actions left out.
 */
export interface DeskExtras {
  /** The replayed context now (the obsidian night console and the defcon Doomsday windows read it). */
  context?(gameId: string): Promise<{ context: GameContext; at: number } | null>;
  /** Ends the current phase now, stored as a game-file `end` event: the night console's "Everyone, wake up." */
  endPhase?(gameId: string, phase: string): Promise<void>;
}

export type DashboardDesk = Desk & DeskExtras;
