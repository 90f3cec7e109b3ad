import { post, smallGame } from './games.js';

export const D1 = (m: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + m * 60_000).toISOString().replace('.000Z', 'Z');
export const triageGame = () => smallGame(['TheReverend', 'Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Nia']);
/** Two guessed readings of one name, two votes naming nobody the same way, one plain vote. */
export const triagePosts = () => [
  post('Alice', D1(10), { action: 'Vote: TheRevrend', id: 'p1' }),
  post('Bob', D1(20), { action: 'Vote: therevrend', id: 'p2' }),
  post('Dan', D1(30), { action: 'Vote: Jelly', id: 'p3' }),
  post('Eve', D1(40), { action: 'Vote: Jelly', id: 'p4' }),
  post('Nia', D1(50), { action: 'Vote: Alice', id: 'p5' }),
];
