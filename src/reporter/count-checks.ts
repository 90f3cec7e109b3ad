import type { GameFile } from '../domain/game-file.js';
import { type Post, postTime } from '../domain/post.js';
import type { GameContext, VoteTarget } from '../machine/context.js';
import {
  type CountCheck,
  type CountDifference,
  checkCount,
  DEFAULT_CHECK_MARGIN_MS,
} from '../machine/house-rules/count-check.js';
import { isModerator } from '../machine/roster.js';
import { readsAsVoteCount } from '../parser/count-posts.js';
import { looksLikeCount, readWrittenCount } from '../parser/moderator-count.js';
import { foldOf } from './replay.js';

/** A post as the moderator knows it: `#453` (its number in the thread) where the dump gives one, else its id. */
export type PostLabel = (postId: string) => string;

/** Labels by the posts' numbers in the thread (`number`, where the dump gives one), else their ids. */
export function postLabels(posts: Post[]): PostLabel {
  const number = new Map<string, unknown>();
  for (const p of posts) if (!number.has(p.id)) number.set(p.id, p.number);
  return (id) => {
    const n = number.get(id);
    return typeof n === 'number' || typeof n === 'string' ? `#${n}` : id;
  };
}

/** `40 min`, `3½ h`, `2 days`: how long before the count a post went up. */
export function ageWords(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const halves = Math.floor(ms / 1_800_000);
  if (halves < 96) return `${Math.floor(halves / 2)}${halves % 2 ? '½' : ''} h`;
  const days = Math.floor(ms / 86_400_000);
  return `${days} days`;
}

/**
 * One difference in words, as the moderator reads it: "count #453 leaves out Ann's vote for Bob in #295, posted
 * 3½ h earlier"; "count #453 has Bob on Carl, but Bob unvoted in #440, 2 h earlier". Plain text: the page escapes it.
 */
export function differenceLine(ctx: GameContext, check: CountCheck, d: CountDifference, label: PostLabel): string {
  const name = (t: VoteTarget) => (t === 'no-lynch' ? 'no lynch' : (ctx.slots[t]?.name ?? `#${t}`));
  const list = (ts: VoteTarget[]) => (ts.length === 2 ? 'both ' : '') + ts.map(name).join(' and ');
  const voter = ctx.slots[d.voter]?.name ?? `#${d.voter}`;
  const count = `count ${label(check.post.id)}`;
  const e = d.explainedBy;
  const when = `${label(e.postId)}, ${ageWords(postTime(check.post) - e.at)} earlier`;
  const doubt = e.doubt ? ` (moddesk's reading is doubtful: ${e.doubt})` : '';
  if (d.moderator.length === 0) {
    const what = e.target === null ? 'vote' : `vote for ${name(e.target)}`;
    return `${count} leaves out ${voter}'s ${what} in ${label(e.postId)}, posted ${ageWords(postTime(check.post) - e.at)} earlier${doubt}`;
  }
  const has = `${count} has ${voter} on ${list(d.moderator)}`;
  if (e.target === null) return `${has}, but ${voter} unvoted in ${when}`;
  if (d.moddesk.length === 0)
    return `${has}, but moddesk counts no vote by ${voter}: their vote for ${name(e.target)} in ${when} was not counted`;
  if (d.moddesk.includes(e.target)) return `${has}, but ${voter} voted ${list(d.moddesk)} in ${when}${doubt}`;
  return `${has}, but moddesk has ${voter} on ${list(d.moddesk)} (last moved in ${when})${doubt}`;
}

/** Why a count was read only in part, in words: names that read nobody, lines whose number is not their voters'. */
export function partialReasons(check: CountCheck): string[] {
  return [
    ...check.unreadNames.map((n) => `"${n}" reads as nobody`),
    ...check.miscounted.map((l) => `"${l}" states a number other than the voters it lists`),
  ];
}

/** Every difference of a count in words, oldest count first. */
export function checkLines(ctx: GameContext, check: CountCheck, label: PostLabel): string[] {
  return check.differences.map((d) => differenceLine(ctx, check, d, label));
}

/** A moderator's count post checked, with the game just after it (for the names). */
export interface CheckedCount {
  context: GameContext;
  check: CountCheck;
}

/**
 * H-VC6: every count the moderators posted by hand in a day, compared with moddesk's count at that post, oldest
 * first: the game folded forward once, through each count post in turn.
 */
export function checkGameCounts(
  game: GameFile,
  posts: Post[],
  marginMs: number = DEFAULT_CHECK_MARGIN_MS,
): CheckedCount[] {
  const fold = foldOf(game, posts);
  const out: CheckedCount[] = [];
  const seen = new Set<string>();
  for (const post of posts) {
    if (post.channel !== 'thread' || seen.has(post.id)) continue;
    seen.add(post.id);
    if (!isModerator(fold.state().context, post.author)) continue;
    if (!readsAsVoteCount(post.html) && !looksLikeCount(readWrittenCount(post.html))) continue;
    const { context } = fold.advanceThrough(post.id);
    if (context.phase?.kind !== 'day') continue;
    out.push({ context, check: checkCount(context, post, marginMs) });
  }
  return out;
}
