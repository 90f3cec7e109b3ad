import type { ActionForm } from '../domain/action.js';
import type { GameFile } from '../domain/game-file.js';

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
  voteReading: {
    names: 'loose' | 'strict';
    formerPlayerVotes: 'count' | 'refuse';
    /** A vote that names the slot only by a replaced player's name: counted for the slot, or refused. */
    replacedNames: 'count' | 'refuse';
    /** A4: `vote for X` / `vote on X` counts. */
    voteFor: boolean;
    /** A vote counts only when its line starts with it (no text before it on the line). */
    ownLine: boolean;
    /** A32: a plain-text line that starts with a keyword counts (the parser reads the `plain` form). */
    unbolded: boolean;
  };
  // House rules (docs/rules/house-rules.md).
  /** H-VM2: the public count shows voters, not their weights. */
  hideVoteWeights: boolean;
  /** H-WV1: the first day majority ends; null = every day. */
  majorityFromDay: number | null;
  /** H-WV2: no unvote or change once voted; lifted at `voteLockLiftsAt` living players or fewer (lylo/mylo). */
  voteLock: boolean;
  voteLockLiftsAt: number | null;
  /** H-WV3. */
  selfVote: boolean;
  /** H-ND2/H-ND3: a plurality tie. */
  tieBreak: 'none' | 'first-reached' | 'draw';
  /** H-EV4: whether a replacement keeps the slot's vote. */
  replacementVotes: 'carry' | 'reset';
  /** H-EV5: whether the votes on a replaced player stay on the slot (`carry`) or are cleared (`reset`). */
  votesOnReplaced: 'carry' | 'reset';
  /** H-AC2: hours without a thread post after which a player is due a prod; null = no prods. */
  prodHours: number | null;
  /** H-AC1: the count draft lists posts per player today. */
  countActivity: boolean;
  /** H-VC1..H-VC5: the parts of the full count. */
  voteCount: {
    changes: boolean;
    history: boolean;
    through: boolean;
    previousCounts: boolean;
    /** `every` wagon's L-n (interfaces §4), only the `near` ones (L-1, L-2), or `none`. */
    lMinus: 'every' | 'near' | 'none';
  };
  /** H-CR1: requests for a count are flagged and queue a count; the cooldown between two queued counts (ms). */
  countRequests: boolean;
  countRequestCooldownMs: number;
}

/** What a ruleset changes in the shared defaults (Obsidian: no threshold, plurality at the deadline). */
export type RulesetDefaults = Partial<Pick<ResolvedOptions, 'threshold' | 'deadlineOutcome'>>;

export function resolveOptions(game: GameFile, defaults: RulesetDefaults = {}): ResolvedOptions {
  const o = game.options;
  const threshold = o.threshold ?? defaults.threshold ?? 'majority';
  const unbolded = o.voteReading?.unbolded ?? false;
  const syntax: ActionForm[] = o.syntax ?? ['bold', 'tag'];
  return {
    syntax: unbolded && !syntax.includes('plain') ? [...syntax, 'plain'] : syntax,
    threshold,
    deadlineOutcome: o.deadlineOutcome ?? defaults.deadlineOutcome ?? 'no-lynch',
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
      replacedNames: o.voteReading?.replacedNames ?? 'count',
      voteFor: o.voteReading?.voteFor ?? true,
      ownLine: o.voteReading?.ownLine ?? false,
      unbolded,
    },
    hideVoteWeights: o.hideVoteWeights ?? false,
    majorityFromDay: o.majorityFromDay ?? null,
    voteLock: o.voteLock ?? false,
    voteLockLiftsAt: o.voteLockLiftsAt ?? null,
    selfVote: o.selfVote ?? true,
    tieBreak: o.tieBreak ?? 'none',
    replacementVotes: o.replacementVotes ?? 'carry',
    votesOnReplaced: o.votesOnReplaced ?? 'carry',
    prodHours: o.prodHours ?? null,
    countActivity: o.countActivity ?? false,
    voteCount: {
      changes: o.voteCount?.changes ?? false,
      history: o.voteCount?.history ?? false,
      through: o.voteCount?.through ?? true,
      previousCounts: o.voteCount?.previousCounts ?? false,
      lMinus: o.voteCount?.lMinus ?? 'every',
    },
    countRequests: o.countRequests ?? true,
    countRequestCooldownMs: (o.countRequestCooldown ?? 60) * 60_000,
  };
}
