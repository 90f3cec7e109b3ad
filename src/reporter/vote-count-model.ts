import type { Instant } from '../domain/time.js';
import type { GameContext, Slot } from '../machine/context.js';
import { isDayOver } from '../machine/death-rules.js';
import { changesBetween, positionsOf, type VotePositions } from '../machine/house-rules/count-record.js';
import { hasModifier } from '../machine/house-rules/modifiers.js';
import { voteLockInForce } from '../machine/house-rules/vote-rules.js';
import type { ResolvedOptions } from '../machine/options.js';
import { noLynchThresholdOf, thresholdFor, thresholdOf, weightedTally } from '../machine/votes.js';

/** What a vote-count post says, before any markup: the renderers only lay it out. */
export interface VoteCountModel {
  title: string;
  through: PostRef | null;
  wagons: {
    target: string;
    count: number;
    toLynch: number | null;
    voters: VoterRef[];
    /** H-VM3/H-VM4: the wagon needs one vote more (loved) or fewer (hated) than the threshold. */
    modifier: 'loved' | 'hated' | null;
    needed: number | null;
    /** A vote on it is held for the mod's ruling (machine/held-hammer.ts): at the threshold, yet not lynched. */
    held: boolean;
  }[];
  noLynch: { count: number; voters: VoterRef[]; toReach: number | null };
  notVoting: string[];
  alive: number;
  threshold: number | null;
  noLynchThreshold: number | null;
  deadline: Instant | null;
  endedAt: Instant | null;
  missiles: MissileLine[];
  at: Instant;
  timeZone: string;
  history: { voter: string; target: string | null; post: PostRef; at: Instant }[];
  /** H-AC1: posts per living player today, when the game lists them (`options.countActivity`). */
  activity: { name: string; posts: number }[] | null;
  /** H-WV2: the game's vote lock, whether it holds now, and the living count that lifts it; null: no lock. */
  voteLock: { inForce: boolean; liftsAt: number | null } | null;
  /** H-VC1..H-VC5: which parts of the full count the game shows (`options.voteCount`). */
  parts: ResolvedOptions['voteCount'];
  /**
   * H-VC1: who moved where since the last count (`since`: its post, or null for a count not in the thread), or
   * since the day started when there was none (`fromDayStart`). Null when not shown.
   */
  changes: {
    since: PostRef | null;
    fromDayStart: boolean;
    moves: { voter: string; from: string[]; to: string[] }[];
  } | null;
  /** H-VC4: the day's earlier counts, oldest first. Null when not shown. */
  previousCounts: PostRef[] | null;
}

export interface PostRef {
  label: string;
  url: string | null;
}

export interface VoterRef {
  name: string;
  post: PostRef;
  /** H-VM1: shown when it is not 1 (and the game does not hide weights, H-VM2). */
  weight: number;
}

export interface MissileLine {
  launcher: string | null;
  target: string | null;
  landsAt: Instant;
  abortableUntil: Instant | null;
}

/** "Zoe (replaced Alice)" for a replaced slot (interfaces §3). */
export function displayName(slot: Pick<Slot, 'name' | 'formerNames'> | undefined): string {
  if (!slot) return '?';
  const former = slot.formerNames[slot.formerNames.length - 1];
  return former ? `${slot.name} (replaced ${former})` : slot.name;
}

export interface PostInfo {
  number?: number | string;
  url?: string;
}

export function buildVoteCountModel(
  ctx: GameContext,
  at: Instant,
  opts: {
    number?: number | string;
    posts: Map<string, PostInfo>;
    activity?: { name: string; posts: number }[];
    /** The last count: its post (null: one moddesk drafted that is not in the thread) and where votes stood then. */
    last?: { post: string | null; positions: VotePositions } | null;
    /** The day's earlier count posts, oldest first. */
    countPosts?: string[];
  },
): VoteCountModel {
  const parts = ctx.setup.options.voteCount;
  const day = ctx.day;
  const ref = (postId: string): PostRef => {
    const info = opts.posts.get(postId);
    return { label: `#${info?.number ?? postId}`, url: info?.url ?? null };
  };
  const name = (i: number) => displayName(ctx.slots[i]);
  const dayNumber = day ? day.day.slice(1) : '0';
  const title = `Vote Count ${dayNumber}${opts.number !== undefined ? `.${opts.number}` : ''}`;
  // H-VM2: a game that hides weights counts each voter once in public; the real count is in the state.
  const t = day
    ? weightedTally(ctx, day, isDayOver(ctx), true)
    : { wagons: [], noLynch: { voters: [], votes: [], count: 0, weights: [] }, notVoting: [] };
  const threshold = day ? thresholdOf(ctx) : null;
  const nlThreshold = day ? noLynchThresholdOf(ctx) : null;
  const dayPhase = ctx.setup.phases.find((p) => p.name === day?.day);
  return {
    title,
    through: day?.throughPost ? ref(day.throughPost) : null,
    wagons: t.wagons.map((w) => {
      const needed = thresholdFor(ctx, w.target);
      const modifier = hasModifier(ctx, w.target, 'loved')
        ? 'loved'
        : hasModifier(ctx, w.target, 'hated')
          ? 'hated'
          : null;
      return {
        target: name(w.target),
        count: w.count,
        toLynch: needed === null ? null : needed - w.count,
        voters: w.voters.map((v, i) => ({
          name: name(v),
          post: ref((w.votes[i] ?? { postId: '' }).postId),
          weight: w.weights[i] ?? 1,
        })),
        modifier,
        needed,
        held: w.votes.some((v) => v.held),
      };
    }),
    noLynch: {
      count: t.noLynch.count,
      voters: t.noLynch.voters.map((v, i) => ({
        name: name(v),
        post: ref((t.noLynch.votes[i] ?? { postId: '' }).postId),
        weight: t.noLynch.weights[i] ?? 1,
      })),
      toReach: nlThreshold === null ? null : nlThreshold - t.noLynch.count,
    },
    notVoting: t.notVoting.map(name),
    alive: day?.aliveAtEnd ?? ctx.slots.filter((s) => s.alive).length,
    threshold,
    noLynchThreshold: nlThreshold,
    deadline: dayPhase?.deadline ?? null,
    endedAt: day?.endedAt ?? null,
    missiles: ctx.missiles
      .filter((m) => m.status === 'in-flight')
      .map((m) => ({
        launcher: m.announced ? name(m.launcher) : null,
        target: m.targetHidden ? null : name(m.target),
        landsAt: m.landsAt,
        abortableUntil: m.abortableUntil !== null && m.abortableUntil > at ? m.abortableUntil : null,
      })),
    at,
    timeZone: ctx.setup.game.timezone,
    activity: ctx.setup.options.countActivity && opts.activity ? opts.activity : null,
    voteLock: ctx.setup.options.voteLock
      ? { inForce: voteLockInForce(ctx), liftsAt: ctx.setup.options.voteLockLiftsAt }
      : null,
    parts,
    changes: parts.changes && day ? changesOf(ctx, opts.last ?? null, ref) : null,
    previousCounts: parts.previousCounts ? (opts.countPosts ?? []).map(ref) : null,
    history: (day?.history ?? []).map((h) => ({
      voter: name(h.voter),
      target: h.target === null ? null : h.target === 'no-lynch' ? 'No lynch' : name(h.target),
      post: ref(h.postId),
      at: h.at,
    })),
  };
}

function changesOf(
  ctx: GameContext,
  last: { post: string | null; positions: VotePositions } | null,
  ref: (postId: string) => PostRef,
): NonNullable<VoteCountModel['changes']> {
  const target = (t: number | 'no-lynch') => (t === 'no-lynch' ? 'No lynch' : displayName(ctx.slots[t]));
  const moves = changesBetween(ctx, last?.positions ?? {}, positionsOf(ctx)).map((c) => ({
    voter: displayName(ctx.slots[c.voter]),
    from: c.from.map(target),
    to: c.to.map(target),
  }));
  return { since: last?.post ? ref(last.post) : null, fromDayStart: last === null, moves };
}
