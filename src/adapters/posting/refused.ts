import type { RefusalKind } from './board-dialect.js';

/** A board's refusal in its own words, and what it means for a retry (board-dialect.ts `kind`). */
export class Refused extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}
