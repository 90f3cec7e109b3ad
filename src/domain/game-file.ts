import { isTimeZone } from './time.js';
import * as z from './zod.js';

/** The longest player name, alias or account name a game file may give (characters). */
export const NAME_MAX = 200;
/** The longest game title. */
export const TITLE_MAX = 500;

/** The game file (interfaces §3): the mod's setup and decisions. Unknown keys are an error. */

/** A ruleset's name; which names exist is the ruleset registry's (src/reporter/rulesets.ts), checked on load. */
export type RulesetName = string;
export const PLATFORMS = ['reddit', 'phpbb', 'xenforo', 'vbulletin', 'discourse', 'file'] as const;
export type PlatformName = (typeof PLATFORMS)[number];
/** The platforms where a player can be sent a private message (a prod PM draft, H-AC2); a file dump has none. */
export const PLATFORMS_WITH_PMS: readonly PlatformName[] = ['reddit', 'phpbb', 'xenforo', 'vbulletin', 'discourse'];

/** H-VM*: what a slot's votes and the votes on it are worth beyond plain one-player-one-vote. */
export const PLAYER_MODIFIERS = ['loved', 'hated', 'voteless', 'unvotable', 'split-vote'] as const;
export type PlayerModifier = (typeof PLAYER_MODIFIERS)[number];

/** Every cause a death can have (a `kill` event's `cause`). */
export const CAUSES = ['lynch', 'purge', 'nightkill', 'compromise', 'missile', 'modkill', 'vig', 'day-vig'] as const;

/** The schemas, built on first use: a call that reads a game file kept parsed never needs them (issue 11). */
function buildSchemas() {
  const isoInstant = z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/, {
      message: 'expected an ISO-8601 time with a zone, e.g. "2026-01-05T18:00:00Z"',
    }),
    z.refine((s) => !Number.isNaN(Date.parse(s)), {
      message: 'expected a real calendar time, e.g. "2026-01-05T18:00:00Z"',
    }),
  );

  // Forums cap account names far below this (Reddit 20, phpBB 20 by default, XenForo 50, Discourse 60); a longer
  // name is a paste gone wrong, refused in one line before it costs seconds and memory in every name match.
  const name = z
    .string()
    .check(z.minLength(1), z.maxLength(NAME_MAX, { message: `a name is at most ${NAME_MAX} characters` }));
  // A schema is immutable: each repeated shape is built once and shared (every call that reads a game file builds
  // these; a zod schema costs tens of microseconds to make).
  const text = z.string().check(z.minLength(1));
  const optionalText = z.optional(text);
  const optionalString = z.optional(z.string());
  const optionalBoolean = z.optional(z.boolean());
  const carryOrReset = z.optional(z.enum(['carry', 'reset']));
  const positive = z.optional(z.number().check(z.positive()));
  const nonnegative = z.optional(z.number().check(z.nonnegative()));
  const positiveInt = z.int().check(z.positive());
  const countOrRefuse = z.optional(z.enum(['count', 'refuse']));
  const optionalInstant = z.optional(isoInstant);
  const player = z.strictObject({
    name,
    aliases: z._default(z.optional(z.array(name)), []),
    /** P8: other accounts that post for this slot (a hydra's heads, each on their own account). */
    accounts: z.optional(z.array(name)),
    faction: optionalText,
    role: optionalText,
    /** The role's text and the player's win condition for the role PM, over what the ruleset says (issue 30). */
    roleText: z.optional(z.string().check(z.minLength(1), z.maxLength(20_000))),
    winCondition: z.optional(z.string().check(z.minLength(1), z.maxLength(2_000))),
    mode: z.optional(z.enum(['launch', 'abm'])),
    requests: z.optional(z.array(text)),
    /** House rules H-VM*: a double voter's weight, and the slot's vote modifiers (docs/rules/house-rules.md). */
    voteWeight: z.optional(z.int().check(z.gte(1), z.lte(9))),
    modifiers: z.optional(z.array(z.enum(PLAYER_MODIFIERS))),
  });

  const phase = z.strictObject({
    name: z.string().check(z.regex(/^[DN]\d+$/, { message: 'expected a phase name like D1 or N0' })),
    start: isoInstant,
    deadline: optionalInstant,
  });

  /** How strictly votes are read (docs/readings.md "Strictness"); every key optional, defaults there. */
  const voteReading = z.strictObject({
    /** `loose`: the doubtful name readings (N8…N13) count, flagged; `strict`: they are flagged and not counted. */
    names: z.optional(z.enum(['loose', 'strict'])),
    /** P1: a replaced player's vote before the replacement has acted counts for the slot (`count`) or not (`refuse`). */
    formerPlayerVotes: countOrRefuse,
    /** A vote naming a replaced player counts for the slot (`count`) or not (`refuse`, one moderator's rule). */
    replacedNames: countOrRefuse,
    /** A4: whether `vote for X` (and `vote on X`) counts; default true. */
    voteFor: optionalBoolean,
    /** Whether a vote counts only when its line starts with it (`Cross fingers, vote X` does not); default false. */
    ownLine: optionalBoolean,
    /** A32: whether a plain-text line starting with a keyword (`vote X`, no bold, no tag) counts; default false. */
    unbolded: optionalBoolean,
  });

  /** H-VC1..H-VC5: the parts of the full vote count, each switchable (docs/rules/house-rules.md; defaults there). */
  const voteCount = z.strictObject({
    changes: optionalBoolean,
    history: optionalBoolean,
    through: optionalBoolean,
    previousCounts: optionalBoolean,
    lMinus: z.optional(z.enum(['every', 'near', 'none'])),
  });

  const options = z.strictObject({
    voteReading: z.optional(voteReading),
    syntax: z.optional(z.array(z.enum(['bold', 'tag', 'hash']))),
    threshold: z.optional(z.union([z.literal('majority'), z.literal('none'), positiveInt])),
    deadlineOutcome: z.optional(z.enum(['no-lynch', 'plurality'])),
    noLynchThreshold: z.optional(z.union([z.enum(['majority', 'majority-minus-one']), positiveInt])),
    flightHours: positive,
    abortHours: nonnegative,
    doomsdayHours: positive,
    carrierBlocksAutomatic: optionalBoolean,
    seed: optionalString,
    shield: z.optional(z.enum(['bodyguard', 'layer'])),
    scanner: z.optional(z.enum(['lone', 'linked'])),
    selfTarget: z.optional(z.array(z.string())),
    phasePost: optionalString,
    unvoteRequired: optionalBoolean,
    // House rules (docs/rules/house-rules.md).
    hideVoteWeights: optionalBoolean,
    majorityFromDay: z.optional(z.int().check(z.gte(0))),
    voteLock: optionalBoolean,
    voteLockLiftsAt: z.optional(z.int().check(z.gte(2))),
    selfVote: optionalBoolean,
    tieBreak: z.optional(z.enum(['none', 'first-reached', 'draw'])),
    replacementVotes: carryOrReset,
    votesOnReplaced: carryOrReset,
    prodHours: positive,
    countActivity: optionalBoolean,
    voteCount: z.optional(voteCount),
    /** H-CR1: players' requests for a count flag the mod and queue a count, at most one per cooldown (minutes). */
    countRequests: optionalBoolean,
    countRequestCooldown: nonnegative,
    /** Issue 30 item 1: hours after a role PM is sent before an unanswered player is drafted a nudge (default 24). */
    confirmHours: positive,
  });

  const shapes = z
    .union([
      z.strictObject({
        at: isoInstant,
        replace: text,
        by: text,
        votes: carryOrReset,
      }),
      z.strictObject({ at: isoInstant, resetVotes: z.literal(true), note: optionalString }),
      z.strictObject({ at: isoInstant, revive: text, note: optionalString }),
      // The cause is checked after the union matched this shape, so a wrong one is named with the list (H-EV1).
      z.strictObject({ at: isoInstant, kill: text, cause: optionalString }),
      z.strictObject({ at: isoInstant, end: z.string().check(z.regex(/^[DN]\d+$/)) }),
      z.strictObject({ at: isoInstant, winner: z.enum(['town', 'mafia', 'sk', 'network', 'obsidian', 'none']) }),
      z.strictObject({
        post: z.coerce.string(),
        ignore: z.literal(true),
        note: optionalString,
        at: optionalInstant,
      }),
      z.strictObject({
        post: z.coerce.string(),
        vote: text,
        note: optionalString,
        at: optionalInstant,
      }),
    ])
    .check(
      z.superRefine((e, ctx) => {
        if ('kill' in e && e.cause !== undefined && !(CAUSES as readonly string[]).includes(e.cause))
          ctx.addIssue({
            code: 'custom',
            path: ['cause'],
            message: `unknown cause ${JSON.stringify(e.cause)}; expected one of: ${CAUSES.join(', ')}`,
          });
      }),
    );
  const event = z.pipe(
    shapes,
    z.transform((e: z.output<typeof shapes>) =>
      'kill' in e ? { ...e, cause: (e.cause ?? 'modkill') as DeathCause } : e,
    ),
  );

  const gameFile = z.strictObject({
    ruleset: text,
    title: z._default(
      z.optional(z.string().check(z.maxLength(TITLE_MAX, { message: `a title is at most ${TITLE_MAX} characters` }))),
      '',
    ),
    moderator: z.optional(z.union([name, z.array(name)])),
    timezone: z._default(
      z.optional(
        z
          .string()
          .check(
            z.refine(isTimeZone, { message: 'expected an IANA time zone, e.g. "Europe/London" or "America/New_York"' }),
          ),
      ),
      'UTC',
    ),
    thread: z.optional(
      z.strictObject({
        platform: z.enum(PLATFORMS),
        url: z.string(),
        /** Issue 30 item 3: keep the opening post's marked roster block current, an edit drafted after each phase. */
        roster: optionalBoolean,
        /** Issue 30 item 4: lock the thread at each day's end and unlock it at the next day's start (drafts). */
        lock: optionalBoolean,
      }),
    ),
    players: z.array(player).check(z.minLength(1)),
    phases: z.array(phase).check(z.minLength(1)),
    options: z._default(z.optional(options), {}),
    events: z._default(z.optional(z.array(event)), []),
    successors: z.optional(z.array(z.string())),
    /** The players' read-only count page on the desk (`/public/<game id>`); off unless the mod turns it on. */
    publicPage: optionalBoolean,
  });
  return { gameFile, player, phase, options, event };
}

let schemas: ReturnType<typeof buildSchemas> | undefined;

/** The game file's schema (interfaces §3). */
export function gameFileSchema(): ReturnType<typeof buildSchemas>['gameFile'] {
  schemas ??= buildSchemas();
  return schemas.gameFile;
}

export type GameFile = z.infer<ReturnType<typeof buildSchemas>['gameFile']>;
export type PlayerSetup = z.infer<ReturnType<typeof buildSchemas>['player']>;
export type PhaseSetup = z.infer<ReturnType<typeof buildSchemas>['phase']>;
export type GameOptions = z.infer<ReturnType<typeof buildSchemas>['options']>;
export type GameEvent = z.infer<ReturnType<typeof buildSchemas>['event']>;
export type DeathCause = (typeof CAUSES)[number];
