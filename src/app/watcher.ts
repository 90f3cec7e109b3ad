import { setMaxListeners } from 'node:events';
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import { createSource, type Source } from '../adapters/registry.js';
import type { PostReceipt, ThreadSink } from '../adapters/types.js';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import { formatInstant } from '../domain/time.js';
import type { Store } from '../storage/store.js';
import type { Alerter } from './alerts/alerter.js';
import { alerterFromConfig } from './alerts/alerts-from-config.js';
import type { AppConfig } from './app-config.js';
import type { Clock } from './clock.js';
import type { DraftKind } from './desk.js';
import { DraftActions } from './draft-actions.js';
import { readGameFile } from './game-file-read.js';
import { applyGameFileEdit } from './game-file-reload.js';
import { withRulings } from './game-file-writer.js';
import { GameRunner, type RunnerOptions } from './game-runner.js';
import { boundHeapGrowth } from './heap-growth.js';
import { LiveDesk } from './live-desk.js';
import { lineOfKey } from './load-game-file.js';
import { LoopSleep } from './loop-sleep.js';
import { adapterFloorMs } from './poll-schedule.js';
import { registerSecrets } from './scrub.js';
import { secretValues } from './secrets.js';

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
  /** A game's own environment, where games reach different hosts (the bench); default `env` for every game. */
  envFor?: (gameFile: string) => NodeJS.ProcessEnv;
  /** Write rulings into the game files too (default); `serve` keeps them in its in-memory store only. */
  writeGameFile?: boolean;
  /** Real-time sleep between polls (tests may shorten it). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Games `pollAll` reads at once. */
const POLL_ALL_AT_ONCE = 16;

export const gameIdOf = (file: string) => basename(file).replace(/(\.game)?\.ya?ml$/i, '');

/** The adapter a game file names; a `file` thread's path is relative to the game file. */
export function sourceFor(game: GameFile, gameFile: string, env: NodeJS.ProcessEnv): Source {
  const thread = game.thread ?? { platform: 'file' as const, url: 'posts.jsonl' };
  const url = thread.platform === 'file' ? resolve(dirname(gameFile), thread.url) : thread.url;
  // One transaction per page of a long read (GameRunner.storePage): a read cut short keeps every page it read.
  return createSource(thread.platform, { url, env, checkpointEvery: 1 });
}

/**
 * The game's source, or its refusal of the thread's URL said with the game file and the line of `thread.url` (m8):
 * the adapter knows the URL, not where it was written.
 */
function sourceOrPlace(make: () => Source, file: string, text: string | null): Source {
  try {
    return make();
  } catch (err) {
    if (!(err instanceof ModdeskError) || err.file) throw err;
    const line = text === null ? undefined : lineOfKey(text, ['thread', 'url']);
    throw new ModdeskError(err.code, err.message, {
      file,
      place: [line, 'thread.url'].filter(Boolean).join(': '),
      cause: err,
    });
  }
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
  /** Alerts for what needs the moderator (app config `alerts`); null without a channel. */
  readonly alerter: Alerter | null;
  private readonly abort = new AbortController();
  /**
   * One signal per game loop, all aborted by `stop`: a listener added to a signal that has a thousand of them walks
   * them all (EventTarget refuses duplicates), so each loop's sleeps and reads listen to their own.
   */
  private readonly loopAborts = new Set<AbortController>();
  private loops: Promise<void>[] = [];
  /**
   * A digest of the game file text each runner last read (null: it did not read), so an unchanged file is not
   * re-applied; not the text itself, which 1,000 games held twice over (the game is parsed from it).
   */
  private readonly texts = new Map<string, string | null>();
  private readonly rounds = new Map<string, Promise<void>>();
  /** `fewAtOnce`: slots free, and the rounds waiting for one. */
  private free = POLL_ALL_AT_ONCE;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly d: WatcherDeps) {
    // What the adapters may echo back is scrubbed before it reaches the log or the dashboard.
    registerSecrets(secretValues(d.env));
    this.alerter = alerterFromConfig(d.config.alerts, d.env, {
      now: () => d.clock.now(),
      log: d.log.child({ alerts: true }),
      told: d.store.alertsTold,
    });
    // `pollAll` reads a few games at a time, each listening to this signal.
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
    this.desk = new LiveDesk(d.store, d.clock, this.runners, this.actions, {
      writeGameFile: d.writeGameFile,
      onError: (err) => d.log.error({ err: { message: (err as Error).message } }, 'desk error'),
      alertChannels: () => this.alerter?.channels() ?? [],
    });
  }

  /**
   * Registers every game of the config (reading each game file) and makes its runner; polls nothing yet. Bounds
   * the process's heap growth first (heap-growth.ts).
   */
  open(): void {
    // Before the first reads: their burst is what would grow the heap for good (heap-growth.ts).
    boundHeapGrowth();
    const { store, clock, config, env } = this.d;
    const kinds = new Set<DraftKind>(config.autoApprove);
    const envOf = (file: string) => this.d.envFor?.(file) ?? env;
    const reads = config.games.map((g) => ({ g, read: readGameFile(g.file, formatInstant(clock.now())) }));
    // Games that poll Reddit through one client id share its queries a minute (poll-schedule.ts adapterFloorMs).
    const clients = new Map<string, number>();
    const clientOf = (game: GameFile | null | undefined, file: string) => {
      const e = envOf(file);
      return game?.thread?.platform === 'reddit'
        ? `${e.MODDESK_REDDIT_API_BASE ?? ''} ${e.REDDIT_CLIENT_ID ?? ''}`
        : null;
    };
    for (const { g, read } of reads) {
      const key = clientOf(read.game ?? store.games.get(g.id ?? gameIdOf(g.file))?.game, g.file);
      if (key !== null) clients.set(key, (clients.get(key) ?? 0) + 1);
    }
    for (const { g, read } of reads) {
      const id = g.id ?? gameIdOf(g.file);
      const at = formatInstant(clock.now());
      const stored = store.games.get(id);
      // A game file broken by a hand edit does not stop the desk when it has the last good game stored.
      if (read.error && !stored)
        throw new ModdeskError('game-invalid', read.error.message, {
          file: g.file,
          place: read.error.place ?? undefined,
        });
      if (read.game) store.games.register(id, g.file, read.game, at);
      // Where the desk writes its rulings into the game file, the file alone is the game (an event deleted from it is
      // gone); only `serve`, which writes no file, keeps them in its store (issue 32, M1).
      const game = read.game ? this.withStoredRulings(id, read.game) : stored!.game;
      const source = sourceOrPlace(
        () => (this.d.createSource ?? sourceFor)(game, g.file, envOf(g.file)),
        g.file,
        read.text,
      );
      const sharing = clients.get(clientOf(game, g.file) ?? '') ?? 1;
      const opts: RunnerOptions = {
        poll: config.poll,
        debounceMs: config.poll.debounceMinutes * 60_000,
        autoApprove: kinds,
        dryRun: this.d.dryRun ?? false,
        floorMs: adapterFloorMs(game.thread?.platform ?? 'file', envOf(g.file), sharing),
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
      runner.gameFileError = read.error;
      if (read.error) log.error({ gameFile: read.error.text }, 'game file does not load; keeping the last good game');
      this.texts.set(id, digestOf(read.text));
      this.runners.set(id, runner);
      this.sources.set(id, source);
    }
  }

  /** The game as the desk replays it: the file's, plus the stored rulings where the desk writes no file (`serve`). */
  withStoredRulings(id: string, game: GameFile): GameFile {
    return this.d.writeGameFile === false ? withRulings(game, this.d.store.games.rulings(id)) : game;
  }

  /**
   * Live reload: a game file changed on disk is validated, then replayed; a bad edit is kept as the runner's
   * `gameFileError` (shown by the dashboard and logged) and not applied. Returns whether anything changed.
   */
  reloadGameFile(runner: GameRunner): boolean {
    // An unchanged file is not parsed again (every round of every game asks).
    if (this.texts.get(runner.id) === digestOf(textOf(runner.gameFile))) return false;
    const at = formatInstant(this.d.clock.now());
    const read = readGameFile(runner.gameFile, at);
    const digest = digestOf(read.text);
    if (digest !== null && digest === this.texts.get(runner.id)) return false;
    this.texts.set(runner.id, digest);
    applyGameFileEdit(runner, read, {
      ...this.d,
      withStoredRulings: (game) => this.withStoredRulings(runner.id, game),
      log: this.d.log.child({ game: runner.id }),
      at,
      emit: (e) => this.desk.emit(e),
    });
    runner.noteActivity();
    return true;
  }

  /** Starts one loop per game, each at its own point of the poll interval (`loop`). */
  start(): void {
    const runners = [...this.runners.values()];
    runners.forEach((runner, i) => {
      // Polled stat, not fs.watch: editors that save by rename keep being seen.
      watchFile(runner.gameFile, { interval: 1000, persistent: false }, () => this.reloadGameFile(runner));
      this.loops.push(this.loop(runner, i / runners.length));
    });
  }

  /**
   * One round for every game (used by `--once` and tests), a few games at a time: a thousand first reads at once
   * held every thread in memory together.
   */
  async pollAll(): Promise<void> {
    await Promise.all([...this.runners.values()].map((r) => this.fewAtOnce(() => this.round(r, true))));
  }

  /** Runs `f` when fewer than POLL_ALL_AT_ONCE others are running (first come, first served). */
  private async fewAtOnce(f: () => Promise<void>): Promise<void> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((go) => this.waiting.push(go));
    try {
      await f();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }

  /**
   * One poll and the posting after it; a game's rounds never overlap (the loop and `pollAll` may both ask).
   * `pollAll` reads each game file first; the running loop leaves that to the file's stat watcher (`start`).
   */
  private round(runner: GameRunner, readGameFile: boolean, signal = this.abort.signal): Promise<void> {
    const before = this.rounds.get(runner.id) ?? Promise.resolve();
    const next = before.then(() => this.roundNow(runner, readGameFile, signal));
    this.rounds.set(runner.id, next);
    return next;
  }

  private async roundNow(runner: GameRunner, readGameFile: boolean, signal: AbortSignal): Promise<void> {
    if (readGameFile) this.reloadGameFile(runner);
    try {
      await runner.pollOnce(signal);
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
    this.alerter?.afterRound({
      gameId: runner.id,
      ctx: runner.ctx,
      posts: runner.posts,
      failures: runner.failures,
      drafts: [...this.d.store.drafts.list(runner.id, 'pending'), ...this.d.store.drafts.list(runner.id, 'approved')],
    });
  }

  /**
   * A game's loop. Its first round waits its turn with `pollAll`'s (a few games at a time); after it, the loop
   * sleeps `phase` (0 ≤ phase < 1) of an interval more, once, so the games' polls spread over the interval instead
   * of a thousand reads landing together every interval (each holding its page in memory at the same time).
   * One async frame per game, suspended while it sleeps (a thousand of them; decision 0020).
   */
  private async loop(runner: GameRunner, phase: number): Promise<void> {
    const stop = new AbortController();
    this.loopAborts.add(stop);
    if (this.abort.signal.aborted) stop.abort();
    const signal = stop.signal;
    const sleep = new LoopSleep(
      signal,
      this.d.sleep ?? ((ms: number, s: AbortSignal) => delay(ms, undefined, { signal: s }).catch(() => undefined)),
    );
    // The first round reads the game file (it may have changed since `open`); later edits reach the stat watcher.
    await this.fewAtOnce(() => this.round(runner, true, signal));
    const base = this.d.config.poll.intervalSeconds * 1000;
    const first = runner.nextDelay();
    let wait = Math.min(first, base) + phase * first;
    while (!signal.aborted) {
      // When the moderator acts meanwhile (`runner.noteActivity`), the schedule is asked again and the sleep ends
      // at the earlier of the two.
      const due = performance.now() + wait;
      runner.wake = sleep.wake;
      try {
        while (await sleep.nap(wait)) wait = Math.max(0, Math.min(due - performance.now(), runner.nextDelay()));
      } finally {
        runner.wake = null;
      }
      if (signal.aborted) break;
      await this.round(runner, false, signal);
      wait = runner.nextDelay();
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    for (const loop of this.loopAborts) loop.abort();
    for (const runner of this.runners.values()) unwatchFile(runner.gameFile);
    await Promise.allSettled(this.loops);
    await Promise.allSettled([...this.sources.values()].map((s) => s.close?.()));
    await this.alerter?.close();
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
    async editPost(postId, edit) {
      const what = edit.kind === 'block' ? `its moddesk:${edit.name} block to` : 'the count it holds to';
      out(
        `--- ${gameId}: would edit post ${postId}, setting ${what} ---\n${(edit.kind === 'block' ? edit.content : edit.now).trimEnd()}\n`,
      );
      return { id: postId, url: null, changed: false };
    },
    async setLocked(locked) {
      out(`--- ${gameId}: would ${locked ? 'lock' : 'unlock'} the thread ---\n`);
      return { changed: false };
    },
  };
}

// node:crypto is loaded when a desk runs, not imported: the one-shot commands share this bundle (issue 11).
const digestOf = (text: string | null) =>
  text === null ? null : process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('base64');

/** A file's text, or null when it cannot be read (readGameFile then says why). */
function textOf(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
