import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVAL_DATA } from '../adapters/eval-data.js';

export const GAMES_DIR = join(EVAL_DATA, 'mafiascum-donbot', 'games');

/** Every post body of the real games in ../shared (read at test time, never copied); fails, naming where it looked. */
export function realBodies(): string[] {
  if (!existsSync(GAMES_DIR))
    throw new Error(`the fuzz suite mutates real posts: no games at ${GAMES_DIR} (is ../shared checked out?)`);
  const bodies = readdirSync(GAMES_DIR)
    .map((g) => join(GAMES_DIR, g, 'posts.jsonl'))
    .filter((f) => existsSync(f))
    .flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => (JSON.parse(l) as { html: string }).html),
    );
  if (bodies.length < 1000)
    throw new Error(`expected thousands of real posts in ${GAMES_DIR}/*/posts.jsonl, got ${bodies.length}`);
  return bodies;
}
