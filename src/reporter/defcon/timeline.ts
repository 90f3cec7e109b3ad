import type { GameFile } from '../../domain/game-file.js';
import type { Post } from '../../domain/post.js';
import type { Instant } from '../../domain/time.js';
import type { GameContext } from '../../machine/context.js';
import { replay } from '../../machine/replay.js';
import { dx } from '../../machine/rulesets/defcon/state.js';
import type { Markup } from '../markup.js';
import { type DefconDraft, defconDrafts } from './drafts.js';

/** Every instant at which something can happen: posts, phase starts and deadlines, missile marks and landings. */
function instants(game: GameFile, posts: Post[], last: GameContext, until: Instant): Instant[] {
  const set = new Set<Instant>();
  const seen = new Set<string>();
  for (const p of posts) {
    set.add(Date.parse(seen.has(p.id) && p.editedAt ? p.editedAt : p.createdAt));
    seen.add(p.id);
  }
  for (const p of last.setup.phases) {
    set.add(p.start);
    if (p.deadline !== null) set.add(p.deadline);
  }
  for (const m of last.missiles) for (const t of [m.launchedAt, m.markAt, m.landsAt]) set.add(t);
  for (const w of dx(last).doomsday) set.add(w.closesAt);
  for (const e of game.events) if ('at' in e && e.at) set.add(Date.parse(e.at));
  return [...set].filter((t) => t <= until).sort((a, b) => a - b);
}

/**
 * The drafts a watching desk would have produced over a whole game, in order: the game replayed at each
 * instant where something can happen, each state compared with the one before (defconDrafts).
 */
export function defconDraftTimeline(game: GameFile, posts: Post[], until: Instant, mk: Markup): DefconDraft[] {
  return draftsOver(statesOver(game, posts, until), mk);
}

/** The game's state at each instant where something can happen, up to `until`. */
export function statesOver(game: GameFile, posts: Post[], until: Instant): { at: Instant; ctx: GameContext }[] {
  const last = replay(game, posts, { at: until }).context;
  return instants(game, posts, last, until).map((at) => ({ at, ctx: replay(game, posts, { at }).context }));
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
