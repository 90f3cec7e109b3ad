import { randomBytes } from 'node:crypto';
import { closeSync, lstatSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { enclosingRepo } from './secrets.js';

/** What a kept token looks like (a fresh one is 32 base64url characters); anything else is replaced. */
const TOKEN = /^[\w-]{16,200}$/;

/**
 * The dashboard's token kept beside the database (`<database>.token`, readable by its owner only), so the link a
 * moderator bookmarked still opens the desk after a restart (issue 32, m3). A file anyone else could read, or one
 * that is not a plain file, is replaced by a new token; none is kept for an in-memory database or one inside a git
 * checkout (a secret there is one `git add` away from being published): then `undefined`, and the desk makes a
 * token for this run only.
 */
export function keptToken(database: string, warn: (line: string) => void): string | undefined {
  if (database === ':memory:') return undefined;
  const file = `${database}.token`;
  if (enclosingRepo(resolve(file))) {
    warn(
      `moddesk: the dashboard's token is new at each start (the database is inside a git checkout, where moddesk keeps no secret); set MODDESK_DASHBOARD_TOKEN to keep one\n`,
    );
    return undefined;
  }
  const st = lstatSync(file, { throwIfNoEntry: false });
  if (st?.isFile() && (st.mode & 0o077) === 0) {
    const kept = readFileSync(file, 'utf8').trim();
    if (TOKEN.test(kept)) return kept;
  }
  if (st) {
    if (st.isFile() || st.isSymbolicLink()) {
      warn(`moddesk: ${file} was not a token only its owner can read; a new token replaces it\n`);
      rmSync(file, { force: true });
    } else return undefined;
  }
  const token = randomBytes(24).toString('base64url');
  try {
    // `wx`: never through a file or link put there meanwhile; 0600 from the first byte.
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, `${token}\n`);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    warn(
      `moddesk: cannot keep the dashboard's token in ${file} (${(err as NodeJS.ErrnoException).code ?? err}); it is new at each start\n`,
    );
  }
  return token;
}
