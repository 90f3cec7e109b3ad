import type { ExtractedAction, NameMatch } from '../domain/action.js';
import { quote } from '../domain/errors.js';
import type { GameContext, ReceivedPost, Slot, VoteTarget } from './context.js';
import { isDayOpen } from './death-rules.js';
import { addFlag, postFlag } from './flags.js';
import { flagEarlierHammer, hammerDoubt, holdDoubtfulHammer } from './held-hammer.js';
import { resetByModPost } from './house-rules/mid-day-events.js';
import { canSplit, voteWeight } from './house-rules/modifiers.js';
import { castSplitVote } from './house-rules/split-vote.js';
import { houseVoteProblem } from './house-rules/vote-rules.js';
import {
  doubtMessage,
  flagDoubtfulTarget,
  flagEdited,
  flagFormerPlayer,
  flagGuessedAuthor,
  flagModPost,
} from './post-flags.js';
import { guessAuthor, isModerator, resolveTarget, slotOfAuthor, slotOfFormerName } from './roster.js';
import type { Ruleset } from './ruleset.js';
import { RULED_PREFIX, refusedForm, voteReading } from './vote-reading.js';
import {
  formerPlayerSlot,
  lastReadableVote,
  markHeardFrom,
  replacedNameProblem,
  unlistedAuthorReading,
} from './voter-readings.js';
import { setVote } from './votes.js';

/** The mod's ruling on one post (interfaces §3 events `{post, ignore}` / `{post, vote}`). */
export interface PostRuling {
  ignore?: boolean;
  vote?: string;
}

const VOTE_KINDS = new Set(['vote', 'unvote']);

/** A post version arrives: votes are checked (R-V5) and applied while the day is open; other actions go to the ruleset. */
export function receivePost(
  ctx: GameContext,
  ruleset: Ruleset,
  rp: ReceivedPost,
  ruling: PostRuling | null,
): GameContext {
  const { post } = rp;
  if (isModerator(ctx, post.author)) return flagModPost(ruling?.ignore ? ctx : resetByModPost(ctx, rp), rp);
  if (ruling?.ignore) return ctx;
  let next = ctx;
  for (const d of rp.diagnostics)
    next = addFlag(next, postFlag(post, rp.at, d.code, `${d.message} ${quote(d.text)}`, post.author));
  let actor = slotOfAuthor(ctx.slots, post.author);
  if (actor === null && rp.actions.length > 0) {
    actor = guessAuthor(ctx.slots, post.author);
    if (actor !== null) next = flagGuessedAuthor(next, rp, actor);
    else if (post.channel === 'thread') {
      actor = formerPlayerSlot(ctx, post.author);
      if (actor !== null) next = flagFormerPlayer(next, rp, actor);
    }
  } else if (actor !== null && post.channel === 'thread' && rp.actions.length > 0) {
    next = markHeardFrom(next, actor);
  }
  const profile = ctx.setup.options.voteReading;
  const kept: ExtractedAction[] = [];
  for (const a of rp.actions) {
    const why = refusedForm(a, profile);
    if (why)
      next = addFlag(
        next,
        postFlag(post, rp.at, 'vote-form-refused', `${why}: not counted. ${quote(a.text)}`, post.author),
      );
    else kept.push(a);
  }
  const actions = withRuling(kept, ruling, post.channel);
  if (rp.unverifiedEdit) {
    for (const a of actions) {
      next = addFlag(
        next,
        postFlag(
          post,
          rp.at,
          'edited-unverified',
          `Post was edited (${post.editedAt}); counted as it reads now: ${quote(a.text)}`,
          post.author,
        ),
      );
    }
  }
  if (post.channel === 'thread') {
    const last = lastReadableVote(ctx, actions);
    const lastVote = actions[last];
    const skipped = actions.findLastIndex((a) => VOTE_KINDS.has(a.kind));
    if (skipped > last && rp.version !== 'edit') {
      const a = actions[skipped] as ExtractedAction;
      const message = `${quote(a.argument ?? '')} names no player; the post's earlier vote counts instead. ${quote(a.text)}`;
      next = addFlag(
        next,
        postFlag(post, rp.at, 'target-unknown', message, post.author, { argument: a.argument ?? '' }),
      );
    }
    const unvotedFirst = actions.slice(0, last).some((a) => a.kind === 'unvote');
    if (lastVote && rp.version === 'edit') next = flagEdited(next, rp, lastVote);
    else if (lastVote) {
      if (actor !== null && voterProblem(next, actor, post.author) === null)
        next = flagEarlierHammer(next, rp, actor, actions, last);
      next = applyVote(next, rp, actor, lastVote, unvotedFirst, skipped > last);
    }
  }
  for (const action of actions) {
    if (VOTE_KINDS.has(action.kind)) continue;
    if (rp.version === 'edit') {
      next = flagEdited(next, rp, action);
      continue;
    }
    next = ruleset.onAction(next, { post, at: rp.at, actor, action, edited: false });
  }
  return next;
}

function withRuling(actions: ExtractedAction[], ruling: PostRuling | null, channel: string): ExtractedAction[] {
  if (!ruling?.vote || channel !== 'thread') return actions;
  const ruled: ExtractedAction = {
    kind: 'vote',
    argument: ruling.vote,
    noLynch: false,
    form: 'bold',
    text: `${RULED_PREFIX}Vote: ${ruling.vote}`,
  };
  const i = actions.findLastIndex((a) => VOTE_KINDS.has(a.kind));
  if (i < 0) return [...actions, ruled];
  return actions.map((a, j) => (j === i ? ruled : a));
}

/** The first R-V5 code that applies to a vote or unvote by `actor`, or null when it may be applied. */
export function voterProblem(
  ctx: GameContext,
  actor: number | null,
  author: string,
): { code: string; message: string } | null {
  if (actor === null) {
    const former = slotOfFormerName(ctx.slots, author);
    const why = former ? `${author} was replaced by ${former.name}` : `${author} is not in the player list`;
    return { code: 'vote-not-player', message: `${why}; the vote is not counted.` };
  }
  const slot = ctx.slots[actor] as Slot;
  if (!slot.alive) return { code: 'actor-dead', message: `${slot.name} is dead; dead players cannot vote.` };
  const votingDayStarted = ctx.day !== null;
  if (!votingDayStarted)
    return {
      code: 'vote-wrong-phase',
      message: `No voting day has started yet (${ctx.phase?.name ?? 'before the first phase'}).`,
    };
  if (!isDayOpen(ctx)) {
    const ended =
      ctx.phase?.kind === 'day'
        ? `${ctx.phase.name} has ended`
        : `${ctx.day?.day} has ended and it is ${ctx.phase?.name}`;
    return { code: 'vote-after-day-end', message: `${ended}; the vote is not counted.` };
  }
  return null;
}

export function targetProblem(
  ctx: GameContext,
  match: NameMatch,
  argument: string,
): { code: string; message: string } | null {
  if (match.kind === 'unknown') return { code: 'target-unknown', message: `${quote(argument)} names no player.` };
  if (match.kind === 'ambiguous') {
    const names = match.slots.map((s) => ctx.slots[s]?.name).join(', ');
    return { code: 'target-ambiguous', message: `${quote(argument)} could be any of: ${names}.` };
  }
  if (match.kind === 'player' && !ctx.slots[match.slot]?.alive) {
    return { code: 'target-dead', message: `${quote(argument)} is ${ctx.slots[match.slot]?.name}, who is dead.` };
  }
  return null;
}

function applyVote(
  ctx: GameContext,
  rp: ReceivedPost,
  actor: number | null,
  action: ExtractedAction,
  unvotedFirst: boolean,
  laterVoteUnread = false,
): GameContext {
  const { post, at } = rp;
  const problem = voterProblem(ctx, actor, post.author);
  if (problem) {
    const unlisted = problem.code === 'vote-not-player' ? unlistedAuthorReading(ctx, post.author) : null;
    const message = [problem.message, unlisted?.message, quote(action.text)].filter(Boolean).join(' ');
    const said = unlisted ? { argument: post.author, reading: ctx.slots[unlisted.slot]?.name } : undefined;
    return addFlag(ctx, postFlag(post, at, problem.code, message, post.author, said));
  }
  const voter = actor as number;
  const day = ctx.day!;
  const voterName = ctx.slots[voter]!.name;
  let target: VoteTarget | null = null;
  let match: NameMatch | null = null;
  if (action.kind === 'vote') {
    if (action.noLynch) target = 'no-lynch';
    else {
      const argument = action.argument ?? '';
      match = argument ? resolveTarget(ctx, argument, action.bracketed) : { kind: 'unknown' };
      if (match.kind === 'player' && action.hidden) match = { ...match, folded: true };
      const bad = targetProblem(ctx, match, argument) ?? replacedNameProblem(ctx, match, argument);
      const said = { argument, reading: match.kind === 'player' ? ctx.slots[match.slot]?.name : undefined };
      if (bad)
        return addFlag(ctx, postFlag(post, at, bad.code, `${bad.message} ${quote(action.text)}`, voterName, said));
      if (match.kind === 'player' && match.doubt && ctx.setup.options.voteReading.names === 'strict') {
        const message = `${doubtMessage(ctx, match, argument)} Not counted: this game reads names strictly. ${quote(action.text)}`;
        return addFlag(ctx, postFlag(post, at, 'target-doubtful', message, voterName, said));
      }
      target = match.kind === 'player' ? match.slot : match.kind === 'no-lynch' ? 'no-lynch' : null;
      if (match.kind === 'player') ctx = flagDoubtfulTarget(ctx, rp, match, argument, voterName);
    }
  }
  const current = day.votes[voter] ?? null;
  if (target === null && current === null) return ctx;
  const seq = ctx.seq + 1;
  const former =
    slotOfAuthor(ctx.slots, post.author) !== voter && slotOfFormerName(ctx.slots, post.author)?.index === voter;
  const vote =
    target === null ? null : { target, postId: post.id, at, seq, reading: voteReading(action, match, former) };
  const authorDoubt = { guessed: slotOfAuthor(ctx.slots, post.author) !== voter && !former, laterVoteUnread };
  const doubt = vote ? hammerDoubt(ctx, vote, match, authorDoubt) : null;
  if (target !== null && current?.target === target) {
    // R-V3: a re-vote changes nothing, but a sure re-vote lifts the hold on a doubtful one (the day may end here).
    if (!current.held || doubt !== null) return ctx;
    const { held: _held, ...sure } = current;
    return { ...ctx, day: setVote(day, voter, sure) };
  }
  const house = houseVoteProblem(ctx, voter, target, current);
  if (house) return addFlag(ctx, postFlag(post, at, house.code, `${house.message} ${quote(action.text)}`, voterName));
  if (target !== null && current !== null && ctx.setup.options.unvoteRequired && !unvotedFirst) {
    const message = `This game requires an Unvote before a new vote; ${voterName}'s vote stays where it was. ${quote(action.text)}`;
    return addFlag(ctx, postFlag(post, at, 'vote-without-unvote', message, voterName));
  }
  if (action.misspelt) {
    const message = `Read ${quote(action.misspelt)} as ${action.kind === 'vote' ? 'Vote' : 'Unvote'} (the action word misspelt or in another form). ${quote(action.text)}`;
    ctx = addFlag(ctx, postFlag(post, at, 'action-misspelt', message, voterName));
  }
  const cast =
    vote && canSplit(ctx, voter) ? castSplitVote(day, voter, vote, voteWeight(ctx, voter)) : setVote(day, voter, vote);
  if (!cast) return ctx; // H-VM7: a split voter re-voting a player they already vote
  const history = [...day.history, { voter, target, postId: post.id, at, ...(post.url ? { url: post.url } : {}) }];
  const next = { ...ctx, seq, day: { ...cast, history } };
  return doubt === null ? next : holdDoubtfulHammer(next, rp, voter, action, doubt);
}
