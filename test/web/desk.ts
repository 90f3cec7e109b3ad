import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Clock } from '../../src/app/clock.js';
import type { LiveDesk } from '../../src/app/live-desk.js';
import type { RunningDesk } from '../../src/app/run-desk.js';
import { gameSlug, openServeDesk } from '../../src/app/serve-desk.js';
import type { GameFile } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';

/**
 * A clock for the tests that runs at `speed` (0: stands still) and can be moved forward: a poll that finds a post
 * sees the desk's clock at least at that post, as a real poll would.
 */
export class TestClock implements Clock {
  private base: number;
  private wall = Date.now();
  constructor(
    at: number,
    public speed: number,
  ) {
    this.base = at;
  }
  /** Runs on from now at `speed` (the desk opens on a stopped clock: reading the game takes its own time). */
  run(speed: number): void {
    this.base = this.now();
    this.wall = Date.now();
    this.speed = speed;
  }
  now(): number {
    return Math.floor(this.base + (Date.now() - this.wall) * this.speed);
  }
  set(at: number): void {
    if (at <= this.now()) return;
    this.base = at;
    this.wall = Date.now();
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const real = this.toRealMs(ms);
    return new Promise((resolve) => {
      const t = Number.isFinite(real) ? setTimeout(resolve, real) : null;
      signal?.addEventListener('abort', () => {
        if (t) clearTimeout(t);
        resolve();
      });
    });
  }
  toRealMs(ms: number): number {
    return this.speed > 0 ? ms / this.speed : Number.POSITIVE_INFINITY;
  }
}

export interface TestDesk {
  id: string;
  desk: LiveDesk;
  clock: TestClock;
  running: RunningDesk;
  /** Posts appearing in the thread dump, then one poll (the desk's clock moves up to the newest). */
  addPosts(posts: Post[]): Promise<void>;
  /** The game as the desk replays it now (rulings and aliases included) and the posts it holds. */
  snapshot(): { game: GameFile; posts: Post[] };
  close(): Promise<void>;
}

/**
 * The production desk `moddesk serve` runs (src/app/serve-desk.ts): the game file and the dump written to a
 * temporary folder, an in-memory store, the `file` adapter, the watch loop; on a TestClock at `at` (default: the
 * last post, or the first phase's start).
 */
export async function openDesk(
  game: GameFile,
  posts: Post[],
  o: { at?: number; speed?: number } = {},
): Promise<TestDesk> {
  const dir = mkdtempSync(join(tmpdir(), 'moddesk-web-'));
  const gameFile = join(dir, 'game.yaml');
  const postsFile = join(dir, 'posts.jsonl');
  writeFileSync(gameFile, JSON.stringify(game));
  writeFileSync(postsFile, posts.map((p) => `${JSON.stringify(p)}\n`).join(''));
  const last = posts.reduce((t, p) => Math.max(t, Date.parse(p.createdAt)), Number.NEGATIVE_INFINITY);
  const at = o.at ?? (Number.isFinite(last) ? last : Date.parse(game.phases[0]!.start));
  const clock = new TestClock(at, 0);
  const id = gameSlug(game.title);
  const running = await openServeDesk({
    gameFile,
    postsFile,
    id,
    clock,
    log: pino({ level: 'silent' }),
    pollSeconds: 1,
  });
  if (o.speed) clock.run(o.speed);
  const desk = running.watcher.desk;
  const runner = running.watcher.runners.get(id)!;
  return {
    id,
    desk,
    clock,
    running,
    async addPosts(more) {
      appendFileSync(postsFile, more.map((p) => `${JSON.stringify(p)}\n`).join(''));
      for (const p of more) clock.set(Date.parse(p.editedAt ?? p.createdAt));
      await running.watcher.pollAll();
    },
    snapshot: () => ({ game: structuredClone(runner.game), posts: [...runner.posts] }),
    async close() {
      await running.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
