import type { Post } from '../domain/post.js';
import type { Instant } from '../domain/time.js';
import type { Flag, GameContext } from './context.js';

export function addFlag(ctx: GameContext, flag: Flag): GameContext {
  return { ...ctx, flags: [...ctx.flags, flag] };
}

/** A flag about a post: the post's id, link and time are filled in. */
export function postFlag(post: Post, at: Instant, code: string, message: string, actor: string | null): Flag {
  const flag: Flag = { postId: post.id, code, actor, message, at };
  if (post.url) flag.url = post.url;
  return flag;
}
