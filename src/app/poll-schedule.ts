import type { Instant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import type { PollConfig } from './app-config.js';

/** Reddit's free tier: 100 queries a minute per OAuth client id, averaged over 10 minutes (platforms.md §1.1). */
export const REDDIT_QPM = 100;

/**
 * The shortest gap between two polls each platform's adapter allows (real ms), from its pacing settings. `sharing`
 * is how many watched games poll through the same Reddit client id: they share its queries a minute.
 */
export function adapterFloorMs(platform: string, env: NodeJS.ProcessEnv, sharing = 1): number {
  const num = (key: string, fallback: number) => {
    const n = Number(env[key]);
    return env[key] !== undefined && Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  if (platform === 'reddit') {
    // A Reddit poll is two requests (thread head and inbox), each at least MODDESK_REDDIT_MIN_GAP_MS apart, and
    // every game of one client id together stays inside its budget (MODDESK_REDDIT_QPM, 0: none).
    const qpm = num('MODDESK_REDDIT_QPM', REDDIT_QPM);
    const budget = qpm > 0 ? (sharing * 2 * 60_000) / qpm : 0;
    return Math.max(2 * num('MODDESK_REDDIT_MIN_GAP_MS', 1000), Math.ceil(budget));
  }
  if (platform === 'file') return 0;
  // A forum poll reads at least the last page, and after a new page the one before it.
  return 2 * num('MODDESK_MIN_GAP_MS', 1000);
}

export interface ScheduleInput {
  now: Instant;
  ctx: GameContext | null;
  /** When a vote count falls due (the votes' last change + the debounce), if one is waiting. */
  voteCountDue: Instant | null;
  poll: PollConfig;
  floorMs: number;
  /** Game time → real time. */
  toRealMs(ms: number): number;
  /** Polls that failed in a row. */
  failures: number;
  /** The game's last sign of life (desk time): a new post or version seen, the moderator's last act; null: none. */
  activeAt: Instant | null;
}

/** Why the next poll is when it is (the dashboard says it beside the next read's time). */
export type PollReason = 'retry' | 'active' | 'quiet' | 'event-near' | 'event-next' | 'floor';

export interface PollStep {
  /** Real ms until the next poll. */
  delayMs: number;
  reason: PollReason;
}

/** A quiet spell must last this many times an interval before the interval doubles: a post waits at most 1/4 of it. */
export const QUIET_RATIO = 4;

/** The longest interval of a quiet game (real ms): `poll.quietMaxSeconds`, by default four base intervals. */
export function quietCeilingMs(poll: PollConfig): number {
  return Math.max(poll.intervalSeconds, poll.quietMaxSeconds ?? QUIET_RATIO * poll.intervalSeconds) * 1000;
}

/**
 * The interval for a thread quiet for `quietMs` (real): the base interval, doubled each time the quiet spell
 * reaches QUIET_RATIO times the doubled interval, up to the ceiling. So the first post after a quiet spell Q is read
 * at most Q / QUIET_RATIO late (and at most one ceiling).
 */
export function quietIntervalMs(baseMs: number, ceilingMs: number, quietMs: number): number {
  let d = baseMs;
  while (d < ceilingMs && quietMs >= 2 * d * QUIET_RATIO) d = Math.min(2 * d, ceilingMs);
  return d;
}

/**
 * The schedule's one rule set (decision 0015). How long (real ms) to wait before the next poll, and why:
 * - after failures, exponential backoff;
 * - else the quiet backoff (`quietIntervalMs`), which snaps back to the base interval once a post arrives or the
 *   moderator acts (both move `activeAt`);
 * - whatever the quiet spell, the base interval (or `nearSeconds`, if shorter) within `nearWindowMinutes` of the next
 *   timed thing (a deadline, a phase start, a missile's landing or abort-window close, a Doomsday window's end, a
 *   vote count falling due), a backed-off poll no later than that window's start, and a poll just after the thing
 *   itself: a deadline or a hammer is never read late because the thread was quiet;
 * - never less than the adapter's floor (its pacing and the platform's rate limit), which wins over all of these.
 */
export function nextPollStep(i: ScheduleInput): PollStep {
  const floor = Math.max(i.floorMs, i.poll.minSeconds * 1000);
  const bounded = (delayMs: number, reason: PollReason): PollStep =>
    delayMs < floor ? { delayMs: floor, reason: 'floor' } : { delayMs: Math.ceil(delayMs), reason };
  if (i.failures > 0) {
    // Twice as long after each failure in a row, from at least 5 s, at most 15 minutes.
    const backoff = Math.min(15 * 60_000, Math.max(i.poll.intervalSeconds * 1000, 5_000) * 2 ** (i.failures - 1));
    return bounded(backoff, 'retry');
  }
  const base = i.poll.intervalSeconds * 1000;
  const quietGame = i.activeAt === null ? Number.POSITIVE_INFINITY : i.now - i.activeAt;
  const quietReal = quietGame <= 0 ? 0 : i.toRealMs(quietGame);
  let delay = quietIntervalMs(base, quietCeilingMs(i.poll), quietReal);
  let reason: PollReason = delay > base ? 'quiet' : 'active';
  const next = nextEventAt(i.ctx, i.now, i.voteCountDue);
  if (next !== null) {
    const untilReal = i.toRealMs(next - i.now);
    const windowReal = i.toRealMs(i.poll.nearWindowMinutes * 60_000);
    if (untilReal <= windowReal) {
      const near = Math.min(base, i.poll.nearSeconds * 1000);
      if (near < delay) [delay, reason] = [near, 'event-near'];
    } else if (delay > base && untilReal - windowReal < delay) {
      [delay, reason] = [Math.max(base, untilReal - windowReal), 'event-near'];
    }
    // Poll just after the event, so its draft is made as soon as it can be.
    const after = untilReal + Math.min(1000, i.toRealMs(1000));
    if (after < delay) [delay, reason] = [after, 'event-next'];
  }
  return bounded(delay, reason);
}

/** Real ms until the next poll (`nextPollStep` without the reason). */
export function nextPollDelay(i: ScheduleInput): number {
  return nextPollStep(i).delayMs;
}

/** The next timed thing after `now`: the state's timers (deadlines, phase starts, missiles, Doomsday windows). */
export function nextEventAt(ctx: GameContext | null, now: Instant, voteCountDue: Instant | null): Instant | null {
  let best: Instant | null = voteCountDue !== null && voteCountDue > now ? voteCountDue : null;
  for (const t of ctx?.timers ?? []) {
    if (t.at > now) {
      if (best === null || t.at < best) best = t.at;
      break;
    }
  }
  return best;
}
