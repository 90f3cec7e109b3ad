import type { Command } from 'commander';
import { loadDump } from '../app/load-dump.js';
import { loadGameFile } from '../app/load-game-file.js';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import { parseInstant } from '../domain/time.js';
import { OfflineDesk } from '../web/offline-desk.js';
import { startWebServer } from '../web/server.js';

interface ServeOptions {
  game: string;
  posts?: string;
  port?: string;
  host?: string;
  at?: string;
  token?: string;
}

/**
 * `moddesk serve --game G.yaml [--posts P.jsonl] [--port N]`: the dashboard over a game file and a thread dump,
 * no platform account needed. Rulings, drafts and night actions live in memory while it runs.
 */
export function register(program: Command): void {
  program
    .command('serve')
    .description('serve the dashboard for a game file and a thread dump on 127.0.0.1')
    .requiredOption('--game <file>', 'the game file (YAML)')
    .option('--posts <file>', "the thread dump (JSON Lines); default: the game file's thread when it is a file")
    .option('--port <n>', 'port to listen on (default: any free port)')
    .option('--host <host>', 'address to bind (default 127.0.0.1; anything else exposes the desk)')
    .option('--at <iso>', "the desk's clock at start (default: the last post's time); it then runs in real time")
    .option('--token <token>', 'the access token (default: a new random one; or MODDESK_TOKEN)')
    .action(async (opts: ServeOptions) => {
      const port = opts.port === undefined ? 0 : Number.parseInt(opts.port, 10);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new ModdeskError('usage', `--port: expected a port number, got ${JSON.stringify(opts.port)}`);
      let startAt: number | undefined;
      if (opts.at) {
        const at = parseInstant(opts.at);
        if (at === null)
          throw new ModdeskError(
            'timestamp-invalid',
            `--at: expected ISO-8601 like "2026-01-07T18:02:11Z", got ${JSON.stringify(opts.at)}`,
          );
        startAt = at;
      }
      const game = loadGameFile(opts.game);
      const postsFile = opts.posts ?? dumpOf(game, opts.game);
      const desk = new OfflineDesk(game, postsFile ? loadDump(postsFile) : [], { startAt });
      const server = await startWebServer(desk, {
        host: opts.host,
        port,
        token: opts.token ?? process.env.MODDESK_TOKEN,
      });
      process.stdout.write(`moddesk dashboard for ${desk.id}: ${server.url}?token=${server.token}\n`);
      process.stdout.write('Open that link once; a cookie keeps you signed in. Ctrl+C stops.\n');
      await new Promise<void>((resolve) => {
        const stop = () => {
          desk.close();
          void server.close().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}

/** The game file's own dump when its thread is a file (as `state` and `count` read it). */
function dumpOf(game: GameFile, gameFile: string): string | undefined {
  if (game.thread?.platform !== 'file') return undefined;
  const dir = gameFile.replace(/[^/\\]*$/, '');
  return game.thread.url.startsWith('/') ? game.thread.url : `${dir}${game.thread.url}`;
}
