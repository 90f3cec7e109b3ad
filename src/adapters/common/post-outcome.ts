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

/**
 * Surely nothing was done, and trying again will not change that: the account may not do it (no permission, the
 * edit time is over) or the post lacks moddesk's block. The desk stops retrying and says so in words, with what
 * to do by hand.
 */
export class NotAllowed extends NotPosted {
  readonly byHand = true;
}

export const needsHand = (err: unknown): boolean =>
  err instanceof ModdeskError && (err as { byHand?: unknown }).byHand === true;
