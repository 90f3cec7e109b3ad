import type { ExtractedAction, ParseDiagnostic } from '../domain/action.js';
import type { DeathCause, GameFile, RulesetName } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import type { EndReason, MissileKind, MissileStatus, PhaseKind, Winner } from '../domain/state.js';
import type { Instant } from '../domain/time.js';
import type { ResolvedOptions } from './options.js';

/** The game statechart's context: everything the state at an instant is made of. Treated as immutable. */
export interface GameContext {
  setup: GameSetup;
  slots: Slot[];
  phase: PhaseRuntime | null;
  /** The current day's votes, or the last day's once it has ended; null before the first day. */
  day: DayVotes | null;
  /** Pending timed events, sorted by (at, order, seq): deadlines live in state, not in timers (invariant 2). */
  timers: Timer[];
  missiles: Missile[];
  eliminations: Elimination[];
  nightResults: NightResult[];
  /** Night actions sent during the current night (the last of each kind per actor counts). */
  nightActions: NightAction[];
  flags: Flag[];
  result: GameResult;
  /** Ruleset-owned state (defcon: ABM use, sabotage, launches; obsidian: shields, leader). */
  ext: Record<string, unknown>;
  /** Counter for ordering votes and naming missiles; increases with every recorded act. */
  seq: number;
  /** The instant of the event being processed (the deciding post for a threshold end). */
  now: Instant;
}

export interface GameSetup {
  game: GameFile;
  ruleset: RulesetName;
  options: ResolvedOptions;
  moderators: string[];
  phases: PhaseSchedule[];
}

export interface PhaseSchedule {
  index: number;
  name: string;
  kind: PhaseKind;
  number: number;
  start: Instant;
  deadline: Instant | null;
}

export interface Slot {
  index: number;
  name: string;
  formerNames: string[];
  aliases: string[];
  /** Set once the slot's current player has acted in the thread: until then a former player's vote still counts (docs/readings.md P1). */
  heardFrom?: string;
  faction: string | null;
  role: string | null;
  mode: 'launch' | 'abm' | null;
  alive: boolean;
  diedAt: Instant | null;
  cause: DeathCause | null;
}

export interface PhaseRuntime {
  index: number;
  name: string;
  kind: PhaseKind;
  number: number;
  startedAt: Instant;
  deadline: Instant | null;
  endedAt: Instant | null;
  endReason: EndReason | null;
}

export type VoteTarget = number | 'no-lynch';

/** How a vote's target was read (docs/readings.md); `runnerUp` is a slot index. */
export interface VoteReading {
  via: string;
  confidence: 'sure' | 'doubtful';
  argument: string;
  reason?: string;
  distance?: number;
  runnerUp?: number;
  margin?: number;
  folded?: boolean;
  formerPlayer?: boolean;
}

export interface Vote {
  target: VoteTarget;
  postId: string;
  at: Instant;
  seq: number;
  reading?: VoteReading;
  /** A doubtful vote that would end the day, held for the moderator's ruling: counted, but ends nothing (held-hammer.ts). */
  held?: true;
}

export interface DayVotes {
  day: string;
  /** Indexed by slot. */
  votes: (Vote | null)[];
  /** H-VM7: a split voter's older votes, by slot (their newest is in `votes`). */
  split?: Record<number, Vote[]>;
  /** The threshold in force when the day ended (null while open). */
  thresholdAtEnd: number | null;
  /** Living players when the day ended (null while open): the count's "With N alive". */
  aliveAtEnd: number | null;
  endedAt: Instant | null;
  noLynchThresholdAtEnd: number | null;
  throughPost: string | null;
  history: VoteHistoryEntry[];
}

export interface VoteHistoryEntry {
  voter: number;
  target: VoteTarget | null;
  postId: string;
  at: Instant;
  url?: string;
}

/** Timer kinds in the order they fire when they share an instant (interfaces §4 "Time"). */
export const TIMER_ORDER = {
  'abort-window-closed': 0,
  'missile-landed': 1,
  'doomsday-closed': 2,
  'phase-deadline': 3,
  'phase-started': 4,
} as const;
export type TimerKind = keyof typeof TIMER_ORDER;

export interface Timer {
  at: Instant;
  kind: TimerKind;
  /** What the timer is about: a phase index or a missile id. */
  ref: string;
  seq: number;
}

export interface Missile {
  id: string;
  kind: MissileKind;
  launcher: number;
  /** Whether the launcher is announced (false while a submarine launch is anonymous). */
  announced: boolean;
  target: number;
  launchedAt: Instant;
  abortableUntil: Instant | null;
  /** The 24-hour mark (R-M7), also for missiles that cannot be aborted. */
  markAt: Instant;
  landsAt: Instant;
  status: MissileStatus;
  endedAt: Instant | null;
  postId: string | null;
  /** For a failsafe answering an anonymous launch: drafts show its target as unknown until impact. */
  targetHidden: boolean;
}

export interface Elimination {
  slot: number;
  at: Instant;
  cause: DeathCause;
  phase: string | null;
}

export interface NightResult {
  phase: string;
  actor: number;
  action: string;
  target: number | null;
  result: string;
}

export interface NightAction {
  phase: string;
  actor: number;
  kind: ExtractedAction['kind'];
  target: number | null;
  /** Extra argument: Espionage's faction guess. */
  extra: string | null;
  postId: string;
  at: Instant;
}

export interface Flag {
  postId: string | null;
  code: string;
  actor: string | null;
  message: string;
  at: Instant;
  url?: string;
  /** For a vote's target: the name as the post wrote it, and the player it was read as (when it was). */
  argument?: string;
  reading?: string;
  /**
   * What the flag is about when it has no post (a prod: the day and the slot's first player), so its id and the
   * mod's ruling on it stay with it whatever the roster's order.
   */
  key?: string;
}

export interface GameResult {
  status: 'ongoing' | 'pending' | 'over';
  winner: Winner | null;
  at: Instant | null;
  /** Declared by the mod (an event), so win checks no longer apply. */
  declared: boolean;
}

/** A post version as the machine receives it: the parsed actions, and who sent it. */
export interface ReceivedPost {
  post: Post;
  at: Instant;
  actions: ExtractedAction[];
  /** What the parser noticed (near-miss, malformed HTML): flagged for the mod. */
  diagnostics: ParseDiagnostic[];
  /** 'first' for the version seen at createdAt; 'edit' for a later version. */
  version: 'first' | 'edit';
  /** Actions applied with a flag (edited-unverified). */
  unverifiedEdit: boolean;
  /** The post says the votes are reset now (P4): read only in the moderator's first version. */
  announcesReset?: true;
  /** P7: the post is a vote count with this many tallies, all at 0: read only in the moderator's first version. */
  zeroTallies?: number;
}
