import { type Post, postTime } from '../../domain/post.js';
import type { Instant } from '../../domain/time.js';
import { asksForCount, readsAsVoteCount } from '../../parser/count-posts.js';
import type { GameContext, VoteTarget } from '../context.js';
import { isModerator } from '../roster.js';
import { weightedTally } from '../votes.js';

/** A thread post of the current day up to `at` (inclusive), in thread order. */
function dayPosts(ctx: GameContext, posts: Post[], at: Instant): Post[] {
  const phase = ctx.phase;
  if (phase?.kind !== 'day') return [];
  return posts.filter((p) => {
    const t = postTime(p);
    return p.channel === 'thread' && t >= phase.startedAt && t <= at;
  });
}

/**
 * What a post's text says, read once per post object: `state` asks at every cut of a day and the desk at every count,
 * each time of every post of the day so far, and a post is a fact nobody changes.
 */
function oncePerPost<T>(read: (html: string) => T): (post: Post) => T {
  const known = new WeakMap<Post, T>();
  return (post) => {
    if (known.has(post)) return known.get(post) as T;
    const said = read(post.html);
    known.set(post, said);
    return said;
  };
}

const readsAsCount = oncePerPost(readsAsVoteCount);
/** H-CR1: the bold text of a post asking for a vote count, or null (`asksForCount`, read once per post). */
export const askedForCount = oncePerPost(asksForCount);

/** H-VC4: the moderator's vote-count posts in the current day up to `at`, oldest first (one per post id). */
export function countPostsToday(ctx: GameContext, posts: Post[], at: Instant): Post[] {
  const seen = new Set<string>();
  return dayPosts(ctx, posts, at).filter((p) => {
    if (seen.has(p.id) || !isModerator(ctx, p.author) || !readsAsCount(p)) return false;
    seen.add(p.id);
    return true;
  });
}

export interface CountRequest {
  post: Post;
  /** The bold text that asked. */
  text: string;
}

/** H-CR1: players' posts in the current day up to `at` asking for a count (the first version of each post). */
export function countRequestsToday(ctx: GameContext, posts: Post[], at: Instant): CountRequest[] {
  if (!ctx.setup.options.countRequests) return [];
  const seen = new Set<string>();
  const out: CountRequest[] = [];
  for (const post of dayPosts(ctx, posts, at)) {
    if (seen.has(post.id) || isModerator(ctx, post.author)) continue;
    seen.add(post.id);
    const text = askedForCount(post);
    if (text !== null) out.push({ post, text });
  }
  return out;
}

/** Where each voting slot's votes stand (a split voter's several targets, H-VM7): slot → targets. */
export type VotePositions = Record<number, VoteTarget[]>;

export function positionsOf(ctx: GameContext): VotePositions {
  const out: VotePositions = {};
  if (!ctx.day) return out;
  const t = weightedTally(ctx, ctx.day);
  const add = (voter: number, target: VoteTarget) => {
    out[voter] = [...(out[voter] ?? []), target];
  };
  for (const w of t.wagons) for (const v of w.voters) add(v, w.target);
  for (const v of t.noLynch.voters) add(v, 'no-lynch');
  return out;
}

export interface VoteChange {
  voter: number;
  from: VoteTarget[];
  to: VoteTarget[];
}

/**
 * H-VC1: who moved where between two counts of the same day: each slot whose targets differ, in the order of
 * their latest vote or unvote of the day (a reset or a death moves votes with no post: those come last, by slot).
 */
export function changesBetween(ctx: GameContext, before: VotePositions, after: VotePositions): VoteChange[] {
  const slots = new Set([...Object.keys(before), ...Object.keys(after)].map(Number));
  const key = (ts: VoteTarget[] | undefined) => JSON.stringify([...(ts ?? [])].map(String).sort());
  const lastMove = new Map<number, number>();
  for (const [i, h] of (ctx.day?.history ?? []).entries()) lastMove.set(h.voter, i);
  return [...slots]
    .filter((s) => key(before[s]) !== key(after[s]))
    .sort((a, b) => (lastMove.get(a) ?? Infinity) - (lastMove.get(b) ?? Infinity) || a - b)
    .map((voter) => ({ voter, from: before[voter] ?? [], to: after[voter] ?? [] }));
}

export interface CountRecord {
  /** The moderator's count posts of the day so far, oldest first. */
  countPosts: Post[];
  /** The latest of them and where the votes stood just after it (positions only when changes are shown). */
  last: { post: Post; positions: VotePositions } | null;
}

/** The day's count posts and the last one's vote positions (`ctxThrough`: the game just after a post). */
export function countRecord(
  ctx: GameContext,
  posts: Post[],
  at: Instant,
  ctxThrough: (post: Post) => GameContext,
): CountRecord {
  const countPosts = countPostsToday(ctx, posts, at);
  const post = countPosts.at(-1);
  const wanted = ctx.setup.options.voteCount.changes;
  return { countPosts, last: post ? { post, positions: wanted ? positionsOf(ctxThrough(post)) : {} } : null };
}
