import type { Post } from '../../src/domain/post.js';
import { post } from '../web/games.js';

/**
 * The shape of a real Day 1 that a counter ended on a one-edit guess (invented names): 13 alive, so 7 lynch
 * (R-V3); six sure votes on Pre77er, then Kit's `VOTE: Pr77er` (one edit away, docs/readings.md N8) as the seventh.
 */
export const PLAYERS = ['Ann', 'Bea', 'Cal', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kit', 'Lou', 'Pre77er'];

/** Minutes after 19:00 on the first day of `smallGame`. */
export const at = (minute: number) =>
  new Date(Date.parse('2026-05-04T19:00:00Z') + minute * 60_000).toISOString().replace('.000Z', 'Z');

export const GUESS_AT = at(10);

export const heldDay = (): Post[] => [
  ...['Ann', 'Bea', 'Cal', 'Dee', 'Eli', 'Fay'].map((a, i) =>
    post(a, at(i), { action: 'VOTE: Pre77er', id: `p${i + 1}` }),
  ),
  post('Kit', GUESS_AT, { action: 'VOTE: Pr77er', id: 'p7' }),
];
