import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import type { GameFile } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';
import type { ParseFn } from '../../src/machine/post-versions.js';
import { extractActions } from '../../src/parser/extract-actions.js';

// The games property tests walk: every contract scenario, and every real-game day in ../shared/eval-data
// (read at test time; absent data is an error naming where it was looked for, never a skip).
export const root = fileURLToPath(new URL('../..', import.meta.url));
export const shared = join(root, '..', 'shared');
const realRoot = join(shared, 'eval-data', 'mafiascum-donbot');

export interface Case {
  name: string;
  game: GameFile;
  posts: Post[];
  parse: ParseFn;
  /** Where the walk stops: a real game's day file is walked until the next day starts. */
  until?: number;
}

export function memoParse(): ParseFn {
  const memo = new Map<string, ReturnType<ParseFn>>();
  return (html, opts) => {
    const key = `${opts.channel}|${opts.syntax.join()}|${html}`;
    const hit = memo.get(key) ?? extractActions(html, opts);
    memo.set(key, hit);
    return hit;
  };
}

/** The folders of `dir` that hold a file named `marker`, sorted; none, or no `dir`, is an error naming it. */
export function foldersHolding(dir: string, marker: string): string[] {
  if (!existsSync(dir)) throw new Error(`no ${marker} folders: ${dir} does not exist`);
  const found = readdirSync(dir).filter((n) => existsSync(join(dir, n, marker)));
  if (found.length === 0) throw new Error(`no folder of ${dir} holds a ${marker}`);
  return found.sort();
}

export function scenarioCases(dir: string): Case[] {
  if (!existsSync(dir)) throw new Error(`no scenarios at ${dir} (../shared must be beside the checkout)`);
  return readdirSync(dir)
    .filter((n) => existsSync(join(dir, n, 'game.yaml')))
    .map((n) => ({
      name: n,
      game: loadGameFile(join(dir, n, 'game.yaml')),
      posts: existsSync(join(dir, n, 'posts.jsonl')) ? loadDump(join(dir, n, 'posts.jsonl')) : [],
      parse: extractActions,
    }));
}

export function realDayCases(): Case[] {
  const cases: Case[] = [];
  for (const set of ['games', 'train']) {
    const dir = join(realRoot, set);
    if (!existsSync(dir)) throw new Error(`no real games at ${dir} (../shared/eval-data must be beside the checkout)`);
    for (const thread of readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)) {
      const days = readdirSync(join(dir, thread)).filter((f) => /^day-\d+\.game\.yaml$/.test(f));
      if (!days.length) continue;
      const posts = loadDump(join(dir, thread, 'posts.jsonl'));
      const parse = memoParse();
      const games = days.map((d) => loadGameFile(join(dir, thread, d)));
      const starts = games.map((g) => Date.parse(g.phases[g.phases.length - 1]?.start as string));
      games.forEach((game, i) => {
        const later = starts.filter((t) => t > (starts[i] as number));
        const until = later.length ? Math.min(...later) : undefined;
        const seen = until === undefined ? posts : posts.filter((p) => Date.parse(p.createdAt) <= until);
        cases.push({ name: `${set}/${thread}/${days[i]}`, game, posts: seen, parse, until });
      });
    }
  }
  return cases;
}

export function lastInstant(c: Case): number {
  if (c.until !== undefined) return c.until;
  const times = c.posts.map((p) => Date.parse(p.editedAt ?? p.createdAt));
  for (const p of c.game.phases) times.push(Date.parse(p.deadline ?? p.start));
  return Math.max(...times) + 1;
}
