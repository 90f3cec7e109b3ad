/** The draft kinds, defined once: the desk, the planner, the config's `autoApprove` and storage all use this list. */
export const DRAFT_KINDS = [
  'vote-count',
  'day-end',
  'day-start',
  'night-result',
  'missile-launch',
  'missile-abort',
  'missile-impact',
  'dawn-report',
  'purge',
  'game-over',
  /** H-AC2: a PM to a player past their prod time, where the platform has PMs. */
  'prod',
  /** Issue 30 item 3: the opening post's marked roster block brought up to date (an edit, not a post). */
  'roster-edit',
  /** Issue 30 item 3: a posted count corrected by editing that post, with its "edited: …" line. */
  'count-fix',
  /** Issue 30 item 4: the thread locked at a day's end, unlocked at the next day's start. */
  'lock',
  'unlock',
  /** Issue 30 item 1: a player's role PM at the game's start (role, faction, the role's text, win condition). */
  'role-pm',
  /** Issue 30 item 1: a PM to a player who has not answered their role PM within `options.confirmHours`. */
  'confirm-nudge',
] as const;

/** The kinds that change the thread instead of adding to it: done through the sink's edit and lock. */
export const OWN_ACTION_KINDS: readonly DraftKind[] = ['roster-edit', 'count-fix', 'lock', 'unlock'];

export const isOwnAction = (kind: DraftKind): boolean => OWN_ACTION_KINDS.includes(kind);

/**
 * What an edit draft changes: `post` the platform's id of the post (`opening`: the thread's opening post, found
 * by the adapter), and either the marked `block` set to the draft's text (its content) or moddesk's own earlier
 * text `was` replaced by it (a count fix); `of` the draft whose post it corrects.
 */
export interface DraftTarget {
  post: string;
  block?: string;
  was?: string;
  of?: string;
}

export type DraftKind = (typeof DRAFT_KINDS)[number];

/** `superseded`: a newer vote count of the same phase replaced it (the desk did that; `rejected` is the mod's word). */
export const DRAFT_STATUSES = ['pending', 'approved', 'posted', 'rejected', 'superseded'] as const;

export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/** A draft as the dashboard sees it. Its identity is data: `phase` and `number` are fields, never read out of `id`. */
export interface DraftRecord {
  id: string;
  gameId: string;
  kind: DraftKind;
  status: DraftStatus;
  /** The phase the draft is about (`D1`, `N2`), or null (a game-over before any phase). */
  phase: string | null;
  /** For a vote count: its number within the day ("Vote Count 1.<number>"); null for other kinds. */
  number: number | null;
  /** bbcode | markdown | text: what the forum takes. */
  format: string;
  text: string;
  /** For a PM: the player it goes to. */
  to: string | null;
  /** The last post the draft counted, and when it was drafted. */
  throughPost: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set when a recount found the thread moved on: the old and new text, and a line diff. */
  recount: { text: string; diff: string } | null;
  posted: { id: string | null; url: string | null; at: string } | null;
  /** For a superseded vote count: the newer count that replaced it. */
  supersededBy: string | null;
  /** How posting an approved draft went while it is not posted (null: never tried, or posted at the first try). */
  posting: PostingState | null;
  /** For an edit draft: which post, and what in it (null for every other kind). */
  target?: DraftTarget | null;
}

/**
 * An approved draft's tries at posting. `sending`: a try is under way (found so after a restart: the desk died in
 * it, so its fate is unknown); `unknown`: the try may have reached the thread (the answer was lost, the board
 * answered 5xx), so it is never tried again before a read of the thread from after it shows the post is not
 * there; `failed`: the platform refused it in words, nothing was posted.
 */
export interface PostingState {
  attempts: number;
  fate: 'sending' | 'unknown' | 'failed';
  /** When the last try began and ended (desk time, epoch ms; ended null while it runs). */
  startedAt: number;
  /** When the first try began: nothing reached the forum before it (a reply to a PM cannot be older). */
  firstStartedAt?: number;
  endedAt: number | null;
  /** What happened, in words ("the board answered HTTP 500"). */
  error: string | null;
  /** When the desk tries (or looks) again (desk time); null while a try runs. */
  nextAt: number | null;
  /** The moderator stopped the retries: nothing is tried until they ask again. */
  stopped: boolean;
  /**
   * The platform or the account cannot do it (no permission, no API, the post lacks moddesk's block): retrying
   * will not help; the dashboard says so in words and tells the moderator to do it by hand.
   */
  byHand?: boolean;
  /**
   * An edit the forum refused while the thread was locked by moddesk's own lock (phpBB without m_edit, XenForo
   * without lock rights): it is tried again once moddesk has unlocked the thread, not before.
   */
  waitsForUnlock?: boolean;
}

/** A draft as stored: the record plus what the desk needs to recount and post it. */
export interface StoredDraft extends DraftRecord {
  /** The instant (epoch ms, game time) the draft was made for. */
  planAt: number;
  idempotencyKey: string;
  edited: boolean;
  reason: string | null;
}
