import type { Channel } from './post.js';

/** What the parser reads out of one post version (interfaces §2), before any name is resolved. */

export type ActionKind = 'vote' | 'unvote' | 'nuke' | 'abort' | 'target' | 'guess' | 'kill' | 'doomsday' | 'request';

/** `plain`: a line of ordinary text that starts with a keyword, read only under `voteReading.unbolded`. */
export type ActionForm = 'bold' | 'tag' | 'hash' | 'plain';

export interface ExtractedAction {
  kind: ActionKind;
  /** The argument as written, trimmed; null for a bare `Unvote`. */
  argument: string | null;
  /** True when the argument is a no-lynch form (`no lynch`, `NL`, …); only for votes. */
  noLynch: boolean;
  form: ActionForm;
  /** The text of the line the action was read from, for quoting in flags. */
  text: string;
  /** The line held invisible characters (zero-width space, joiner, BOM, soft hyphen), removed before reading. */
  hidden?: true;
  /** The keyword as typed when it was misspelt (`veot`) and read anyway: the mod is told. */
  misspelt?: string;
  /** Read through broken markup (docs/readings.md A52, A54–A57): why, in words; the vote is doubtful. */
  markup?: string;
  /** A4: the vote was written `vote for X` / `vote on X` (refused under `voteReading.voteFor: false`). */
  voteFor?: true;
  /** The action's line has other text before it (refused under `voteReading.ownLine: true`). */
  midLine?: true;
  /** N32: the text in brackets after the name (`Nickname (RealName)`), tried when the name itself reads nobody. */
  bracketed?: string;
}

/** Something the parser noticed that the mod may need to judge. */
export interface ParseDiagnostic {
  code: 'near-miss' | 'html-malformed' | 'post-too-large' | 'quote-broken';
  message: string;
  /** The text concerned, as received (truncated by the message builder). */
  text: string;
}

export interface ParsedPost {
  actions: ExtractedAction[];
  diagnostics: ParseDiagnostic[];
  /** The text says the votes are reset now (P4); the machine acts on it only in the moderator's post. */
  announcesReset?: true;
  /** P7: the post is a vote count with this many tallies, every one at 0 (the machine compares the living). */
  zeroTallies?: number;
}

/** How a name was matched, strongest first (interfaces §2's ladder). */
export type MatchStep =
  | 'exact'
  | 'alias'
  | 'prefix'
  | 'word'
  | 'initials'
  | 'leading-words'
  | 'edit-distance'
  | 'part'
  | 'contains-name'
  | 'abbreviation'
  | 'short-prefix'
  | 'pun'
  | 'nearest'
  | 'incoming'
  | 'bracketed'
  | 'run-on'
  | 'swapped-word'
  | 'suffixed'
  | 'stretched'
  | 'reversed'
  | 'word-by-word';

/** Why a reading is doubtful (counted, and flagged for the mod): docs/readings.md. */
export interface MatchDoubt {
  reason: string;
  /** Edits between the argument and the name read (nearest spellings). */
  distance?: number;
  /** The next nearest slot, and how many more edits it is away. */
  runnerUp?: number;
  margin?: number;
}

export type NameMatch =
  | {
      kind: 'player';
      slot: number;
      via: MatchStep;
      /** Present when the reading is doubtful: it counts, and the mod is told why and what came second. */
      doubt?: MatchDoubt;
      /** True when the argument only resolves after removing invisible characters or folding lookalike letters. */
      folded?: true;
    }
  | { kind: 'no-lynch' }
  | { kind: 'unknown' }
  | { kind: 'ambiguous'; slots: number[]; via: MatchStep };

/** One name that resolves to a slot: a player's current or former name, or an alias. */
export interface RosterName {
  slot: number;
  name: string;
  isAlias: boolean;
}

/** What a parse depends on besides the body. */
export interface ParseOptions {
  syntax: ActionForm[];
  channel: Channel;
}

/** The parser as the machine and the desk's parse cache call it: one post version's html → what it says. */
export type ParseFn = (html: string, opts: ParseOptions) => ParsedPost;
