import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { ParseFn } from '../domain/action.js';
import { ParseCache } from './parse-cache.js';

export interface OpenParseCache {
  readonly fn: ParseFn;
  readonly stats: ParseCache['stats'];
  /** Writes what this call parsed and closes the file. */
  close(): void;
}

/**
 * Where one-shot commands keep parsed posts between calls: `MODDESK_CACHE_DIR`; else `moddesk/` in the user's cache
 * directory (`XDG_CACHE_HOME`, else `~/.cache`) when that directory exists; else `fallback` (the checkout's
 * `node_modules/.cache`, where a CI runner has no home cache) when it exists; none with `MODDESK_CACHE=off`.
 */
export function cacheDir(env: NodeJS.ProcessEnv, fallback?: string | null): string | null {
  if (env.MODDESK_CACHE === 'off') return null;
  if (env.MODDESK_CACHE_DIR) return env.MODDESK_CACHE_DIR;
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  if (existsSync(base)) return join(base, 'moddesk');
  return fallback && existsSync(fallback) ? join(fallback, 'moddesk') : null;
}

/**
 * The parse cache of one-shot commands (`state`, `count`): a SQLite file of its own in `cacheDir`. It only ever
 * saves work, so a cache that cannot be opened or written is left alone and the call parses as if it had none.
 */
export function openParseCache(
  env: NodeJS.ProcessEnv,
  parse: ParseFn,
  fallback?: string | null,
): OpenParseCache | null {
  const dir = cacheDir(env, fallback);
  if (!dir) return null;
  let db: BetterSqlite3.Database;
  try {
    mkdirSync(dir, { recursive: true });
    // Loaded here, not imported: a call with the cache off never loads the native module (issue 11).
    const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
    db = new Sqlite(join(dir, 'parse-cache.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE IF NOT EXISTS parse_cache (key TEXT PRIMARY KEY, json TEXT NOT NULL)');
  } catch {
    return null;
  }
  const cache = new ParseCache(db, parse, { deferWrites: true });
  // One read transaction for the call's thousands of look-ups (each would otherwise open and close its own).
  db.exec('BEGIN');
  return {
    fn: cache.fn,
    stats: cache.stats,
    close() {
      try {
        db.exec('COMMIT');
        cache.flush();
      } catch {
        // Busy or full: the answers are simply not kept.
      }
      db.close();
    },
  };
}
