import type { DraftRecord } from '../domain/draft.js';
import type { DeathCause, GameEvent } from '../domain/game-file.js';
import type { FlagJson, StateJson } from '../domain/state.js';
import type { NightPick } from '../machine/night-preview.js';
import type { DraftShelf } from './drafts/tidy.js';
import type { PollReason } from './poll-schedule.js';
import type { RolePmRow } from './role-pms.js';

export type { DraftKind, DraftRecord, DraftStatus } from '../domain/draft.js';
export type { NightPick } from '../machine/night-preview.js';
export type { DraftFold, DraftShelf } from './drafts/tidy.js';
export type { RolePmRow } from './role-pms.js';

/** The role PMs of a game on the dashboard (issue 30 item 1). */
export interface RolePmView {
  rows: RolePmRow[];
  platform: string;
  /** False where the platform has no PMs (the file platform): every text is pasted by hand. */
  canSend: boolean;
  confirmHours: number;
}

/**
 * The moderator's desk as the dashboard sees it: games, drafts awaiting approval, flags awaiting rulings, and
 * a stream of changes. `src/app` implements it over storage and the watch loop; `src/web` serves it.
 * Every method that changes something is recorded in the audit log by the implementation.
 */
export interface Desk {
  listGames(): Promise<GameSummary[]>;
  /** The replayed state now (or at `at`), schema moddesk.state/1. */
  state(gameId: string, at?: string): Promise<StateJson>;
  drafts(gameId: string): Promise<DraftRecord[]>;
  /** The drafts as the mod should see them: pending now, folded per phase (superseded, stale), done (drafts/tidy.ts). */
  draftShelf(gameId: string): Promise<DraftShelf>;
  flags(gameId: string): Promise<FlagRecord[]>;
  /** Every vote and unvote of a day in order, for the history table and the wagon timeline. */
  voteHistory(gameId: string, day?: string): Promise<VoteHistoryRow[]>;
  /** The post a flag or vote points at, for quoting (html is untrusted: escape or sanitize before showing). */
  post(
    gameId: string,
    postId: string,
  ): Promise<{ id: string; author: string; createdAt: string; html: string; url: string | null } | null>;

  editDraft(gameId: string, draftId: string, text: string): Promise<DraftRecord>;
  /**
   * Recounts first: if the thread moved on since drafting and the text would change, returns
   * `{ outcome: 'changed', draft }` with `draft.recount` set and posts nothing; `confirm: true` posts anyway.
   */
  approveDraft(gameId: string, draftId: string, opts?: { confirm?: boolean }): Promise<ApproveResult>;
  rejectDraft(gameId: string, draftId: string, reason?: string): Promise<DraftRecord>;

  /** A ruling on a flag's post, stored as a game-file event (interfaces §3) so a replay keeps it. */
  rule(gameId: string, ruling: Ruling): Promise<void>;
  /** One ruling (and at most one alias) for a whole group of flags, validated as a whole before anything is written. */
  ruleGroup(gameId: string, ruling: GroupRuling): Promise<void>;
  /** Undoes the ruling on a flag (the Ruled table): its game-file event goes, from the file too; the state replays. */
  undoRuling(gameId: string, flagId: string): Promise<void>;
  /** The flags grouped by kind and player and filtered, for triage (flag-groups.ts). */
  flagTriage(gameId: string, filter?: FlagFilter): Promise<FlagTriage>;
  /** A night action entered by the mod (night console), stored like a PM. */
  recordNightAction(
    gameId: string,
    action: { phase: string; actor: string; line: string },
  ): Promise<NightEntryOutcome | undefined>;

  /** Changes as they happen (new posts, drafts, flags, state); returns the unsubscribe function. */
  subscribe(listener: (event: DeskEvent) => void): () => void;
}

/**
 * What the dashboard can use beyond `Desk`, all optional: a desk without them still gets every page. Every page,
 * the guided night console too, reads the state JSON and the view model built from it (reporter/dashboard-view.ts).
 */
export interface DeskExtras {
  /** How the alert channels' sends go (app config `alerts`): the desk's page says a failing one in words. */
  alertChannels?(): Promise<AlertChannelHealth[]>;
  /** Stops the retries of an approved draft that failed to post (Approve tries it again). */
  stopPosting?(gameId: string, draftId: string): Promise<DraftRecord>;
  /** Issue 30 item 1: approves every pending role PM; they are sent one after another. */
  approveRolePms?(gameId: string): Promise<{ approved: number }>;
  /** Issue 30 item 1: the role PMs, who confirmed, and whether the platform sends PMs. */
  rolePms?(gameId: string): Promise<RolePmView>;
  /**
   * Drafts an edit of a posted count, counted again with what the desk knows now, for approval (issue 30 item 3b);
   * null when the count still stands.
   */
  correctCount?(gameId: string, draftId: string): Promise<DraftRecord | null>;
  /**
   * The state after the night running now, resolved now from `picks` in place of tonight's PMs (nothing is stored):
   * the guided console's Dawn Report and Analyst/Scanner signals before "Everyone, wake up."
   */
  nightPreview?(gameId: string, phase: string, picks: NightPick[]): Promise<StateJson>;
  /** Ends the current phase now, stored as a game-file `end` event: the night console's "Everyone, wake up." */
  endPhase?(gameId: string, phase: string): Promise<void>;
  /**
   * A mid-day event the mod records from the dashboard (a kill, a replacement, a votes reset, the next phase),
   * validated as a game-file load would validate it before anything is stored or written.
   */
  modEvent?(gameId: string, event: ModEvent): Promise<void>;
  /** Who approved, ruled or edited what on this game (the audit log's changes by people), newest first. */
  changesByPeople?(gameId: string): Promise<PersonChange[]>;
  /** H-VC6: the moderators' own counts in the thread, each compared with moddesk's count at that post. */
  countChecks?(gameId: string): Promise<CountCheckRow[]>;
  /** The mod events the game file holds (kills, replacements, resets, phase ends…), newest first, for their Undo. */
  modEvents?(gameId: string): Promise<RecordedModEvent[]>;
  /** Takes a mod event back: out of the game file (and the store), then replayed. Refused if the file moved. */
  undoModEvent?(gameId: string, index: number, event: GameEvent): Promise<void>;
}

/** One change a person made through the desk, as the audit log holds it (`actor`: the account's name). */
export interface PersonChange {
  at: string;
  actor: string;
  action: string;
  detail: Record<string, unknown>;
}

/** A mod event as the game file holds it: its place in `events` and the event in words. */
export interface RecordedModEvent {
  index: number;
  event: GameEvent;
  at: string;
  text: string;
}

/** One count a moderator posted by hand, checked (H-VC6): the differences in words, plain text. */
export interface CountCheckRow {
  postId: string;
  /** `#453` where the thread numbers its posts, else the post id. */
  label: string;
  url: string | null;
  at: string;
  author: string;
  /** `full`; `partial` (why: `partly`); `unread` (no wagon line read). */
  read: 'full' | 'partial' | 'unread';
  /** Why it was read only in part, in words: names that read nobody, lines that miscount their voters. */
  partly: string[];
  differences: string[];
}

/** What the dashboard's mid-day forms record; times are now unless `start` says otherwise. */
export type ModEvent =
  | { kind: 'kill'; player: string; cause: DeathCause }
  | { kind: 'replace'; player: string; by: string; votes?: 'carry' | 'reset' }
  | { kind: 'reset-votes'; note?: string }
  /** The next phase starts (at `start`, default now), with its deadline if given; a listed phase is moved up. */
  | { kind: 'phase'; name: string; start?: string; deadline?: string };

export type DashboardDesk = Desk & DeskExtras;

/** What a night console entry became: a night action, flags for the mod (their messages), or nothing read. */
export interface NightEntryOutcome {
  outcome: 'recorded' | 'flagged' | 'no-action';
  flags: string[];
}

export interface GameSummary {
  id: string;
  title: string;
  ruleset: string;
  platform: string;
  phase: StateJson['phase'];
  alive: number;
  pendingDrafts: number;
  openFlags: number;
  lastPollAt: string | null;
  /** How the platform's polls go: every page shows it, so a failing poll never looks like a quiet game. */
  poll?: PollHealth;
  /** Posts the last poll could not get (the read is incomplete); asked again at the next poll. */
  missingPosts?: string[];
  /** Why the last poll could not read the moderator's PMs (the thread was read); asked again at the next poll. */
  pmsError?: { message: string; at: string } | null;
  result: StateJson['result'];
  /** The game file's `timezone`, for times written inside prose (flag messages, notices); UTC when absent. */
  timeZone?: string;
  /** Whether rulings and mod events are written into the game file (`watch`), or kept until the desk stops (`serve`). */
  writesGameFile?: boolean;
  /** Approved drafts not posted yet after a try (failed, retrying, or their fate being checked): said on every page. */
  notPosted?: DraftRecord[];
  /** The game file's `publicPage`: the players' read-only count page is served (`/public/<id>`). */
  publicPage?: boolean;
  /** The game file on disk does not load (a bad hand edit): the desk runs on the last good game until it is fixed. */
  gameFileError?: { text: string; place: string | null; message: string; at: string } | null;
}

export interface PollHealth {
  /** The last poll that read the thread (desk time), null before the first. */
  lastGoodAt: string | null;
  /** Polls that failed in a row (0: the last one worked). */
  failures: number;
  /** The last failure in words (the adapter's message), while polls fail. */
  lastError: { message: string; at: string } | null;
  /** When the next poll (or retry) is due, desk time; null when not known (a stopped clock). */
  nextAt: string | null;
  /** The wait before that poll (real seconds) and why (poll-schedule.ts): a quiet thread is read less often. */
  interval?: { seconds: number; reason: PollReason } | null;
  /**
   * A long read under way (a long thread's first read, kept page by page): posts held so far and the thread's
   * size as the platform says (null: unknown). Absent or null once a read reached the end.
   */
  reading?: { held: number; total: number | null } | null;
}

export type ApproveResult =
  | { outcome: 'posted'; draft: DraftRecord }
  | { outcome: 'copy'; draft: DraftRecord } // the platform cannot post: the text is ready to paste
  | { outcome: 'changed'; draft: DraftRecord }
  // Not posted yet: an earlier try's fate is being checked, or the next try is not due (the draft's `posting`).
  | { outcome: 'waiting'; draft: DraftRecord };

export interface FlagRecord extends FlagJson {
  id: string;
  gameId: string;
  status: 'open' | 'accepted' | 'ignored' | 'ruled';
}

/** A bulk ruling: accept, ignore or read as a vote for `target` every flag of `flagIds`, optionally with one alias. */
export interface GroupRuling {
  kind: 'accept' | 'ignore' | 'vote';
  flagIds: string[];
  target?: string;
  note?: string;
  rememberAlias?: string;
}

/** Flags grouped for triage by kind and player (app/flag-groups.ts), ruled as one (`Desk.ruleGroup`). */
export interface FlagGroup {
  /** Stable across replays and safe as an HTML id. */
  key: string;
  code: string;
  /** The name the posts wrote, for a target's flags. */
  argument: string | null;
  /** The player the name was read as, when it was. */
  reading: string | null;
  /** For other flags: the player they are about (null: the game). */
  actor: string | null;
  open: FlagRecord[];
  ruled: FlagRecord[];
  /** A name the mod can remember as the reading's alias in the same ruling: the argument, if no one answers to it. */
  aliasSuggestion: string | null;
}

export interface FlagFilter {
  /** A flag code. */
  kind?: string;
  /** A player: the flag's actor, its reading, or the name it wrote. */
  player?: string;
  status?: 'open' | 'ruled';
}

export interface FlagTriage {
  groups: FlagGroup[];
  /** Every code and player present (open flags counted), for the filter's choices. */
  kinds: { code: string; open: number }[];
  players: { name: string; open: number }[];
  open: number;
  ruled: number;
  filter: FlagFilter;
}

export type Ruling =
  | { kind: 'accept'; flagId: string }
  | { kind: 'ignore'; postId: string; note?: string }
  | { kind: 'vote'; postId: string; target: string; note?: string; rememberAlias?: string };

export interface VoteHistoryRow {
  day: string;
  voter: string;
  target: string | null;
  postId: string;
  at: string;
  url: string | null;
}

/** One alert channel's sends (`discord`, `webhook`, `email`): how many went, and the last failure while it lasts. */
export interface AlertChannelHealth {
  name: string;
  sent: number;
  failing: { message: string; at: string; tries: number } | null;
}

export type DeskEvent =
  | { type: 'game.updated'; gameId: string }
  | { type: 'draft.changed'; gameId: string; draftId: string }
  | { type: 'flag.changed'; gameId: string }
  | { type: 'poll.done'; gameId: string; newPosts: number }
  | { type: 'poll.failed'; gameId: string };
