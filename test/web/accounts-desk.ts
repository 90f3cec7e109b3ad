import pino from 'pino';
import { Accounts } from '../../src/app/accounts.js';
import { FakeClock } from '../../src/app/clock.js';
import { prepareDemoGame } from '../../src/app/demo/demo-game.js';
import { LocalForum, localThreadUrl } from '../../src/app/demo/local-forum.js';
import { type RunningDesk, runDesk } from '../../src/app/run-desk.js';
import { HOUR } from '../../src/domain/time.js';
import { startWebServer } from '../../src/web/server.js';
import { SAMPLE_GAME, testConfig } from '../desk/helpers.js';

/** The proxy the desks below trust; a test speaks from it by binding its socket to this loopback address. */
export const PROXY = '127.0.0.2';
export const PUBLIC_HOST = 'desk.example.org';
export const PASSWORD = { alice: 'alice moderates 1', cleo: 'cleo co-moderates', vic: 'vic only watches' } as const;

export interface AccountsDesk {
  running: RunningDesk;
  accounts: Accounts;
  /** The dashboard's address, e.g. `http://127.0.0.1:PORT/`. */
  url: string;
  forum: LocalForum;
  clock: FakeClock;
  /** Moves the clock of sessions and the sign-in throttle (not the game's). */
  webClock: { now: number };
  close(): Promise<void>;
}

/**
 * The desk `moddesk watch` runs (`runDesk`: a real SQLite file, the dashboard with `dashboard.accounts: true`), on the
 * sample DEFCON game played by the local forum up to `until` game hours after its start; accounts as `PASSWORD` says.
 */
export async function openAccountsDesk(
  dir: string,
  o: { hours?: number; forum?: LocalForum; accounts?: (keyof typeof PASSWORD)[] } = {},
): Promise<AccountsDesk> {
  const demo = prepareDemoGame(SAMPLE_GAME, localThreadUrl(), dir);
  const start = Date.parse(demo.game.phases[0]!.start);
  const clock = new FakeClock(start - 30 * 60_000);
  const moderator = [demo.game.moderator ?? 'Mod'].flat()[0]!;
  const forum = o.forum ?? (await LocalForum.start({ posts: demo.posts, clock, moderator, title: demo.game.title }));
  const config = testConfig(dir, demo.gameFile, {
    dashboard: {
      host: '127.0.0.1',
      port: 0,
      allowedHosts: [PUBLIC_HOST],
      accounts: true,
      trustedProxies: [PROXY],
    },
  });
  const webClock = { now: Date.parse('2026-12-04T12:00:00Z') };
  const running = await runDesk({
    config,
    clock,
    env: forum.env({ MODDESK_REDDIT_TIMEOUT_MS: '150' }),
    log: pino({ level: 'silent' }),
    startDashboard: startWebServer,
    webNow: () => webClock.now,
  });
  while (clock.now() < start + (o.hours ?? 0) * HOUR) {
    clock.advance(3 * HOUR);
    await running.watcher.pollAll();
  }
  // The passwords at scrypt's lightest accepted cost: a sign-in takes milliseconds, not a second (a hash keeps its
  // own parameters; src/app/passwords.test.ts holds the production cost).
  const accounts = new Accounts(running.store.accounts, undefined, { log2N: 10, r: 8, p: 1 });
  const roles = { alice: 'moderator', cleo: 'co-moderator', vic: 'viewer' } as const;
  for (const name of o.accounts ?? (['alice', 'cleo', 'vic'] as const))
    await accounts.add(name, roles[name], PASSWORD[name], webClock.now);
  return {
    running,
    accounts,
    url: running.dashboard!.url,
    forum,
    clock,
    webClock,
    async close() {
      await running.stop();
      if (!o.forum) await forum.close();
    },
  };
}
