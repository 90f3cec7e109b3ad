import type { Instant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import type { PollConfig } from './app-config.js';

/** The shortest gap between two polls each platform's adapter allows (real ms), from its pacing settings. */
export function adapterFloorMs(platform: string, env: NodeJS.ProcessEnv): number {
  const num = (key: string, fallback: number) => {
    const n = Number(env[key]);
    return env[key] !== undefined && Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  // A Reddit poll is two requests (thread head and inbox), each at least MODDESK_REDDIT_MIN_GAP_MS apart.
  if (platform === 'reddit') return 2 * num('MODDESK_REDDIT_MIN_GAP_MS', 1000);
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
}

/**
 * How long (real ms) to wait before the next poll: the base interval; more often when a deadline, a missile's
 * landing or abort-window close, a Doomsday window's end or a vote count is near, and right after it passes;
 * after failures, exponential backoff. Never less than the adapter's floor.
 */
export function nextPollDelay(i: ScheduleInput): number {
  const floor = Math.max(i.floorMs, i.poll.minSeconds * 1000);
  if (i.failures > 0) {
    // Twice as long after each failure in a row, from at least 5 s, at most 15 minutes.
    const backoff = Math.min(15 * 60_000, Math.max(i.poll.intervalSeconds * 1000, 5_000) * 2 ** (i.failures - 1));
    return Math.max(floor, backoff);
  }
  let delay = i.poll.intervalSeconds * 1000;
  const next = nextEventAt(i.ctx, i.now, i.voteCountDue);
  if (next !== null) {
    const untilReal = i.toRealMs(next - i.now);
    const windowReal = i.toRealMs(i.poll.nearWindowMinutes * 60_000);
    if (untilReal <= windowReal) delay = Math.min(delay, i.poll.nearSeconds * 1000);
    // Poll just after the event, so its draft is made as soon as it can be.
    delay = Math.min(delay, untilReal + Math.min(1000, i.toRealMs(1000)));
  }
  return Math.max(floor, Math.ceil(delay));
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
