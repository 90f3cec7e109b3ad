import type { GameContext } from '../../machine/context.js';
import { weightedTally } from '../../machine/votes.js';
import type { Markup } from '../markup.js';
import { displayName } from '../vote-count-model.js';

/**
 * How a day's Purge came out (O-V2): a node purged, a tie for the most votes (no votes at all is a tie at
 * zero), or the most votes on not purging.
 */
export type PurgeOutcome = { day: string; kind: 'purged'; name: string } | { day: string; kind: 'tie' | 'no-purge' };

/** The outcome of `day` once it has ended, or null while it runs (or when the state no longer holds its votes). */
export function purgeOutcome(ctx: GameContext, day: string): PurgeOutcome | null {
  const purge = ctx.eliminations.find((e) => e.phase === day && e.cause === 'purge');
  if (purge) return { day, kind: 'purged', name: displayName(ctx.slots[purge.slot]) };
  const votes = ctx.day;
  const ended = ctx.phase !== null && (ctx.phase.name !== day || ctx.phase.endedAt !== null);
  if (!votes || votes.day !== day || !ended) return null;
  const t = weightedTally(ctx, votes, true);
  const top = t.wagons[0]?.count ?? 0;
  return { day, kind: t.noLynch.count > top ? 'no-purge' : 'tie' };
}

/** O-V3, worded exactly as the rules file; a day that chose not to purge gets the sentence's second half. */
export function renderPurgeAnnouncement(outcome: PurgeOutcome, mk: Markup): string {
  if (outcome.kind === 'purged') return `${mk.join([`The network has purged ${mk.text(outcome.name)}.`])}\n`;
  if (outcome.kind === 'tie') return `${mk.join(['The vote is a tie. No purge initiated.'])}\n`;
  return `${mk.join(['No purge initiated.'])}\n`;
}
