import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { ModdeskError } from '../domain/errors.js';
import { migrate, SCHEMA_VERSION } from './migrations.js';

/**
 * Opens (creating if needed) the desk's SQLite file in WAL mode and migrates it to the newest schema. A database
 * written by a newer moddesk is refused rather than misread.
 */
export function openDatabase(file: string, opts: { migrate?: boolean } = {}): Database {
  let db: Database;
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    db = new BetterSqlite3(file);
  } catch (err) {
    throw new ModdeskError('storage', `cannot open the database (${(err as Error).message})`, { file, cause: err });
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    db.close();
    throw new ModdeskError(
      'storage',
      `the database has schema version ${version}, newer than this moddesk (${SCHEMA_VERSION}); upgrade moddesk`,
      { file },
    );
  }
  if (opts.migrate !== false) migrate(db);
  return db;
}
