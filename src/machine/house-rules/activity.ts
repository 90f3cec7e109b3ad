import { type Post, postTime } from '../../domain/post.js';
import { formatInstant, HOUR, type Instant } from '../../domain/time.js';
import type { Flag, GameContext } from '../context.js';
import { slotOfAuthor, slotOfFormerName } from '../roster.js';

export interface ActivityEntry {
  name: string;
  /** Thread posts in the current day up to the instant shown (a replaced player's count for the slot). */
  posts: number;
  lastPostAt: string | null;
  /** H-AC2: when the player is due a prod (`prodHours` after their last post, or the day's start), and hours left. */
  prodAt: string | null;
  hoursLeft: number | null;
}

/**
 * H-AC1/H-AC2: each living player's thread posts in the current day, and with `options.prodHours` the
 * instant they become inactive enough to prod. Only posts up to `at` and inside the day count.
 */
export function dayActivity(ctx: GameContext, posts: Post[], at: Instant): ActivityEntry[] {
  const phase = ctx.phase;
  if (phase?.kind !== 'day') return [];
  const end = Math.min(at, phase.endedAt ?? at);
  const counts = new Map<number, { n: number; last: Instant | null }>();
  for (const p of posts) {
    const t = postTime(p);
    if (p.channel !== 'thread' || t < phase.startedAt || t > end) continue;
    const slot = slotOfAuthor(ctx.slots, p.author) ?? slotOfFormerName(ctx.slots, p.author)?.index ?? null;
    if (slot === null) continue;
    const c = counts.get(slot) ?? { n: 0, last: null };
    counts.set(slot, { n: c.n + 1, last: Math.max(c.last ?? t, t) });
  }
  const prodHours = ctx.setup.options.prodHours;
  return ctx.slots
    .filter((s) => s.alive)
    .map((s) => {
      const c = counts.get(s.index) ?? { n: 0, last: null };
      const prodAt = prodHours === null ? null : (c.last ?? phase.startedAt) + prodHours * HOUR;
      return {
        name: s.name,
        posts: c.n,
        lastPostAt: c.last === null ? null : formatInstant(c.last),
        prodAt: prodAt === null ? null : formatInstant(prodAt),
        hoursLeft: prodAt === null ? null : Math.round(((prodAt - at) / HOUR) * 10) / 10,
      };
    });
}

/** A `prod-due` flag for each living player past their prod time while the day is open (H-AC2). */
export function prodFlags(ctx: GameContext, activity: ActivityEntry[]): Flag[] {
  const firstName = (name: string) => {
    const slot = ctx.slots.find((s) => s.name === name);
    return slot?.formerNames[0] ?? name;
  };
  return activity
    .filter((a) => a.hoursLeft !== null && a.hoursLeft <= 0 && ctx.phase?.endedAt === null)
    .map((a) => ({
      postId: null,
      code: 'prod-due',
      actor: a.name,
      key: `${ctx.phase?.name ?? ''}-${firstName(a.name)}`,
      message: `${a.name} has not posted in the thread for ${ctx.setup.options.prodHours} hours (since ${a.lastPostAt ?? 'the day started'}): prod them.`,
      at: Date.parse(a.prodAt as string),
    }));
}
