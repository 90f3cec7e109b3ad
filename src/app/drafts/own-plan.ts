import type { GameFile } from '../../domain/game-file.js';
import { blockText, type MarkerStyle } from '../../domain/owned-block.js';
import type { Instant } from '../../domain/time.js';
import type { GameContext } from '../../machine/context.js';
import { type DueDraft, dayThatEnded, dayThatStarted } from '../../reporter/due-draft.js';
import type { Markup } from '../../reporter/markup.js';
import { renderRoster } from '../../reporter/roster-block.js';

/** The name of the opening post's block moddesk keeps. */
export const ROSTER_BLOCK = 'roster';

/**
 * Issue 30 items 3a and 4: what the game file's `thread.roster` and `thread.lock` ask for between two states. A
 * roster edit of the opening post whenever the roster changes (a death, a replacement, the first phase) or a new
 * phase has prods to list (its text the whole block, so the moderator can paste it once where the post lacks it); the thread's lock when a day ends and its unlock when a day after a night starts.
 * `prodded`: each player's prod instant (the planner's H-AC2 record), those within the phase just over are listed.
 */
export function ownActionDrafts(
  game: GameFile,
  prev: GameContext,
  next: GameContext,
  at: Instant,
  mk: Markup,
  prodded: Record<string, Instant> = {},
): DueDraft[] {
  const out: DueDraft[] = [];
  if (game.thread?.lock) {
    const ended = dayThatEnded(prev, next);
    if (ended) out.push({ kind: 'lock', at, to: null, phase: ended, text: `Lock the thread: ${ended} is over.` });
    const started = dayThatStarted(prev, next);
    if (started?.previous)
      out.push({ kind: 'unlock', at, to: null, phase: started.day, text: `Unlock the thread: ${started.day} begins.` });
  }
  const phase = next.phase;
  if (game.thread?.roster && phase) {
    const since = prev.phase?.startedAt ?? Number.NEGATIVE_INFINITY;
    const newPhase = phase.index !== prev.phase?.index;
    const names = newPhase
      ? Object.entries(prodded)
          .filter(([, t]) => t >= since && t <= at)
          .map(([name]) => name)
      : [];
    if (prev.phase === null || rosterKey(prev) !== rosterKey(next) || names.length > 0) {
      const roster = renderRoster(next, mk, { prodded: names });
      out.push({
        kind: 'roster-edit',
        at,
        to: null,
        phase: phase.name,
        text: blockText(ROSTER_BLOCK, roster, markerStyle(game, mk)),
      });
    }
  }
  return out;
}

/**
 * The markers as the platform hides them: Discourse takes the drafts' bbcode but has no `[size]`, and shows an
 * empty Markdown link as nothing, as Reddit does.
 */
function markerStyle(game: GameFile, mk: Markup): MarkerStyle {
  return game.thread?.platform === 'discourse' ? 'markdown' : mk.name;
}

/** What the roster shows of a state: who holds each slot, alive or not, and the deaths so far. */
function rosterKey(ctx: GameContext): string {
  return JSON.stringify([
    ctx.slots.map((s) => [s.name, s.formerNames.length, s.alive, s.faction, s.role]),
    ctx.eliminations.length,
  ]);
}
