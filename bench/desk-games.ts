/**
 * The desk benches' games (desk.bench.ts, alerts.bench.ts): 1,000 vanilla games on the local forums, each thread
 * with a day of history whose last post is hours old, and the forums in a process of their own (forum-host.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { localThreadUrl } from '../src/app/demo/local-forum.js';
import type { Post } from '../src/domain/post.js';
import { formatInstant, HOUR } from '../src/domain/time.js';

export const GAMES = Number(process.env.MODDESK_BENCH_GAMES ?? 1000);
export const PHASE_MS = Number(process.env.MODDESK_BENCH_PHASE_MS ?? 15_000);
export const POLL_SECONDS = 5;
/** A quiet thread's polls back off to this (decision 0015); a post or the moderator brings them back to 5 s. */
export const QUIET_MAX_SECONDS = 60;
export const PLAYERS = ['Ava', 'Bea', 'Cid', 'Dot', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy'];

export function gameYaml(i: number, now: number, extra: string[] = []): string {
  return [
    'ruleset: vanilla',
    `title: "Bench game ${i}"`,
    'moderator: Mod',
    `thread: { platform: reddit, url: "${localThreadUrl(`g${i}`)}" }`,
    'players:',
    ...PLAYERS.map((p) => `  - { name: ${p} }`),
    'phases:',
    `  - { name: D1, start: "${formatInstant(now - 24 * HOUR)}", deadline: "${formatInstant(now + 48 * HOUR)}" }`,
    ...extra,
    '',
  ].join('\n');
}

export const post = (id: string, author: string, at: number, html: string): Post => ({
  id,
  author,
  createdAt: formatInstant(at),
  editedAt: null,
  html,
  channel: 'thread',
});

export function history(now: number): Post[] {
  return Array.from({ length: 30 }, (_, k) => {
    const author = PLAYERS[k % PLAYERS.length]!;
    const html =
      k % 3 === 0
        ? `<p><strong>Vote: ${PLAYERS[(k * 7 + 1) % PLAYERS.length]}</strong></p>`
        : '<p>Chatter about the day.</p>';
    return post(`${(1000 + k).toString(36)}`, author, now - 20 * HOUR + k * 30 * 60_000, html);
  });
}

export async function startForums(history: Post[]): Promise<{ host: ChildProcess; envs: NodeJS.ProcessEnv[] }> {
  const script = fileURLToPath(new URL('./forum-host.ts', import.meta.url));
  const host = fork(script, [JSON.stringify({ count: GAMES, history })], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const envs = await new Promise<NodeJS.ProcessEnv[]>((resolve, reject) => {
    host.once('message', (m) => resolve((m as { envs: NodeJS.ProcessEnv[] }).envs));
    host.once('exit', (code) => reject(new Error(`the forum host exited (${code})`)));
  });
  return { host, envs };
}

/** The vote the `n`th second of the busy phase posts: each round of voters moves to another target (never oneself). */
export function busyVote(n: number): { voter: string; target: string } {
  const shift = 1 + (Math.floor(n / PLAYERS.length) % (PLAYERS.length - 1));
  return { voter: PLAYERS[n % PLAYERS.length]!, target: PLAYERS[(n + shift) % PLAYERS.length]! };
}
