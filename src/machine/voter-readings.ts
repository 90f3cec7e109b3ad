import type { ExtractedAction, NameMatch } from '../domain/action.js';
import { quote } from '../domain/errors.js';
import { resolveName } from '../parser/resolve-name.js';
import type { GameContext } from './context.js';
import { isDayOpen } from './death-rules.js';
import { nameIndex, replaceSlot, resolveTarget, slotOfFormerName, withoutFormerNames } from './roster.js';

const VOTE_KINDS = new Set(['vote', 'unvote']);

/** Which post's vote counts for whom, beyond the letter of R-V5 (docs/readings.md P1, P2). */

/**
 * P1: a replaced player who still votes before the replacement has acted in the thread (the mod's announcement
 * often comes first, the handover later): the vote counts for the slot, flagged.
 */
export function formerPlayerSlot(ctx: GameContext, author: string): number | null {
  if (ctx.setup.options.voteReading.formerPlayerVotes === 'refuse') return null;
  const former = slotOfFormerName(ctx.slots, author);
  if (!former || former.heardFrom === former.name) return null;
  return former.index;
}

export function markHeardFrom(ctx: GameContext, slot: number): GameContext {
  const s = ctx.slots[slot];
  if (!s || s.formerNames.length === 0 || s.heardFrom === s.name) return ctx;
  return { ...ctx, slots: replaceSlot(ctx.slots, slot, { heardFrom: s.name }) };
}

/**
 * P2: the post's last vote counts, unless it names nobody and an earlier vote of the same post does name a
 * player (`Vote: lynch X` then a remark that starts with `vote`): the earlier one counts, and the unreadable one
 * is still flagged when it is applied.
 */
export function lastReadableVote(ctx: GameContext, actions: readonly ExtractedAction[]): number {
  const last = actions.findLastIndex((a) => VOTE_KINDS.has(a.kind));
  const hopeless = (a: ExtractedAction) =>
    a.kind === 'vote' && !a.noLynch && resolveTarget(ctx, a.argument ?? '').kind === 'unknown';
  if (last < 0 || !hopeless(actions[last] as ExtractedAction)) return last;
  for (let i = last - 1; i >= 0; i -= 1) {
    const a = actions[i] as ExtractedAction;
    if (a.kind === 'unvote') return last;
    if (a.kind === 'vote' && !hopeless(a)) return i;
  }
  return last;
}

/**
 * `voteReading.replacedNames: refuse` (one moderator's rule: "X is not a player in this game at this time"): a vote
 * that reads its slot only through a replaced player's name is not counted. By default it counts for the slot
 * (interfaces §3), as the moderators of 25 such votes in the 66 corpus games did.
 */
export function replacedNameProblem(
  ctx: GameContext,
  match: NameMatch,
  argument: string,
): { code: string; message: string } | null {
  if (ctx.setup.options.voteReading.replacedNames !== 'refuse' || match.kind !== 'player') return null;
  const slot = ctx.slots[match.slot];
  if (!slot || slot.formerNames.length === 0) return null;
  const now = resolveName(argument, nameIndex(withoutFormerNames(ctx.slots)));
  if (now.kind === 'player' && now.slot === match.slot) return null;
  return {
    code: 'target-replaced',
    message: `${quote(argument)} names a player since replaced by ${slot.name}; this game does not count votes on a replaced player (voteReading.replacedNames: refuse).`,
  };
}

/**
 * Issue 28 item 3: an author on no slot whose name still reads as one living player by the ladder (a step too loose
 * to take the author as that player, P3): the post's vote would count were the account that player's (a hydra's head
 * posting from their own account, P8; a renamed account), so its `vote-not-player` flag names the player and how to
 * list the account. Null when the name reads nobody, or the vote could not count anyway.
 */
export function unlistedAuthorReading(ctx: GameContext, author: string): { slot: number; message: string } | null {
  if (!isDayOpen(ctx) || slotOfFormerName(ctx.slots, author)) return null;
  const match = resolveName(author, nameIndex(withoutFormerNames(ctx.slots)));
  if (match.kind !== 'player' || !ctx.slots[match.slot]?.alive) return null;
  const name = ctx.slots[match.slot]?.name ?? '?';
  const how = match.doubt?.reason ?? `by its ${match.via}`;
  return {
    slot: match.slot,
    message: `Its name reads as ${name} (${how}): if this account posts for ${name} (a hydra's head, a renamed account), list it under ${name}'s accounts in the game file and its votes count.`,
  };
}
