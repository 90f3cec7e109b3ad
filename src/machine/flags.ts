import type { Post } from '../domain/post.js';
import type { Instant } from '../domain/time.js';
import type { Flag, GameContext } from './context.js';

export function addFlag(ctx: GameContext, flag: Flag): GameContext {
  return { ...ctx, flags: [...ctx.flags, flag] };
}

/** A flag about a post: the post's id, link and time are filled in. */
export function postFlag(
  post: Post,
  at: Instant,
  code: string,
  message: string,
  actor: string | null,
  target?: { argument: string; reading?: string },
): Flag {
  const flag: Flag = { postId: post.id, code, actor, message, at };
  if (post.url) flag.url = post.url;
  if (target?.argument) flag.argument = target.argument;
  if (target?.reading) flag.reading = target.reading;
  return flag;
}
