import type { DraftKind } from '../domain/draft.js';
import type { Instant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import { renderGameOverPost } from './game-over.js';
import type { Markup } from './markup.js';

/** A draft due between two states, before the desk gives it an id. */
export interface DueDraft {
  kind: DraftKind;
  at: Instant;
  to: string | null;
  text: string;
  /** The phase it is about, for superseding vote counts. */
  phase: string | null;
}

/**
 * A ruleset's drafts: what falls due between the previous and the next state of a game (the vote counts are
 * planned apart, the same for every ruleset). Each ruleset's reporter folder exports one from its index.ts.
 */
export type RulesetDrafts = (prev: GameContext, next: GameContext, at: Instant, mk: Markup) => DueDraft[];

/** The day that was open in `prev` and is over in `next` (by threshold, deadline, the mod or the next phase). */
export function dayThatEnded(prev: GameContext, next: GameContext): string | null {
  const p = prev.phase;
  if (p?.kind !== 'day' || p.endedAt !== null) return null;
  return next.phase?.index !== p.index || next.phase.endedAt !== null ? p.name : null;
}

/** The day that started between the two states, with the phase before it. */
export function dayThatStarted(prev: GameContext, next: GameContext): { day: string; previous: string | null } | null {
  if (next.phase?.kind !== 'day' || next.phase.index === prev.phase?.index) return null;
  const previous = next.setup.phases[next.phase.index - 1];
  return { day: next.phase.name, previous: previous?.kind === 'night' ? previous.name : null };
}

/** The game-over post, when the game ended between the two states. */
export function gameOverDraft(prev: GameContext, next: GameContext, at: Instant, mk: Markup): DueDraft[] {
  if (next.result.status !== 'over' || prev.result.status === 'over') return [];
  const text = renderGameOverPost(next, mk);
  return [{ kind: 'game-over', at: next.result.at ?? at, to: null, text, phase: next.phase?.name ?? null }];
}
