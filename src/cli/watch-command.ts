import { resolve } from 'node:path';
import type { Command } from 'commander';
import { type AppConfig, DEFAULT_PORTS, defaultAppConfig, loadAppConfig } from '../app/app-config.js';
import { type Clock, parseClockSpec, systemClock } from '../app/clock.js';
import { createLogger } from '../app/logger.js';
import { type RunningDesk, runDesk } from '../app/run-desk.js';
import { dashboardLink, loadSecrets, secretValues } from '../app/secrets.js';
import { ModdeskError } from '../domain/errors.js';
import { loadDashboard } from './load-dashboard.js';
import { streamOut } from './output.js';

export interface WatchOpts {
  game?: string[];
  config?: string;
  db?: string;
  dryRun?: boolean;
  once?: boolean;
  clock?: string;
  host?: string;
  allowHost?: string[];
  port?: string;
  dashboard?: boolean;
  logLevel?: string;
}

/** `moddesk watch`: poll the games' threads, keep every post, draft for approval, serve the dashboard. */
export function register(program: Command): void {
  program
    .command('watch')
    .description('watch games: poll, store every post, draft vote counts and phase posts for approval')
    .option('--game <file...>', 'a game file (several allowed)')
    .option('--config <file>', 'an app config listing games, database, polling (config/app.example.yaml)')
    .option('--db <file>', 'the database file (default: in ~/.local/share/moddesk/, named for the first game file)')
    .option('--dry-run', 'post nothing: print what would be posted')
    .option('--once', 'poll every game once, draft, post what is approved, and exit (1 if a read failed)')
    .option('--clock <spec>', 'accelerated game time for demos and tests: ISO@wallMs x speed')
    // No commander default: the app config's dashboard.host must be seen when --host is not given.
    .option('--host <host>', "dashboard host (default: the config's dashboard.host, else 127.0.0.1)")
    .option('--allow-host <name...>', 'host names the dashboard answers to beyond loopback (needed with --host)')
    .option(
      '--port <port>',
      `dashboard port (default: the config's dashboard.port, else ${DEFAULT_PORTS.watch}; 0: any free port)`,
    )
    .option('--no-dashboard', 'do not serve the dashboard')
    .option('--log-level <level>', 'pino level (info, debug, …)')
    .action(async (opts: WatchOpts) => {
      const config = configFrom(opts);
      const env = loadSecrets(process.env, config.secrets?.file);
      const log = createLogger({ level: opts.logLevel ?? config.log?.level ?? 'info', secrets: secretValues(env) });
      const clock: Clock = opts.clock ? parseClockSpec(opts.clock) : systemClock;
      const out = streamOut();
      const desk = await runDesk({
        config,
        clock,
        env,
        log,
        dryRun: opts.dryRun,
        once: opts.once,
        dashboard: opts.dashboard,
        startDashboard: opts.dashboard === false || opts.once ? undefined : await loadDashboard(),
        out,
      });
      if (opts.once) {
        // A read that failed is said, in one line per game, and is not "polled" (m8); a database this run made
        // and could not fill is not left behind.
        const failed = [...desk.watcher.runners.values()].filter((r) => r.failures > 0);
        await desk.stop({ discard: failed.length === desk.watcher.runners.size });
        for (const r of failed)
          process.stderr.write(`moddesk: ${r.gameFile}: reading the thread failed: ${r.lastError}\n`);
        if (failed.length) process.exitCode = 1;
        out(`polled ${desk.watcher.runners.size - failed.length} of ${desk.watcher.runners.size} game(s)\n`);
        return;
      }
      // Listening before the banner says it runs: a supervisor that stops it at once is heard, not fatal.
      const signalled = untilSignal();
      out(`moddesk watch: ${[...desk.watcher.runners.keys()].join(', ')} (database ${config.database})\n`);
      out(dashboardLine(desk, config));
      const signal = await signalled;
      // Said at once: a poll under way may take a moment to end, and silence would look like a hang (m2).
      out(`\n${signal}: stopping (posts and drafts are kept; \`moddesk watch\` again continues from here)\n`);
      await desk.stop();
      out('stopped\n');
    });
}

function dashboardLine(desk: RunningDesk, config: AppConfig): string {
  if (!desk.dashboard) return 'dashboard: not available in this build\n';
  if (!desk.dashboard.token) {
    const none = desk.store.accounts.list().length === 0;
    return `dashboard: ${desk.dashboard.url} (sign in with an account${none ? `; there is none yet: moddesk accounts add NAME --role moderator --db ${config.database}` : ''})\n`;
  }
  return `dashboard: ${dashboardLink(desk.dashboard)} (open it once; a cookie keeps you signed in)\n`;
}

/** The app config `watch` runs with: the config file's, with the command line's options over it. */
export function configFrom(opts: WatchOpts): AppConfig {
  let config: AppConfig;
  if (opts.config) config = loadAppConfig(opts.config);
  else if (opts.game?.length)
    config = defaultAppConfig(opts.game, opts.db === undefined ? undefined : resolve(opts.db));
  else
    throw new ModdeskError(
      'usage',
      'expected --game G.yaml or --config app.yaml, e.g. moddesk watch --game games/defcon-7.yaml',
      { place: 'watch' },
    );
  if (opts.config && opts.game?.length)
    config = { ...config, games: [...config.games, ...defaultAppConfig(opts.game, config.database).games] };
  if (opts.db) config = { ...config, database: resolve(opts.db) };
  const dashboard = config.dashboard ?? { host: '127.0.0.1', port: DEFAULT_PORTS.watch, allowedHosts: [] };
  const port = opts.port === undefined ? dashboard.port : Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ModdeskError('usage', `expected a port number such as 8080, got ${JSON.stringify(opts.port)}`, {
      place: '--port',
    });
  const host = opts.host ?? dashboard.host;
  const allowedHosts = opts.allowHost ?? dashboard.allowedHosts;
  return { ...config, dashboard: { ...dashboard, host, port, allowedHosts } };
}

/** Resolves on the first SIGINT or SIGTERM. */
export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (sig: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(sig);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}
