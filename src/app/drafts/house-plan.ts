import { type GameFile, PLATFORMS_WITH_PMS } from '../../domain/game-file.js';
import { type Post, postTime } from '../../domain/post.js';
import type { Instant } from '../../domain/time.js';
import type { GameContext } from '../../machine/context.js';
import { isDayOpen } from '../../machine/death-rules.js';
import type { GameFold } from '../../machine/fold.js';
import { dayActivity } from '../../machine/house-rules/activity.js';
import { askedForCount, countRecord, positionsOf, type VotePositions } from '../../machine/house-rules/count-record.js';
import { isModerator } from '../../machine/roster.js';
import type { DueDraft } from '../../reporter/due-draft.js';
import type { Markup } from '../../reporter/markup.js';
import { renderProdPm } from '../../reporter/prod-pm.js';

/**
 * The planner's part of the house rules: players asking for a count (H-CR1), the full count's "since the last
 * count" (H-VC1), prod PMs (H-AC2). What it remembers goes in the plan state (JSON), so a restart converges.
 */
export interface HousePlanState {
  /** H-CR1: the earliest unanswered request for a count in the open day (null: none). */
  requestAt?: Instant | null;
  /** The day and instant of the last count drafted, and where the votes stood then (H-VC1). */
  lastCount?: { day: string; at: Instant; positions: VotePositions } | null;
  /** H-AC2: the prod instant each player was already drafted a PM for. */
  prodded?: Record<string, Instant>;
}

/** Instants in (from, to] where a player asked for a count, in order: the planner steps there. */
export function requestInstants(ctx: GameContext, posts: Post[], from: Instant, to: Instant): Instant[] {
  if (!ctx.setup.options.countRequests) return [];
  const out: Instant[] = [];
  for (const p of posts) {
    const t = postTime(p);
    if (p.channel === 'thread' && t > from && t <= to && !isModerator(ctx, p.author) && askedForCount(p)) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

/** When the queued request's count falls due: at the request, or once the cooldown since the last count is over. */
export function requestDueAt(s: HousePlanState, ctx: GameContext): Instant | null {
  if (s.requestAt == null) return null;
  const last = s.lastCount && s.lastCount.day === ctx.day?.day ? s.lastCount.at : null;
  return Math.max(s.requestAt, last === null ? s.requestAt : last + ctx.setup.options.countRequestCooldownMs);
}

/** Records a request made at `askedAt` (the first in the step, if any); true when a count is due at `t` for one. */
export function countRequested(s: HousePlanState, ctx: GameContext, askedAt: Instant | undefined, t: Instant): boolean {
  if (!ctx.day || !isDayOpen(ctx)) {
    s.requestAt = null;
    return false;
  }
  const startedAt = ctx.phase?.kind === 'day' ? ctx.phase.startedAt : t;
  if (askedAt !== undefined && askedAt >= startedAt && s.requestAt == null) s.requestAt = askedAt;
  const due = requestDueAt(s, ctx);
  return due !== null && t >= due;
}

/** After a count is drafted at `t`: the request is answered, and the count is the "last count" (H-VC1). */
export function countDrafted(s: HousePlanState, ctx: GameContext, t: Instant): void {
  s.requestAt = null;
  if (ctx.day) s.lastCount = { day: ctx.day.day, at: t, positions: positionsOf(ctx) };
}

/** The last count a new one is compared with: the moderator's latest count post or the planner's last count. */
export function lastCountFor(
  s: HousePlanState,
  ctx: GameContext,
  posts: Post[],
  t: Instant,
  fold: GameFold,
): { last: { post: string | null; positions: VotePositions } | null; countPosts: string[] } {
  const record = countRecord(ctx, posts, t, (p) => fold.stateAt(postTime(p)).context);
  const mine = s.lastCount && s.lastCount.day === ctx.day?.day ? s.lastCount : null;
  const theirs = record.last;
  const last =
    theirs && (!mine || Date.parse(theirs.post.createdAt) >= mine.at)
      ? { post: theirs.post.id, positions: theirs.positions }
      : mine && { post: null, positions: mine.positions };
  return { last, countPosts: record.countPosts.map((p) => p.id) };
}

const hasPms = (game: GameFile) => PLATFORMS_WITH_PMS.includes(game.thread?.platform ?? 'file');

/** H-AC2: the next instant after `from` a living player falls due a prod, where prod PMs are drafted. */
export function nextProdAt(game: GameFile, ctx: GameContext, posts: Post[], from: Instant): Instant | null {
  if (ctx.setup.options.prodHours === null || !hasPms(game) || !ctx.day || !isDayOpen(ctx)) return null;
  const times = dayActivity(ctx, posts, from)
    .map((a) => (a.prodAt === null ? Number.NaN : Date.parse(a.prodAt)))
    .filter((x) => x > from);
  return times.length ? Math.min(...times) : null;
}

/** H-AC2: a prod PM for each living player past their prod time at `t` not yet drafted one for it. */
export function prodDrafts(
  s: HousePlanState,
  game: GameFile,
  ctx: GameContext,
  posts: Post[],
  t: Instant,
  mk: Markup,
): DueDraft[] {
  if (ctx.setup.options.prodHours === null || !hasPms(game) || !ctx.day || !isDayOpen(ctx)) return [];
  const out: DueDraft[] = [];
  for (const a of dayActivity(ctx, posts, t)) {
    if (a.prodAt === null || Date.parse(a.prodAt) > t) continue;
    const at = Date.parse(a.prodAt);
    if (s.prodded?.[a.name] === at) continue;
    s.prodded = { ...s.prodded, [a.name]: at };
    const since = a.lastPostAt === null ? null : Date.parse(a.lastPostAt);
    const hours = ctx.setup.options.prodHours;
    const text = renderProdPm({ player: a.name, game: game.title, hours, since, timeZone: game.timezone }, mk);
    out.push({ kind: 'prod', at: t, to: a.name, text, phase: ctx.day.day });
  }
  return out;
}
