import type { Instant } from '../domain/time.js';
import type { GameContext, Slot } from '../machine/context.js';
import { isDayOver } from '../machine/death-rules.js';
import { noLynchThresholdOf, tally, thresholdOf } from '../machine/votes.js';

/** What a vote-count post says, before any markup: the renderers only lay it out. */
export interface VoteCountModel {
  title: string;
  through: PostRef | null;
  wagons: { target: string; count: number; toLynch: number | null; voters: VoterRef[] }[];
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
}

export interface PostRef {
  label: string;
  url: string | null;
}

export interface VoterRef {
  name: string;
  post: PostRef;
}

export interface MissileLine {
  launcher: string | null;
  target: string | null;
  landsAt: Instant;
  abortableUntil: Instant | null;
}

/** "Zoe (replaced Alice)" for a replaced slot (interfaces §3). */
export function displayName(slot: Slot | undefined): string {
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
  opts: { number?: number | string; posts: Map<string, PostInfo> },
): VoteCountModel {
  const day = ctx.day;
  const ref = (postId: string): PostRef => {
    const info = opts.posts.get(postId);
    return { label: `#${info?.number ?? postId}`, url: info?.url ?? null };
  };
  const name = (i: number) => displayName(ctx.slots[i]);
  const dayNumber = day ? day.day.slice(1) : '0';
  const title = `Vote Count ${dayNumber}${opts.number !== undefined ? `.${opts.number}` : ''}`;
  const t = day
    ? tally(day, ctx.slots, isDayOver(ctx))
    : { wagons: [], noLynch: { voters: [], votes: [] }, notVoting: [] };
  const threshold = day ? thresholdOf(ctx) : null;
  const nlThreshold = day ? noLynchThresholdOf(ctx) : null;
  const dayPhase = ctx.setup.phases.find((p) => p.name === day?.day);
  return {
    title,
    through: day?.throughPost ? ref(day.throughPost) : null,
    wagons: t.wagons.map((w) => ({
      target: name(w.target),
      count: w.voters.length,
      toLynch: threshold === null ? null : threshold - w.voters.length,
      voters: w.voters.map((v, i) => ({ name: name(v), post: ref((w.votes[i] ?? { postId: '' }).postId) })),
    })),
    noLynch: {
      count: t.noLynch.voters.length,
      voters: t.noLynch.voters.map((v, i) => ({
        name: name(v),
        post: ref((t.noLynch.votes[i] ?? { postId: '' }).postId),
      })),
      toReach: nlThreshold === null ? null : nlThreshold - t.noLynch.voters.length,
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
    history: (day?.history ?? []).map((h) => ({
      voter: name(h.voter),
      target: h.target === null ? null : h.target === 'no-lynch' ? 'No lynch' : name(h.target),
      post: ref(h.postId),
      at: h.at,
    })),
  };
}
