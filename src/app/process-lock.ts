import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ModdeskError } from '../domain/errors.js';

/**
 * One desk per database: a lock file beside it holding the owner's pid. A lock left by a process that no longer
 * runs (killed with -9) is taken over.
 */
export function acquireLock(dbFile: string): () => void {
  const file = `${dbFile}.lock`;
  for (let tries = 0; tries < 2; tries++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && alive(pid)) {
        throw new ModdeskError('storage', `another moddesk (pid ${pid}) is using this database; stop it first`, {
          file: dbFile,
        });
      }
      rmSync(file, { force: true });
    }
  }
  throw new ModdeskError('storage', 'could not take the database lock', { file: dbFile });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
