import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, realpathSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { ModdeskError } from '../domain/errors.js';

/**
 * One desk per database, whatever path reaches it, in two locks (docs/decisions/0009, 0031):
 * - an OS lock on the database file itself (`flock(2)` on its open file, held by a `flock(1)` child that lives as
 *   long as this process: it waits on a pipe from us, which the kernel closes when we die, even by kill -9). It is
 *   kept by the inode, so every path to the file meets it: a bind mount of the file (a container's volume) too;
 * - SQLite's own exclusive lock (POSIX record locks) on a lock file named by the database's device and inode, in the
 *   directory of its real path, for systems without `flock(1)`: symlinks and relative paths arrive at it.
 * A database with several hard links is refused: SQLite names its write-ahead log after the path it was opened by,
 * so two names for one database can corrupt it.
 */
export async function acquireLock(dbFile: string): Promise<() => Promise<void>> {
  const releaseFile = lockFileLock(dbFile);
  try {
    const releaseInode = await inodeLock(dbFile);
    return async () => {
      await releaseInode();
      releaseFile();
    };
  } catch (err) {
    releaseFile();
    throw err;
  }
}

const FLOCK = ['/usr/bin/flock', '/bin/flock'];
/** flock(1)'s exit code when the file is locked already (`--conflict-exit-code`). */
const BUSY = 75;

/**
 * The OS lock on the database file's inode, held by a `flock(1)` child (a no-op where there is no flock(1)). Its
 * release ends once the child is gone, and the lock with it: a desk opened right after, in this process or another,
 * finds the database free (the kernel drops the lock as the child dies, not as it is sent the signal).
 */
async function inodeLock(dbFile: string): Promise<() => Promise<void>> {
  const bin = FLOCK.find((f) => existsSync(f));
  if (!bin) return async () => {};
  const real = realpathSync(dbFile);
  // `--close`: the command does not inherit the lock; flock holds it until `cat` ends, which is when our end of its
  // stdin closes (a release, our exit, or our death).
  const child = spawn(
    bin,
    [
      '--nonblock',
      '--conflict-exit-code',
      String(BUSY),
      '--close',
      real,
      'sh',
      '-c',
      'echo locked; exec cat >/dev/null',
    ],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let said = '';
  child.stderr.on('data', (c: Buffer) => {
    said = (said + c.toString()).slice(-400);
  });
  const outcome = await new Promise<'locked' | number | Error>((resolve) => {
    child.stdout.once('data', () => resolve('locked'));
    // 'close', not 'exit': flock's words on stderr are read by then.
    child.once('close', (code) => resolve(code ?? -1));
    child.once('error', (err) => resolve(err));
  });
  if (outcome === 'locked') {
    // The holder must not keep this process alive, nor its pipes.
    child.unref();
    child.stdout.destroy();
    child.stderr.destroy();
    (child.stdin as unknown as { unref(): void }).unref();
    return () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // Held again until it is gone: a desk stopping with nothing else left to wait for would end first.
        child.ref();
        child.once('exit', () => resolve());
        child.stdin.end();
        child.kill('SIGKILL');
      });
  }
  if (outcome === BUSY) throw busy(dbFile, real);
  throw new ModdeskError(
    'storage',
    `cannot take the database lock (${outcome instanceof Error ? outcome.message : `flock exited ${outcome}: ${said.trim()}`})`,
    { file: dbFile },
  );
}

const busy = (dbFile: string, real: string) =>
  new ModdeskError(
    'storage',
    `another moddesk desk is using this database${real === resolve(dbFile) ? '' : ` (${real})`}; stop it first`,
    { file: dbFile },
  );

function lockFileLock(dbFile: string): () => void {
  const real = databaseFile(dbFile);
  const st = statSync(real, { bigint: true });
  if (st.nlink > 1n)
    throw new ModdeskError(
      'storage',
      `the database has ${st.nlink} hard links; one desk per database needs it to have one name: remove the other links (find / -samefile ${real})`,
      { file: dbFile },
    );
  const lockFile = lockFileOf(real, st);
  let db: Database | null = null;
  try {
    db = new BetterSqlite3(lockFile, { timeout: 0 });
    db.pragma('journal_mode = MEMORY'); // nothing is written; no -journal file beside the lock
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db?.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') throw busy(dbFile, real);
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

const lockFileOf = (real: string, st: { dev: bigint; ino: bigint }) =>
  join(dirname(real), `.moddesk-lock-${st.dev}-${st.ino}`);

/**
 * Removes a database this desk made and then could not use (a refused game file, a first `watch --once` whose reads
 * all failed), with its lock file, so that a failed start leaves no empty database behind (issue 32, m8). Called
 * after the lock is released.
 */
export function removeDatabase(dbFile: string): void {
  const st = statSync(dbFile, { bigint: true, throwIfNoEntry: false });
  if (!st) return;
  const real = realpathSync(dbFile);
  for (const f of [lockFileOf(real, st), `${real}-wal`, `${real}-shm`, real]) rmSync(f, { force: true });
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
