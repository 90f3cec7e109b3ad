import type { Instant } from '../../domain/time.js';
import type { GameContext, Missile } from '../../machine/context.js';
import type { Markup } from '../markup.js';
import { renderAbort, renderImpact, renderLaunch } from './announcements.js';
import { nightResultPms } from './night-pms.js';
import { renderDayEnd, renderDayStart, renderGameOver } from './phase-posts.js';

export type DefconDraftKind = 'day-end' | 'launch' | 'abort' | 'impact' | 'night-result' | 'day-start' | 'game-over';

export interface DefconDraft {
  kind: DefconDraftKind;
  at: Instant;
  /** The player a PM goes to; null for a thread post. */
  to: string | null;
  text: string;
}

/** Whether `at` falls in a night of the schedule (a night's end counts: a landing then opens the next day's post). */
function overnight(ctx: GameContext, at: Instant): boolean {
  const phases = ctx.setup.phases;
  return phases.some(
    (p, i) => p.kind === 'night' && p.start <= at && at <= (phases[i + 1]?.start ?? Number.POSITIVE_INFINITY),
  );
}

/**
 * The drafts due between two states of the same game (the watch loop's previous and current state): the
 * day-end post, launch and abort announcements, landings by day (at once, R-M6), result PMs when a night has
 * resolved, the day-start post, and the game-over post.
 */
export function defconDrafts(prev: GameContext | null, next: GameContext, at: Instant, mk: Markup): DefconDraft[] {
  const drafts: DefconDraft[] = [];
  const p = prev?.phase ?? null;
  if (p?.kind === 'day' && p.endedAt === null && (next.phase?.index !== p.index || next.phase.endedAt !== null)) {
    const lynch = next.eliminations.find((e) => e.phase === p.name && e.cause === 'lynch');
    const endedAt = lynch?.at ?? (next.phase?.index === p.index ? next.phase.endedAt : null) ?? p.deadline ?? at;
    drafts.push({ kind: 'day-end', at: endedAt, to: null, text: renderDayEnd(next, p.name, endedAt, mk) });
  }
  const before = new Map((prev?.missiles ?? []).map((m) => [m.id, m]));
  const events: { at: Instant; draft: DefconDraft }[] = [];
  for (const m of next.missiles) {
    const old = before.get(m.id);
    if (!old)
      events.push({
        at: m.launchedAt,
        draft: { kind: 'launch', at: m.launchedAt, to: null, text: renderLaunch(next, m, mk) },
      });
    if ((old?.status ?? 'in-flight') === 'in-flight' && m.status !== 'in-flight') events.push(ending(next, m, mk));
  }
  events.sort((a, b) => a.at - b.at);
  drafts.push(...events.filter((e) => e.draft.text !== '').map((e) => e.draft));
  const prevResults = prev?.nightResults.length ?? 0;
  const nights = [...new Set(next.nightResults.slice(prevResults).map((r) => r.phase))];
  for (const night of nights) {
    const end = next.setup.phases.find((x) => x.name === night);
    const when = end?.deadline ?? at;
    for (const pm of nightResultPms({ ...next, nightResults: next.nightResults.slice(prevResults) }, night, mk)) {
      drafts.push({ kind: 'night-result', at: when, to: pm.to, text: pm.text });
    }
  }
  if (next.phase?.kind === 'day' && next.phase.index !== p?.index && prev?.result.status !== 'over') {
    drafts.push({
      kind: 'day-start',
      at: next.phase.startedAt,
      to: null,
      text: renderDayStart(next, next.phase.name, next.phase.startedAt, mk),
    });
  }
  if (next.result.status === 'over' && prev?.result.status !== 'over') {
    drafts.push({ kind: 'game-over', at: next.result.at ?? at, to: null, text: renderGameOver(next, mk) });
  }
  return drafts;
}

function ending(ctx: GameContext, m: Missile, mk: Markup): { at: Instant; draft: DefconDraft } {
  const at = m.endedAt ?? m.landsAt;
  if (m.status === 'aborted') return { at, draft: { kind: 'abort', at, to: null, text: renderAbort(ctx, m, mk) } };
  // A night landing is told in the next day's opening post (R-M6).
  const text = overnight(ctx, at) ? '' : renderImpact(ctx, m, mk);
  return { at, draft: { kind: 'impact', at, to: null, text } };
}
