import type { ActionForm } from '../domain/action.js';
import type { GameFile, RulesetName } from '../domain/game-file.js';

/** The game's options with every default filled in (interfaces §3's table). */
export interface ResolvedOptions {
  syntax: ActionForm[];
  threshold: 'majority' | 'none' | number;
  deadlineOutcome: 'no-lynch' | 'plurality';
  noLynchThreshold: 'majority' | 'majority-minus-one' | number;
  flightHours: number;
  abortHours: number;
  doomsdayHours: number;
  carrierBlocksAutomatic: boolean;
  seed: string | null;
  shield: 'bodyguard' | 'layer';
  scanner: 'lone' | 'linked';
  selfTarget: string[];
  phasePost: RegExp | null;
  /** A house rule: a new vote needs an `Unvote` first (forum-conventions §1.2); otherwise it is flagged, not applied. */
  unvoteRequired: boolean;
  /** The strictness profile (docs/readings.md): defaults are what most moderators of the real corpus did. */
  voteReading: { names: 'loose' | 'strict'; formerPlayerVotes: 'count' | 'refuse' };
}

export function resolveOptions(game: GameFile): ResolvedOptions {
  const o = game.options;
  const ruleset: RulesetName = game.ruleset;
  const threshold = o.threshold ?? (ruleset === 'obsidian' ? 'none' : 'majority');
  return {
    syntax: o.syntax ?? ['bold', 'tag'],
    threshold,
    deadlineOutcome: o.deadlineOutcome ?? (ruleset === 'obsidian' ? 'plurality' : 'no-lynch'),
    noLynchThreshold: o.noLynchThreshold ?? (typeof threshold === 'number' ? threshold : 'majority'),
    flightHours: o.flightHours ?? 48,
    abortHours: o.abortHours ?? 24,
    doomsdayHours: o.doomsdayHours ?? 36,
    carrierBlocksAutomatic: o.carrierBlocksAutomatic ?? true,
    seed: o.seed ?? null,
    shield: o.shield ?? 'bodyguard',
    scanner: o.scanner ?? 'lone',
    selfTarget: o.selfTarget ?? ['Stabilizer', 'Shield'],
    phasePost: o.phasePost ? new RegExp(o.phasePost, 'i') : null,
    unvoteRequired: o.unvoteRequired ?? false,
    voteReading: {
      names: o.voteReading?.names ?? 'loose',
      formerPlayerVotes: o.voteReading?.formerPlayerVotes ?? 'count',
    },
  };
}
