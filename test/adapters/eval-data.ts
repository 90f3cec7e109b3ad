import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real MafiaScum threads in ../shared/eval-data, read at test time (never copied into the repo). */
export const EVAL_DATA = fileURLToPath(new URL('../../../shared/eval-data/', import.meta.url));

export interface DonbotPost {
  number: number;
  id: string;
  user: string;
  user_id: string;
  content: string;
  time: string;
}

export function donbotPosts(thread: string): DonbotPost[] {
  return readFileSync(`${EVAL_DATA}mafiascum-donbot/posts/${thread}.jsonl`, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as DonbotPost);
}

export function mafiascumBodies(thread: string): string[] {
  return donbotPosts(thread).map((p) => p.content);
}

/**
 * Every post body of the 66 real threads of games/ and train/; fails, naming where it looked and `what` needed
 * them, when they are not there (a suite must never pass by skipping the corpus).
 */
export function corpusBodies(what: string): string[] {
  const dirs = ['games', 'train'].map((d) => join(EVAL_DATA, 'mafiascum-donbot', d));
  for (const d of dirs)
    if (!existsSync(d)) throw new Error(`${what} is compared on every real post: no threads at ${d}`);
  const files = dirs.flatMap((d) => readdirSync(d).map((t) => join(d, t, 'posts.jsonl'))).filter((f) => existsSync(f));
  if (files.length < 60)
    throw new Error(`expected the 66 real threads under ${dirs.join(' and ')}, got ${files.length}`);
  return files.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => (JSON.parse(l) as { html: string }).html),
  );
}
