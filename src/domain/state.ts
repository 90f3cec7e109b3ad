import type { DeathCause } from './game-file.js';

/** `moddesk.state/1` (interfaces §5): what `moddesk state` prints. Fields may be added, never renamed. */
export interface StateJson {
  schema: 'moddesk.state/1';
  at: string;
  ruleset: string;
  /** The game statechart's state: `pregame`, `setup|day|night` `.open|.ended`, or `over` (null when unknown). */
  machine: string | null;
  phase: PhaseJson | null;
  players: PlayerJson[];
  votes: VotesJson;
  missiles: MissileJson[];
  eliminations: EliminationJson[];
  nightResults: NightResultJson[];
  flags: FlagJson[];
  result: ResultJson;
  /** H-AC1/H-AC2: posts per living player in the current day and prod deadlines (given where posts are known). */
  activity?: ActivityJson[];
  /** The game file's phases in order, with their scheduled start and deadline (the dashboard's phase list). */
  schedule?: ScheduleJson[];
  /** The night actions sent during the current phase, in order (mod only: who sent what by PM). */
  nightActions?: NightActionJson[];
  /** DEFCON R-S3: the Doomsday windows opened so far (absent in other rulesets). */
  doomsday?: DoomsdayJson[];
  /**
   * The guided night console's script for the night running now (a ruleset with a night table: Obsidian), absent
   * otherwise: tonight's cues in wake order, each with the pick received by PM so far (mod only).
   */
  nightConsole?: NightConsoleJson;
}

export interface NightConsoleJson {
  phase: string;
  /** The faction leader now (O-R7): a faction's shared action is stopped by the leader's block. */
  leader: string | null;
  cues: NightCueJson[];
}

/** One stop of the night console: a step of the night table, and at most one actor's prompt. */
export interface NightCueJson {
  index: number;
  /** The night table's step id and title. */
  step: string;
  title: string;
  /** Who opens their eyes (the living members); null for lines read to everyone. */
  wakes:
    | { role: string; members: string[] }
    | { faction: string; members: string[] }
    | { faction: string; roles: string[] }
    | null;
  /** Read aloud when the step opens (on its first cue) and closes (on its last); the mod's notes for the options. */
  say: string[];
  notes: string[];
  close: string[];
  first: boolean;
  last: boolean;
  prompt: NightPromptJson | null;
  /** Who points for this cue; null for narration, or when no living node holds the role. */
  actor: string | null;
  /** The pick received by PM tonight for this cue (the one that counts), or null while it is pending. */
  received: { actor: string; target: string; postId: string } | null;
}

export interface NightPromptJson {
  /** Also the `action` of the night result (`enforce`, `scan`, …). */
  id: string;
  /** What the console asks, and who it names as asked: the role, or `Leader` for a faction's shared action. */
  ask: string;
  asked: string;
  pm: 'target' | 'kill';
  /** The effect the pick feeds (`block` enforces its target for the cues after it). */
  effect: string;
  /** Whose block stops it (the actor itself, or the leader), and how the cue shows then (O-R1). */
  blockedBy: 'actor' | 'leader';
  whenBlocked: 'disabled' | 'not-woken';
  /** The actor's shield is used up (O-R3, layer). */
  spent: boolean;
  /** The players the rules refuse as this actor's target tonight (dead, themselves), with the PM route's words. */
  refused: { target: string; code: string; message: string }[];
}

export interface ScheduleJson {
  name: string;
  kind: PhaseKind;
  start: string;
  deadline: string | null;
}

export interface NightActionJson {
  phase: string;
  actor: string;
  kind: string;
  target: string | null;
  /** Extra argument: Espionage's faction guess. */
  extra: string | null;
  postId: string;
  at: string;
}

export interface DoomsdayJson {
  player: string;
  opensAt: string;
  closesAt: string;
  used: boolean;
  closed: boolean;
}

export type PhaseKind = 'setup' | 'day' | 'night';
export type EndReason = 'threshold' | 'deadline' | 'mod';

export interface PhaseJson {
  name: string;
  kind: PhaseKind;
  number: number;
  startedAt: string;
  deadline: string | null;
  endedAt: string | null;
  endReason: EndReason | null;
}

export interface PlayerJson {
  name: string;
  formerNames: string[];
  alive: boolean;
  faction: string | null;
  role: string | null;
  mode: 'launch' | 'abm' | null;
  diedAt: string | null;
  cause: DeathCause | null;
  /** House rules H-VM*: what the slot's vote weighs (1 by default) and its modifiers (loved, hated, …). */
  voteWeight: number;
  modifiers: string[];
}

/** A doubtful vote that would end the day, held for the mod's ruling, and an earlier vote in a post that would have (docs/flag-codes.md). */
export const HAMMER_NEEDS_RULING = 'hammer-needs-ruling';
export const HAMMER_EARLIER_VOTE = 'hammer-earlier-vote';

/** How a counted vote was read (docs/readings.md): `sure` counts silently, `doubtful` counts and is flagged. */
export interface VoteReadingJson {
  /** The ladder step or form: `exact`, `alias`, `part`, `nearest`, …, `no-lynch`, `ruling`. */
  via: string;
  confidence: 'sure' | 'doubtful';
  /** The argument as written. */
  argument: string;
  reason?: string;
  /** Edits between the argument and the name (nearest spellings). */
  distance?: number;
  /** The next nearest player and how many more edits away. */
  runnerUp?: string;
  margin?: number;
  /** True when the name only matched after removing invisible characters or folding look-alike letters. */
  folded?: boolean;
  /** True when the voter is a replaced player whose replacement had not acted yet (P1). */
  formerPlayer?: boolean;
  /** A doubtful vote that would end the day: counted, but the day stays open until the mod rules (`hammer-needs-ruling`). */
  held?: boolean;
}

export interface WagonJson {
  target: string;
  count: number;
  voters: string[];
  /** The post of each voter's current vote, in `voters` order. */
  posts: string[];
  /** Each voter's vote weight, in `voters` order (H-VM1); `count` is their sum. */
  weights: number[];
  /** What the public count shows: `count`, or the number of voters when the game hides weights (H-VM2). */
  publicCount: number;
  /** The votes that lynch this player (the threshold, ±1 when loved or hated: H-VM3/H-VM4). */
  needed: number | null;
  /** How each vote was read, in `voters` order. */
  readings: VoteReadingJson[];
}

export interface VotesJson {
  day: string | null;
  threshold: number | null;
  noLynchThreshold: number | null;
  wagons: WagonJson[];
  noLynch: { count: number; voters: string[]; posts: string[]; readings: VoteReadingJson[] };
  notVoting: string[];
  /** The last post counted, for the "through post #" line. */
  throughPost: string | null;
  /** H-WV2: whether votes are locked right now (false when there is no lock or lylo/mylo lifted it). */
  locked: boolean;
  /** H-VC4: the moderator's latest vote-count post of the day (given where posts are known). */
  lastCount?: { post: string; at: string; url?: string } | null;
  /** H-VC1 (`options.voteCount.changes`): who moved where since `lastCount` (since the day's start without one). */
  changes?: VoteChangeJson[];
  /** H-VC2 (`options.voteCount.history`): every vote and unvote of the day in order (`target` null for an unvote). */
  history?: VoteHistoryJson[];
}

/** One vote or unvote of the day, for a player's vote history (H-VC2). */
export interface VoteHistoryJson {
  voter: string;
  target: string | null;
  post: string;
  at: string;
}

/** One voter's move between two counts: their targets before and after (`No lynch` for no lynch; [] for none). */
export interface VoteChangeJson {
  voter: string;
  from: string[];
  to: string[];
}

export type MissileKind = 'launch' | 'submarine' | 'failsafe' | 'doomsday';
export type MissileStatus = 'in-flight' | 'aborted' | 'intercepted' | 'landed';

export interface MissileJson {
  id: string;
  kind: MissileKind;
  launcher: string | null;
  actualLauncher: string;
  target: string;
  launchedAt: string;
  abortableUntil: string | null;
  landsAt: string;
  status: MissileStatus;
  endedAt: string | null;
  postId: string | null;
}

export interface EliminationJson {
  name: string;
  at: string;
  cause: DeathCause;
  phase: string | null;
  flip?: { faction: string | null; role: string | null };
}

export interface NightResultJson {
  phase: string;
  actor: string;
  action: string;
  target: string | null;
  result: string;
}

export interface FlagJson {
  postId: string | null;
  code: string;
  actor: string | null;
  message: string;
  at: string;
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

export type Winner = 'town' | 'mafia' | 'sk' | 'network' | 'obsidian' | 'none';

export interface ResultJson {
  status: 'ongoing' | 'pending' | 'over';
  winner: Winner | null;
  at: string | null;
}

export interface ActivityJson {
  name: string;
  posts: number;
  lastPostAt: string | null;
  prodAt: string | null;
  hoursLeft: number | null;
}
