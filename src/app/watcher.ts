import { setMaxListeners } from 'node:events';
import { basename, dirname, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import { createSource, type Source } from '../adapters/registry.js';
import type { PostReceipt, ThreadSink } from '../adapters/types.js';
import type { GameFile } from '../domain/game-file.js';
import { formatInstant } from '../domain/time.js';
import type { Store } from '../storage/store.js';
import type { AppConfig } from './app-config.js';
import type { Clock } from './clock.js';
import type { DraftKind } from './desk.js';
import { DraftActions } from './draft-actions.js';
import { withRulings } from './game-file-writer.js';
import { GameRunner, type RunnerOptions } from './game-runner.js';
import { LiveDesk } from './live-desk.js';
import { loadGameFile } from './load-game-file.js';
import { adapterFloorMs } from './poll-schedule.js';

export interface WatcherDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  /** The environment adapters read (with secrets from the secrets file merged in). */
  env: NodeJS.ProcessEnv;
  config: AppConfig;
  dryRun?: boolean;
  /** Where `--dry-run` prints what would be posted. */
  out?: (s: string) => void;
  createSource?: (game: GameFile, gameFile: string, env: NodeJS.ProcessEnv) => Source;
  /** Real-time sleep between polls (tests may shorten it). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const gameIdOf = (file: string) => basename(file).replace(/(\.game)?\.ya?ml$/i, '');

/** The adapter a game file names; a `file` thread's path is relative to the game file. */
export function sourceFor(game: GameFile, gameFile: string, env: NodeJS.ProcessEnv): Source {
  const thread = game.thread ?? { platform: 'file' as const, url: 'posts.jsonl' };
  const url = thread.platform === 'file' ? resolve(dirname(gameFile), thread.url) : thread.url;
  return createSource(thread.platform, { url, env });
}

/**
 * `moddesk watch`: one loop per game (poll → store → replay → drafts, then post what is approved), the Desk over
 * them for the dashboard, and a clean stop.
 */
export class Watcher {
  readonly runners = new Map<string, GameRunner>();
  readonly sources = new Map<string, Source>();
  readonly desk: LiveDesk;
  readonly actions: DraftActions;
  private readonly abort = new AbortController();
  private loops: Promise<void>[] = [];

  constructor(private readonly d: WatcherDeps) {
    // Every game's loop waits on this one signal: a thousand games are a thousand listeners, not a leak.
    setMaxListeners(0, this.abort.signal);
    this.actions = new DraftActions({
      store: d.store,
      clock: d.clock,
      log: d.log,
      emit: (e) => this.desk.emit(e),
      dryRun: d.dryRun,
      sinkFor: (runner) =>
        d.dryRun ? dryRunSink(d.out ?? ((s) => process.stdout.write(s)), runner.id) : this.sources.get(runner.id)!,
    });
    this.desk = new LiveDesk(d.store, d.clock, this.runners, this.actions, (err) =>
      d.log.error({ err: { message: (err as Error).message } }, 'desk error'),
    );
  }

  /** Registers every game of the config (reading each game file) and makes its runner; polls nothing yet. */
  open(): void {
    const { store, clock, config, env } = this.d;
    const kinds = new Set<DraftKind>(config.autoApprove);
    for (const g of config.games) {
      const id = g.id ?? gameIdOf(g.file);
      const file = loadGameFile(g.file);
      store.games.register(id, g.file, file, formatInstant(clock.now()));
      const game = withRulings(file, store.games.rulings(id));
      const source = (this.d.createSource ?? sourceFor)(game, g.file, env);
      const opts: RunnerOptions = {
        poll: config.poll,
        debounceMs: config.poll.debounceMinutes * 60_000,
        autoApprove: kinds,
        dryRun: this.d.dryRun ?? false,
        floorMs: adapterFloorMs(game.thread?.platform ?? 'file', env),
      };
      const log = this.d.log.child({ game: id });
      const runner = new GameRunner(id, g.file, game, {
        store,
        clock,
        log,
        source,
        emit: (e) => this.desk.emit(e),
        opts,
      });
      this.runners.set(id, runner);
      this.sources.set(id, source);
    }
  }

  /** Starts one loop per game. */
  start(): void {
    for (const runner of this.runners.values()) this.loops.push(this.loop(runner));
  }

  /** One round for every game (used by `--once` and tests). */
  async pollAll(): Promise<void> {
    await Promise.all([...this.runners.values()].map((r) => this.round(r)));
  }

  private async round(runner: GameRunner): Promise<void> {
    try {
      await runner.pollOnce(this.abort.signal);
    } catch {
      // logged by the runner; the cursor was not moved, so the next poll catches up
    }
    try {
      await this.actions.resume(runner);
    } catch (err) {
      this.d.log
        .child({ game: runner.id })
        .warn({ err: { message: (err as Error).message } }, 'posting failed; will retry');
    }
  }

  private async loop(runner: GameRunner): Promise<void> {
    const signal = this.abort.signal;
    const sleep =
      this.d.sleep ?? ((ms: number, s: AbortSignal) => delay(ms, undefined, { signal: s }).catch(() => undefined));
    while (!signal.aborted) {
      await this.round(runner);
      if (signal.aborted) break;
      await sleep(runner.nextDelay(), signal);
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled(this.loops);
    await Promise.allSettled([...this.sources.values()].map((s) => s.close?.()));
  }
}

/** `--dry-run`: prints what would be posted and posts nothing (the draft is then marked ready to paste). */
export function dryRunSink(out: (s: string) => void, gameId: string): ThreadSink {
  const receipt: PostReceipt = { id: null, url: null };
  return {
    async reply(text, key) {
      out(`--- ${gameId}: would reply in the thread (${key}) ---\n${text.trimEnd()}\n`);
      return receipt;
    },
    async sendMessage(to, subject, text, key) {
      out(`--- ${gameId}: would send a PM to ${to}, "${subject}" (${key}) ---\n${text.trimEnd()}\n`);
      return receipt;
    },
  };
}
