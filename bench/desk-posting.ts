/**
 * The desk bench's busy phase: which games post. A fixed tenth of them (every tenth game) gets a new vote each
 * second, while the other nine tenths stay quiet: a desk's games are not all in a busy day at once, and a quiet
 * game's polls back off (decision 0015). The desk and its baseline (`adapters-alone.ts`) ask the same rule.
 */
export const postingGame = (index: number): boolean => index % 10 === 0;
