import { closeSync, mkdirSync, openSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { ModdeskError } from '../domain/errors.js';

/**
 * One desk per database, whatever path reaches it. The lock is SQLite's own exclusive lock (POSIX record locks,
 * kept on the inode) on a lock file named by the database's device and inode, in the directory of its real path:
 * symlinks, relative paths and bind mounts all arrive at the same lock file, and the kernel drops the lock when
 * its holder dies, even by kill -9, so there is no stale lock to take over. A database with several hard links
 * is refused: a link in another directory would find another lock file, and SQLite names its write-ahead log
 * after the path it was opened by, so two names for one database can corrupt it (docs/decisions/0009).
 */
export function acquireLock(dbFile: string): () => void {
  const real = databaseFile(dbFile);
  const st = statSync(real, { bigint: true });
  if (st.nlink > 1n)
    throw new ModdeskError(
      'storage',
      `the database has ${st.nlink} hard links; one desk per database needs it to have one name: remove the other links (find / -samefile ${real})`,
      { file: dbFile },
    );
  const lockFile = join(dirname(real), `.moddesk-lock-${st.dev}-${st.ino}`);
  let db: Database | null = null;
  try {
    db = new BetterSqlite3(lockFile, { timeout: 0 });
    db.pragma('journal_mode = MEMORY'); // nothing is written; no -journal file beside the lock
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db?.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY')
      throw new ModdeskError(
        'storage',
        `another moddesk desk is using this database${real === resolve(dbFile) ? '' : ` (${real})`}; stop it first`,
        { file: dbFile },
      );
    throw new ModdeskError('storage', `cannot take the database lock (${(err as Error).message})`, {
      file: lockFile,
      cause: err,
    });
  }
  const held = db;
  return () => {
    if (!held.open) return;
    held.exec('ROLLBACK');
    held.close();
  };
}

/** The database's real path, creating it empty (as SQLite would) so that it has an inode to lock. */
function databaseFile(dbFile: string): string {
  try {
    mkdirSync(dirname(resolve(dbFile)), { recursive: true });
    closeSync(openSync(dbFile, 'a'));
    return realpathSync(dbFile);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new ModdeskError('storage', `cannot open the database (${code})`, { file: dbFile, cause: err });
  }
}
