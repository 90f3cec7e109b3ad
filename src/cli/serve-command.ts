import type { Command } from 'commander';
import { DEFAULT_PORTS } from '../app/app-config.js';
import { acceleratedClock, type Clock, stoppedClock } from '../app/clock.js';
import { loadDump } from '../app/load-dump.js';
import { loadGameFile } from '../app/load-game-file.js';
import { createLogger } from '../app/logger.js';
import { dashboardLink, dashboardToken } from '../app/secrets.js';
import { gameSlug, openServeDesk } from '../app/serve-desk.js';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import { parseInstant } from '../domain/time.js';
import { startWebServer } from '../web/server.js';
import { streamOut } from './output.js';
import { untilSignal } from './watch-command.js';

interface ServeOptions {
  game: string;
  posts?: string;
  port?: string;
  host?: string;
  allowHost?: string[];
  at?: string;
  speed?: string;
  token?: string;
}

/**
 * `moddesk serve --game G.yaml [--posts P.jsonl] [--at ISO] [--speed N]`: the desk `watch` runs, over an in-memory
 * store and the thread dump (read again whenever it grows), on a clock of your choosing; no platform account
 * needed. Rulings, drafts and night actions live in memory while it runs; the game file is not written.
 */
export function register(program: Command): void {
  program
    .command('serve')
    .description('serve the dashboard for a game file and a thread dump on 127.0.0.1')
    .requiredOption('--game <file>', 'the game file (YAML)')
    .option('--posts <file>', "the thread dump (JSON Lines); default: the game file's thread when it is a file")
    .option('--port <n>', `port to listen on (default ${DEFAULT_PORTS.serve}; 0: any free port)`)
    .option('--host <host>', 'address to bind (default 127.0.0.1; anything else exposes the desk)')
    .option('--allow-host <name...>', 'host names the dashboard answers to beyond loopback (needed with --host)')
    .option('--at <iso>', "the desk's clock at start (default: the last post's time)")
    .option('--speed <n>', 'how fast the clock runs: 1 real time (default), 60 a minute a second, 0 stopped')
    .option('--token <token>', 'the access token (default: MODDESK_DASHBOARD_TOKEN, else a new random one)')
    .action(async (opts: ServeOptions) => {
      const port = opts.port === undefined ? DEFAULT_PORTS.serve : Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new ModdeskError('usage', `--port: expected a port number, got ${JSON.stringify(opts.port)}`);
      const speed = opts.speed === undefined ? 1 : Number(opts.speed);
      if (!Number.isFinite(speed) || speed < 0)
        throw new ModdeskError(
          'usage',
          `--speed: expected a number ≥ 0 such as 1 or 60, got ${JSON.stringify(opts.speed)}`,
        );
      const game = loadGameFile(opts.game);
      const postsFile = opts.posts ?? dumpOf(game, opts.game);
      if (!postsFile)
        throw new ModdeskError('usage', `--posts: the game's thread is not a file; name the thread dump to serve`, {
          file: opts.game,
        });
      const at = startAt(opts.at, game, loadDump(postsFile));
      const clock: Clock = speed === 0 ? stoppedClock(at) : acceleratedClock(at, Date.now(), speed);
      const id = gameSlug(game.title);
      const log = createLogger({ level: 'warn', secrets: [] });
      const desk = await openServeDesk({ gameFile: opts.game, postsFile, id, clock, log });
      const server = await startWebServer(desk.watcher.desk, {
        host: opts.host,
        port,
        allowedHosts: opts.allowHost,
        token: opts.token ?? dashboardToken(process.env, (s) => process.stderr.write(s)),
      }).catch(async (err: unknown) => {
        await desk.stop();
        throw err;
      });
      const out = streamOut();
      out(`moddesk dashboard for ${id}: ${dashboardLink(server)}\n`);
      out('Open that link once; a cookie keeps you signed in. Ctrl+C stops.\n');
      out('Rulings and mod events last until you stop serve: it writes nothing to the game file.\n');
      await untilSignal();
      await server.close();
      await desk.stop();
    });
}

/** `--at`, else the last post's time, else the first phase's start. */
function startAt(at: string | undefined, game: GameFile, posts: { createdAt: string }[]): number {
  if (at !== undefined) {
    const t = parseInstant(at);
    if (t === null)
      throw new ModdeskError(
        'timestamp-invalid',
        `--at: expected ISO-8601 like "2026-01-07T18:02:11Z", got ${JSON.stringify(at)}`,
      );
    return t;
  }
  const last = posts.reduce((t, p) => Math.max(t, Date.parse(p.createdAt)), Number.NEGATIVE_INFINITY);
  return Number.isFinite(last) ? last : Date.parse(game.phases[0]?.start ?? '1970-01-01T00:00:00Z');
}

/** The game file's own dump when its thread is a file (as `state` and `count` read it). */
function dumpOf(game: GameFile, gameFile: string): string | undefined {
  if (game.thread?.platform !== 'file') return undefined;
  const dir = gameFile.replace(/(?<![^/\\])[^/\\]*$/, ''); // tried only where a name starts;
  return game.thread.url.startsWith('/') ? game.thread.url : `${dir}${game.thread.url}`;
}
