import type { Logger } from 'pino';
import { createFileSource } from '../adapters/file/index.js';
import { appConfigSchema } from './app-config.js';
import type { Clock } from './clock.js';
import { type RunningDesk, runDesk } from './run-desk.js';

export interface ServeDeskOptions {
  gameFile: string;
  /** The thread dump the `file` adapter polls (it may grow while the desk runs). */
  postsFile: string;
  /** The game's id in URLs. */
  id: string;
  clock: Clock;
  log: Logger;
  /** Real seconds between two reads of the dump (a read of an unchanged file is one `stat`). */
  pollSeconds?: number;
}

/**
 * `moddesk serve`'s desk: the same desk `watch` runs (poll → store → plan drafts, the dashboard's `LiveDesk`),
 * over an in-memory SQLite store and the `file` adapter. Rulings, drafts and night actions live in that store while
 * it runs; the game file is never written. Vote counts are drafted as soon as the votes move (no debounce).
 */
export async function openServeDesk(o: ServeDeskOptions): Promise<RunningDesk> {
  const seconds = o.pollSeconds ?? 2;
  const config = appConfigSchema.parse({
    database: ':memory:',
    games: [{ file: o.gameFile, id: o.id }],
    poll: { intervalSeconds: seconds, nearSeconds: seconds, minSeconds: 0, debounceMinutes: 0 },
  });
  const running = await runDesk({
    config,
    clock: o.clock,
    env: {},
    log: o.log,
    dashboard: false,
    writeGameFile: false,
    createSource: () => createFileSource({ url: o.postsFile }),
  });
  // Ready when returned: the dump read and drafted through the clock's now (rounds of a game never overlap).
  await running.watcher.pollAll();
  return running;
}

/** A URL-safe id from a game's title ("Harbour Lights Mafia" → "harbour-lights-mafia"). */
export function gameSlug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') // one dash at most at either end: each run of others became one
      .slice(0, 40) || 'game'
  );
}
