import type { ExtractedAction, NameMatch } from '../domain/action.js';
import { quote } from '../domain/errors.js';
import { replaceTags } from '../domain/tags.js';
import type { GameContext, ReceivedPost } from './context.js';
import { addFlag, postFlag } from './flags.js';
import { authorRunnerUp, normName } from './roster.js';

/** The flags receivePost raises about a post as a whole, or about a reading a mod may not share. */

/**
 * A vote applied on a reading a mod may not share: a near spelling (`target-guessed`), or a replaced player's old
 * name (`target-former-name`: interfaces §3 lets both names resolve to the slot; some mods refuse such votes).
 */
export function flagDoubtfulTarget(
  ctx: GameContext,
  rp: ReceivedPost,
  match: Extract<NameMatch, { kind: 'player' }>,
  argument: string,
  voter: string,
): GameContext {
  const slot = ctx.slots[match.slot]!;
  const target = { argument, reading: slot.name };
  const flag = (code: string, message: string) => addFlag(ctx, postFlag(rp.post, rp.at, code, message, voter, target));
  if (match.folded) {
    return flag(
      'target-normalized',
      `Read ${quote(argument)} as ${slot.name} only after removing invisible characters or folding look-alike letters.`,
    );
  }
  if (match.doubt) return flag('target-guessed', doubtMessage(ctx, match, argument));
  const said = normName(argument);
  if (slot.formerNames.some((n) => normName(n) === said)) {
    return flag(
      'target-former-name',
      `${quote(argument)} was replaced by ${slot.name}; counted as a vote on ${slot.name}.`,
    );
  }
  return ctx;
}

/**
 * `Read "alem" as Alenimar (nearest spelling, 1 edit away; runner-up Ozzymond, 3 more).`: the runner-up is what the
 * ladder reads with the player read left out (its margin in edits when both are spellings). Also used for PM actions.
 */
export function doubtMessage(
  ctx: GameContext,
  match: Extract<NameMatch, { kind: 'player' }>,
  argument: string,
): string {
  const d = match.doubt;
  const name = ctx.slots[match.slot]?.name ?? '?';
  const runnerUp =
    d?.runnerUp === undefined
      ? '; no other player reads so'
      : `; runner-up ${ctx.slots[d.runnerUp]?.name ?? '?'}${d.margin === undefined ? '' : `, ${d.margin} more`}`;
  return `Read ${quote(argument)} as ${name} (${d?.reason ?? 'a guess'}${runnerUp}). Add it as an alias of ${name} to confirm.`;
}

/** Once per author: the mod confirms the reading by adding the author as an alias (or rules otherwise). */
export function flagGuessedAuthor(ctx: GameContext, rp: ReceivedPost, slot: number): GameContext {
  if (ctx.flags.some((f) => f.code === 'author-guessed' && f.actor === rp.post.author)) return ctx;
  const name = ctx.slots[slot]?.name ?? '?';
  const second = authorRunnerUp(ctx.slots, rp.post.author, slot);
  const runnerUp = second === null ? '; no other player reads so' : `; runner-up ${ctx.slots[second]?.name ?? '?'}`;
  const message = `${rp.post.author} is not on the player list; read as ${name} (a renamed account?${runnerUp}). Add "${rp.post.author}" to ${name}'s aliases to confirm.`;
  return addFlag(ctx, postFlag(rp.post, rp.at, 'author-guessed', message, rp.post.author));
}

export function flagFormerPlayer(ctx: GameContext, rp: ReceivedPost, slot: number): GameContext {
  const name = ctx.slots[slot]?.name ?? '?';
  const message = `${rp.post.author} was replaced by ${name}, who has not acted in the thread yet: counted for the slot. Rule the post ignored if the handover was already done.`;
  return addFlag(ctx, postFlag(rp.post, rp.at, 'vote-by-former-player', message, rp.post.author));
}

export function flagEdited(ctx: GameContext, rp: ReceivedPost, action: ExtractedAction): GameContext {
  return addFlag(
    ctx,
    postFlag(
      rp.post,
      rp.at,
      'edited-action',
      `Action added by an edit is not applied: ${quote(action.text)}`,
      rp.post.author,
    ),
  );
}

export function flagModPost(ctx: GameContext, rp: ReceivedPost): GameContext {
  const pattern = ctx.setup.options.phasePost;
  if (!pattern || rp.version !== 'first' || rp.post.channel !== 'thread') return ctx;
  const text = replaceTags(rp.post.html, ' ');
  if (!pattern.test(text)) return ctx;
  return addFlag(
    ctx,
    postFlag(
      rp.post,
      rp.at,
      'phase-post',
      `The mod's post looks like a phase post; add an \`end\` event if it ends ${ctx.phase?.name ?? 'the phase'}.`,
      rp.post.author,
    ),
  );
}
