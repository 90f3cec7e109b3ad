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
 * phase has prods to list (its text the whole block, so the moderator can paste it once where the post lacks it); the thread's lock when a day ends and its unlock when a day after a night starts. When the game is over the thread is not locked, and one locked for the night is unlocked for the post-game (and so the last roster edit can be made).
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
  // In the order the forum needs them done: a day's unlock first, then the roster, then a day's lock, since a
  // forum that locks a thread also refuses its author's edits there (phpBB without m_edit, XenForo).
  const before: DueDraft[] = [];
  const after: DueDraft[] = [];
  if (game.thread?.lock && prev.result.status !== 'over') {
    const over = next.result.status === 'over';
    const ended = dayThatEnded(prev, next);
    const started = dayThatStarted(prev, next);
    // Locked since a day ended (the night, or a day over and the next not begun): moddesk's lock is in place.
    const lockedNow = prev.phase?.kind === 'night' || (prev.phase?.kind === 'day' && prev.phase.endedAt !== null);
    if (over) {
      // The game is over: the thread stays open for the post-game, and one locked for the night opens again.
      if (lockedNow)
        before.push({
          kind: 'unlock',
          at,
          to: null,
          phase: next.phase?.name ?? null,
          text: 'Unlock the thread: the game is over.',
        });
    } else {
      if (ended) after.push({ kind: 'lock', at, to: null, phase: ended, text: `Lock the thread: ${ended} is over.` });
      if (started?.previous)
        before.push({
          kind: 'unlock',
          at,
          to: null,
          phase: started.day,
          text: `Unlock the thread: ${started.day} begins.`,
        });
    }
  }
  const out: DueDraft[] = before;
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
  out.push(...after);
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
