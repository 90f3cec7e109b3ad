import type { ExtractedAction, NameMatch } from '../domain/action.js';
import { quote } from '../domain/errors.js';
import { HAMMER_EARLIER_VOTE, HAMMER_NEEDS_RULING } from '../domain/state.js';
import type { GameContext, ReceivedPost, Vote, VoteTarget } from './context.js';
import { isDayOpen } from './death-rules.js';
import { addFlag, postFlag } from './flags.js';
import { houseVoteProblem } from './house-rules/vote-rules.js';
import { normName, resolveTarget } from './roster.js';
import { decidedOption, setVote, thresholdFor, weightedTally } from './votes.js';

/**
 * Never end a day on a doubt (docs/flag-codes.md `hammer-needs-ruling`, `hammer-earlier-vote`). A vote read with
 * less than full confidence that would end the day is held: it stands in the count, but the day stays open
 * (`decidedOption` leaves held votes out) until the moderator rules on its post in the game file: a vote ruling
 * (`{post, vote}`, "count it") reads it as sure and the day ends at that post; an ignore ruling ("not") leaves it
 * uncounted. A later sure vote that carries the wagon past the threshold without it still ends the day.
 */

/** Why a counted vote is not sure enough to end a day by itself, or null when it is. */
export function hammerDoubt(
  ctx: GameContext,
  vote: Vote,
  match: NameMatch | null,
  author: { guessed: boolean; laterVoteUnread: boolean },
): string | null {
  const r = vote.reading;
  if (r?.via === 'ruling') return null;
  const why: string[] = [];
  if (r?.confidence === 'doubtful')
    why.push(r.reason ?? (r.formerPlayer ? 'cast by a replaced player' : 'a doubtful reading'));
  if (match?.kind === 'player' && r) {
    const said = normName(r.argument);
    if (said !== '' && ctx.slots[match.slot]?.formerNames.some((n) => normName(n) === said))
      why.push(`a replaced player's name (now ${ctx.slots[match.slot]?.name})`);
  }
  if (author.guessed) why.push('the author is not on the player list (read as a renamed account)');
  if (author.laterVoteUnread) why.push("the post's last vote names nobody, so its earlier vote was read");
  return why.length ? why.join('; ') : null;
}

/**
 * After a doubtful vote is cast: when it is what makes an option reach its threshold, it is marked held and the
 * moderator is asked, in words, who voted, what they wrote, what it was read as, what came second, and that the
 * day would end on it.
 */
export function holdDoubtfulHammer(
  ctx: GameContext,
  rp: ReceivedPost,
  voter: number,
  action: ExtractedAction,
  doubt: string,
): GameContext {
  const day = ctx.day;
  const vote = day?.votes[voter];
  if (!day || !vote || !isDayOpen(ctx) || decidedOption(ctx) === null) return ctx;
  const votes = day.votes.slice();
  votes[voter] = { ...vote, held: true };
  const held = { ...ctx, day: { ...day, votes } };
  return addFlag(
    held,
    postFlag(
      rp.post,
      rp.at,
      HAMMER_NEEDS_RULING,
      heldMessage(held, voter, vote, action, doubt),
      ctx.slots[voter]!.name,
      {
        argument: vote.reading?.argument || (action.argument ?? ''),
        reading: targetName(ctx, vote.target),
      },
    ),
  );
}

function heldMessage(ctx: GameContext, voter: number, vote: Vote, action: ExtractedAction, doubt: string): string {
  const target = targetName(ctx, vote.target);
  const r = vote.reading;
  const second =
    r?.runnerUp === undefined
      ? 'no other player came close'
      : `${ctx.slots[r.runnerUp]?.name ?? '?'} came second${r.margin === undefined ? '' : ` (${r.margin} more edit${r.margin === 1 ? '' : 's'} away)`}`;
  const wagon = weightedTally(ctx, ctx.day!).wagons.find((w) => w.target === vote.target);
  const needed = typeof vote.target === 'number' ? thresholdFor(ctx, vote.target) : null;
  const reach = wagon && needed !== null ? ` with ${wagon.count} of ${needed} votes` : '';
  return (
    `${ctx.slots[voter]!.name} wrote ${quote(action.text)}, read as a vote for ${target} (${doubt}); ${second}. ` +
    `This vote would end ${ctx.day!.day}${reach}, so the day stays open until you rule: count it (the day ends at this post) or not (the vote is not counted).`
  );
}

const targetName = (ctx: GameContext, t: VoteTarget) => (t === 'no-lynch' ? 'no lynch' : (ctx.slots[t]?.name ?? '?'));

/**
 * A post with several votes is read as its last one (R-V1: a new vote replaces the old); when an earlier vote in
 * it would already have reached the threshold, the moderator is asked instead of the earlier vote being dropped
 * silently: a vote ruling for the earlier target ends the day at that post.
 */
export function flagEarlierHammer(
  ctx: GameContext,
  rp: ReceivedPost,
  voter: number,
  actions: readonly ExtractedAction[],
  applied: number,
): GameContext {
  if (!isDayOpen(ctx)) return ctx;
  const last = actions[applied];
  const lastTarget = last?.kind === 'vote' ? readTarget(ctx, last) : null;
  for (let i = 0; i < applied; i += 1) {
    const a = actions[i] as ExtractedAction;
    if (a.kind !== 'vote') continue;
    const target = readTarget(ctx, a);
    if (target === null || target === lastTarget || ctx.day?.votes[voter]?.target === target) continue;
    if (houseVoteProblem(ctx, voter, target, ctx.day?.votes[voter] ?? null)) continue;
    const trial = {
      ...ctx,
      day: setVote(ctx.day!, voter, { target, postId: rp.post.id, at: rp.at, seq: ctx.seq + 1 }),
    };
    if (decidedOption(trial) === null) continue;
    const name = targetName(ctx, target);
    const message =
      `${ctx.slots[voter]!.name}'s post votes ${quote(a.text)} before ${last ? quote(last.text) : 'a later vote'}: ` +
      `the earlier vote would have ended ${ctx.day!.day} on ${name} before the later one replaced it. Read as the last vote; ` +
      `count the earlier one to end the day at this post.`;
    return addFlag(
      ctx,
      postFlag(rp.post, rp.at, HAMMER_EARLIER_VOTE, message, ctx.slots[voter]!.name, {
        argument: a.argument ?? '',
        reading: name,
      }),
    );
  }
  return ctx;
}

function readTarget(ctx: GameContext, a: ExtractedAction): VoteTarget | null {
  if (a.noLynch) return 'no-lynch';
  const match = a.argument ? resolveTarget(ctx, a.argument, a.bracketed) : null;
  if (match?.kind !== 'player' || !ctx.slots[match.slot]?.alive) return null;
  return match.slot;
}
