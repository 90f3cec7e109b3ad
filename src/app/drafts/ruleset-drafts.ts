import type { DraftKind } from '../../domain/draft.js';
import type { Instant } from '../../domain/time.js';
import type { GameContext } from '../../machine/context.js';
import { defconDrafts } from '../../reporter/defcon/drafts.js';
import { renderGameOverPost } from '../../reporter/game-over.js';
import type { Markup } from '../../reporter/markup.js';
import { dawnReport, renderDawnReport } from '../../reporter/obsidian/dawn-report.js';
import { nightResultDrafts } from '../../reporter/obsidian/night-results.js';
import { purgeOutcome, renderPurgeAnnouncement } from '../../reporter/obsidian/purge-announcement.js';
import { renderVanillaDayEnd, renderVanillaDayStart } from '../../reporter/vanilla/phase-posts.js';

/** A draft due between two states, before the desk gives it an id. */
export interface DueDraft {
  kind: DraftKind;
  at: Instant;
  to: string | null;
  text: string;
  /** The phase it is about, for superseding vote counts. */
  phase: string | null;
}

/** The desk's kind for each DEFCON draft (the reporter's own names). */
export const DEFCON_KIND = {
  'day-end': 'day-end',
  launch: 'missile-launch',
  abort: 'missile-abort',
  impact: 'missile-impact',
  'night-result': 'night-result',
  'day-start': 'day-start',
  'game-over': 'game-over',
} as const satisfies Record<string, DraftKind>;

/** The drafts due between the previous and the next state of a game, by ruleset (the vote counts are planned apart). */
export function rulesetDrafts(prev: GameContext, next: GameContext, at: Instant, mk: Markup): DueDraft[] {
  if (next.setup.ruleset === 'defcon') {
    return defconDrafts(prev, next, at, mk).map((d) => ({
      kind: DEFCON_KIND[d.kind],
      at: d.at,
      to: d.to,
      text: d.text,
      phase: d.kind === 'day-end' ? (prev.phase?.name ?? null) : (next.phase?.name ?? null),
    }));
  }
  return genericDrafts(prev, next, at, mk);
}

/** Vanilla and obsidian: the day's end (lynch or purge), result PMs, the next day's start, game over. */
function genericDrafts(prev: GameContext, next: GameContext, at: Instant, mk: Markup): DueDraft[] {
  const out: DueDraft[] = [];
  const obsidian = next.setup.ruleset === 'obsidian';
  const p = prev.phase;
  if (p?.kind === 'day' && p.endedAt === null && (next.phase?.index !== p.index || next.phase.endedAt !== null)) {
    const outcome = obsidian ? purgeOutcome(next, p.name) : null;
    const text = outcome ? renderPurgeAnnouncement(outcome, mk) : renderVanillaDayEnd(next, p.name, mk);
    out.push({ kind: obsidian ? 'purge' : 'day-end', at, to: null, text, phase: p.name });
  }
  if (obsidian) {
    const before = prev.nightResults.length;
    const nights = [...new Set(next.nightResults.slice(before).map((r) => r.phase))];
    for (const night of nights) {
      const fresh = { ...next, nightResults: next.nightResults.slice(before) };
      for (const r of nightResultDrafts(fresh, night, mk)) {
        out.push({ kind: 'night-result', at, to: r.to, text: `${r.line}\n`, phase: night });
      }
    }
  }
  if (next.phase?.kind === 'day' && next.phase.index !== p?.index) {
    const previous = next.setup.phases[next.phase.index - 1];
    if (obsidian && previous?.kind === 'night') {
      out.push({
        kind: 'dawn-report',
        at,
        to: null,
        text: renderDawnReport(dawnReport(next, previous.name), mk),
        phase: next.phase.name,
      });
    } else if (!obsidian) {
      out.push({
        kind: 'day-start',
        at,
        to: null,
        text: renderVanillaDayStart(prev, next, mk),
        phase: next.phase.name,
      });
    }
  }
  if (next.result.status === 'over' && prev.result.status !== 'over') {
    out.push({
      kind: 'game-over',
      at: next.result.at ?? at,
      to: null,
      text: renderGameOverPost(next, mk),
      phase: next.phase?.name ?? null,
    });
  }
  return out;
}
