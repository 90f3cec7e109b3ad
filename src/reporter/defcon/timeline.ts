import type { GameFile } from '../../domain/game-file.js';
import type { Post } from '../../domain/post.js';
import type { Instant } from '../../domain/time.js';
import type { GameContext } from '../../machine/context.js';
import { GameFold } from '../../machine/fold.js';
import { defconRuleset } from '../../machine/rulesets/defcon/index.js';
import type { Markup } from '../markup.js';
import { type DefconDraft, defconDrafts } from './drafts.js';

/**
 * The drafts a watching desk would have produced over a whole game, in order: each state where something
 * happens compared with the one before (defconDrafts).
 */
export function defconDraftTimeline(game: GameFile, posts: Post[], until: Instant, mk: Markup): DefconDraft[] {
  return draftsOver(statesOver(game, posts, until), mk);
}

/** The game's state at each instant where something can happen, up to `until`: one walk of the fold. */
export function statesOver(game: GameFile, posts: Post[], until: Instant): { at: Instant; ctx: GameContext }[] {
  return [...new GameFold(defconRuleset, game, posts).steps(until)].map((s) => ({ at: s.at, ctx: s.context }));
}

export function draftsOver(states: { at: Instant; ctx: GameContext }[], mk: Markup): DefconDraft[] {
  const drafts: DefconDraft[] = [];
  let prev: GameContext | null = null;
  for (const { at, ctx } of states) {
    drafts.push(...defconDrafts(prev, ctx, at, mk));
    prev = ctx;
  }
  return drafts;
}
