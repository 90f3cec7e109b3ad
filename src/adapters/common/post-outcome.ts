import { ModdeskError } from '../../domain/errors.js';

/**
 * A sink's failure that surely posted nothing: the platform refused in words (flood, a locked thread, a refused
 * login) or the try stopped before anything was sent. Any other failure may have posted (the answer was lost, the
 * board answered 5xx after storing it): the desk then looks for the post in its own read of the thread, from
 * after the try, before it ever tries again (src/app/draft-actions.ts).
 */
export class NotPosted extends ModdeskError {
  readonly notPosted = true;
}

export const surelyNotPosted = (err: unknown): boolean =>
  err instanceof ModdeskError && (err as { notPosted?: unknown }).notPosted === true;
