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

/** The folder a test desk reads (the game file as `gameText`, the dump) and its clock, stopped at `at`. */
export interface DeskFolder {
  dir: string;
  gameFile: string;
  postsFile: string;
  id: string;
  clock: TestClock;
}

/** A fresh temporary folder with the game file and the dump; the clock at `at`, else the last post, else the first phase's start. */
export function deskFolder(prefix: string, game: GameFile, posts: Post[], gameText: string, at?: number): DeskFolder {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const gameFile = join(dir, 'game.yaml');
  const postsFile = join(dir, 'posts.jsonl');
  writeFileSync(gameFile, gameText);
  writeFileSync(postsFile, posts.map((p) => `${JSON.stringify(p)}\n`).join(''));
  const last = posts.reduce((t, p) => Math.max(t, Date.parse(p.createdAt)), Number.NEGATIVE_INFINITY);
  const clock = new TestClock(at ?? (Number.isFinite(last) ? last : Date.parse(game.phases[0]!.start)), 0);
  return { dir, gameFile, postsFile, id: gameSlug(game.title), clock };
}

/** The test's handle on a desk running over `f`: posts go into the dump, then one poll; closing removes the folder. */
export function testDeskOn(f: DeskFolder, running: RunningDesk): TestDesk {
  const runner = running.watcher.runners.get(f.id)!;
  return {
    id: f.id,
    desk: running.watcher.desk,
    clock: f.clock,
    running,
    async addPosts(more) {
      appendFileSync(f.postsFile, more.map((p) => `${JSON.stringify(p)}\n`).join(''));
      for (const p of more) f.clock.set(Date.parse(p.editedAt ?? p.createdAt));
      await running.watcher.pollAll();
    },
    snapshot: () => ({ game: structuredClone(runner.game), posts: [...runner.posts] }),
    async close() {
      await running.stop();
      rmSync(f.dir, { recursive: true, force: true });
    },
  };
}

/**
 * The production desk `moddesk serve` runs (src/app/serve-desk.ts): the game file and the dump written to a
 * temporary folder, an in-memory store, the `file` adapter, the watch loop; on a TestClock at `at` (default: the
 * last post, or the first phase's start).
 */
export async function openDesk(
  game: GameFile,
  posts: Post[],
  o: { at?: number; speed?: number; pollSeconds?: number } = {},
): Promise<TestDesk> {
  const f = deskFolder('moddesk-web-', game, posts, JSON.stringify(game), o.at);
  const running = await openServeDesk({
    gameFile: f.gameFile,
    postsFile: f.postsFile,
    id: f.id,
    clock: f.clock,
    log: pino({ level: 'silent' }),
    pollSeconds: o.pollSeconds ?? 1,
  });
  if (o.speed) f.clock.run(o.speed);
  return testDeskOn(f, running);
}
