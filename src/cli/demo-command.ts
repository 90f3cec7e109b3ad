import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { appConfigSchema, DEFAULT_PORTS } from '../app/app-config.js';
import { acceleratedClock } from '../app/clock.js';
import { BUNDLED_GAME, prepareDemoGame } from '../app/demo/demo-game.js';
import { LocalForum, localThreadUrl } from '../app/demo/local-forum.js';
import { createLogger } from '../app/logger.js';
import { runDesk } from '../app/run-desk.js';
import { dashboardLink } from '../app/secrets.js';
import { DRAFT_KINDS } from '../domain/draft.js';
import { ModdeskError } from '../domain/errors.js';
import { formatInstant } from '../domain/time.js';
import { loadDashboard } from './load-dashboard.js';
import { streamOut } from './output.js';
import { untilSignal } from './watch-command.js';

interface DemoOpts {
  game: string;
  hoursPerSecond: string;
  port: string;
  host: string;
  allowHost?: string[];
  autoPost?: boolean;
  logLevel: string;
}

/**
 * `moddesk demo` (= `npm start`): no account, no network. A built-in local forum on 127.0.0.1 plays a recorded
 * DEFCON game post by post in accelerated time; moddesk watches it through the real Reddit adapter and serves the
 * dashboard, where drafts, flags and missile countdowns appear as the game unfolds. Ctrl-C stops it.
 */
export function register(program: Command): void {
  program
    .command('demo')
    .description('play a bundled DEFCON game on a built-in local forum, watch it, and serve the dashboard')
    .option('--game <file>', 'another recorded game (its thread must be a file dump)', BUNDLED_GAME)
    .option('--hours-per-second <n>', 'game hours per real second', '1')
    .option('--port <port>', 'dashboard port (0: any free port)', String(DEFAULT_PORTS.demo))
    .option('--host <host>', 'dashboard host', '127.0.0.1')
    .option('--allow-host <name...>', 'host names the dashboard answers to beyond loopback (needed with --host)')
    .option('--auto-post', 'approve and post every draft at once (unattended demo)')
    .option('--log-level <level>', 'pino level for the log on stderr', 'warn')
    .action(async (opts: DemoOpts) => {
      const hps = Number(opts.hoursPerSecond);
      if (!(hps > 0))
        throw new ModdeskError(
          'usage',
          `expected a positive number such as 1, got ${JSON.stringify(opts.hoursPerSecond)}`,
          { place: '--hours-per-second' },
        );
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new ModdeskError('usage', `expected a port such as 4477, got ${JSON.stringify(opts.port)}`, {
          place: '--port',
        });
      const out = streamOut();
      const demo = prepareDemoGame(resolve(opts.game), localThreadUrl());
      // Start half an hour before the first day (D1), so that the first drafts come within seconds; what was
      // posted before (D0 role requests) is read by the first poll.
      const firstDay = demo.game.phases.find((p) => /^D[1-9]/.test(p.name)) ?? demo.game.phases[0]!;
      const clock = acceleratedClock(Date.parse(firstDay.start) - 30 * 60_000, Date.now(), hps * 3600);
      const moderator = [demo.game.moderator ?? 'Mod'].flat()[0]!;
      const forum = await LocalForum.start({ posts: demo.posts, clock, moderator, title: demo.game.title });
      const config = appConfigSchema.parse({
        database: resolve(demo.workDir, 'moddesk.db'),
        games: [{ file: demo.gameFile, id: 'demo' }],
        poll: {
          intervalSeconds: 0.25,
          nearSeconds: 0.1,
          nearWindowMinutes: 120,
          minSeconds: 0.05,
          debounceMinutes: 10,
        },
        dashboard: { host: opts.host, port, allowedHosts: opts.allowHost ?? [] },
        autoApprove: opts.autoPost ? [...DRAFT_KINDS] : [],
      });
      const log = createLogger({ level: opts.logLevel });
      const startDashboard = await loadDashboard();
      let desk: Awaited<ReturnType<typeof runDesk>>;
      try {
        desk = await runDesk({ config, clock, env: forum.env(), log, startDashboard });
      } catch (err) {
        const cause = (err as Error).cause ?? err;
        if ((cause as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
        desk = await runDesk({
          config: { ...config, dashboard: { host: opts.host, port: 0, allowedHosts: opts.allowHost ?? [] } },
          clock,
          env: forum.env(),
          log,
          startDashboard,
        });
      }
      out(
        `moddesk demo: ${demo.game.title} (${demo.game.ruleset}), ${demo.posts.length} posts, ${hps} game hour(s) a second\n`,
      );
      out(`local forum: ${forum.url}/ (the thread as a page; the Reddit API under /oauth)\n`);
      out(
        desk.dashboard
          ? `dashboard: ${dashboardLink(desk.dashboard)} (open it once; a cookie keeps you signed in)\n`
          : 'dashboard: not available in this build (src/web/server.ts is missing); drafts are listed below\n',
      );
      out(`working copy: ${demo.workDir} (removed on exit); Ctrl-C to stop\n`);
      const unsubscribe = desk.watcher.desk.subscribe((e) => {
        if (e.type !== 'draft.changed') return;
        const d = desk.store.drafts.get(e.gameId, e.draftId);
        if (d) out(`[${formatInstant(clock.now())}] draft ${d.id} (${d.kind}) ${d.status}\n`);
      });
      const last = Math.max(...demo.posts.map((p) => Date.parse(p.editedAt ?? p.createdAt)));
      const finished = setTimeout(
        () => out('the recorded game has been played out; the dashboard stays up until Ctrl-C\n'),
        clock.toRealMs(Math.max(0, last - clock.now())) + 1000,
      );
      finished.unref();
      const signal = await untilSignal();
      out(`\n${signal}: stopping\n`);
      clearTimeout(finished);
      unsubscribe();
      await desk.stop();
      await forum.close();
      rmSync(demo.workDir, { recursive: true, force: true });
    });
}
