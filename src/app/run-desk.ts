import { existsSync, rmSync } from 'node:fs';
import type { Logger } from 'pino';
import { ModdeskError } from '../domain/errors.js';
import { extractActions } from '../parser/extract-actions.js';
import { Store } from '../storage/store.js';
import { Accounts } from './accounts.js';
import { type AppConfig, exposureRefusal } from './app-config.js';
import type { Clock } from './clock.js';
import type { Desk } from './desk.js';
import { keptToken } from './kept-token.js';
import { acquireLock, removeDatabase } from './process-lock.js';
import { dashboardToken } from './secrets.js';
import { Watcher, type WatcherDeps } from './watcher.js';

export interface Dashboard {
  url: string;
  token: string;
  close(): Promise<void>;
}

/** The dashboard's server (src/web/server.ts), handed in by the command: web sits above app (ARCHITECTURE.md). */
export type StartWebServer = (
  desk: Desk,
  opts: {
    host?: string;
    port?: number;
    token?: string;
    allowedHosts?: readonly string[];
    accounts?: Accounts;
    trustedProxies?: readonly string[];
    now?: () => number;
  },
) => Promise<Dashboard>;

export interface RunningDesk {
  watcher: Watcher;
  store: Store;
  dashboard: Dashboard | null;
  /** `discard`: the database was made by this start and holds nothing worth keeping: remove it (m8). */
  stop(opts?: { discard?: boolean }): Promise<void>;
  /** Whether this start made the database (it did not exist before). */
  madeDatabase: boolean;
}

/** Opens the database (locked to this process), the games and the watch loops, and the dashboard if wanted. */
export async function runDesk(o: {
  config: AppConfig;
  clock: Clock;
  env: NodeJS.ProcessEnv;
  log: Logger;
  dryRun?: boolean;
  once?: boolean;
  dashboard?: boolean;
  startDashboard?: StartWebServer;
  out?: (s: string) => void;
  createSource?: WatcherDeps['createSource'];
  writeGameFile?: boolean;
  /** The clock of the dashboard's sessions and sign-in throttle (default: the wall's). */
  webNow?: () => number;
}): Promise<RunningDesk> {
  const refused = o.dashboard !== false && !o.once ? exposureRefusal(o.config.dashboard) : null;
  if (refused) throw new ModdeskError('usage', refused, { place: 'dashboard' });
  const onDisk = o.config.database !== ':memory:';
  const made = onDisk && !existsSync(o.config.database);
  const tokenFile = `${o.config.database}.token`;
  const madeToken = onDisk && !existsSync(tokenFile);
  /** Removes what this start made (m8): the database, its lock file, and a token kept beside it meanwhile. */
  const discard = () => {
    if (!made) return;
    removeDatabase(o.config.database);
    if (madeToken) rmSync(tokenFile, { force: true });
  };
  // The lock makes the database's folder and file, so that it has an inode to lock.
  const release = onDisk ? await acquireLock(o.config.database) : async () => {};
  let store: Store | null = null;
  let watcher: Watcher | null = null;
  try {
    store = Store.open(o.config.database, extractActions);
    watcher = new Watcher({
      store,
      clock: o.clock,
      log: o.log,
      env: o.env,
      config: o.config,
      dryRun: o.dryRun,
      out: o.out,
      createSource: o.createSource,
      writeGameFile: o.writeGameFile,
    });
    watcher.open();
    let dashboard: Dashboard | null = null;
    const warn = (line: string) => o.log.warn(line.trim());
    if (o.dashboard !== false && !o.once && o.startDashboard) {
      const d = o.config.dashboard;
      dashboard = await o.startDashboard(watcher.desk, {
        host: d?.host ?? '127.0.0.1',
        port: d?.port ?? 0,
        allowedHosts: d?.allowedHosts,
        ...(d?.accounts
          ? { accounts: new Accounts(store.accounts, store.audit), trustedProxies: d.trustedProxies, now: o.webNow }
          : { token: dashboardToken(o.env, warn) ?? keptToken(o.config.database, warn) }),
      });
    }
    if (o.once) await watcher.pollAll();
    else watcher.start();
    const opened = store;
    const running = watcher;
    let stopped = false;
    return {
      watcher: running,
      store: opened,
      dashboard,
      madeDatabase: made,
      async stop(opts = {}) {
        if (stopped) return;
        stopped = true;
        await dashboard?.close().catch(() => undefined);
        await running.stop();
        opened.close();
        await release();
        if (opts.discard) discard();
      },
    };
  } catch (err) {
    // A refused dashboard (a taken port, a host beyond loopback without an allow-list) must not leave polls running.
    await watcher?.stop().catch(() => undefined);
    store?.close();
    await release();
    // A start refused (a bad thread URL, a game file that does not load) leaves no empty database behind (m8).
    discard();
    throw err;
  }
}
