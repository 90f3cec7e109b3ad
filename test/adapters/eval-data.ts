import { readFileSync } from 'node:fs';
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
