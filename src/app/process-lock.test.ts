import { spawnSync } from 'node:child_process';
import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModdeskError } from '../domain/errors.js';
import { openDatabase } from '../storage/open-database.js';
import { acquireLock } from './process-lock.js';

// One desk per database, whatever the path (issue 14 item 3). Cross-process and kill -9: test/reliability.
let dir: string;
let db: string;
const releases: (() => Promise<void>)[] = [];
const take = async (file: string) => {
  const release = await acquireLock(file);
  releases.push(release);
  return release;
};
const refusal = async (file: string): Promise<string> => {
  try {
    await take(file);
  } catch (err) {
    expect(err).toBeInstanceOf(ModdeskError);
    return (err as ModdeskError).oneLine();
  }
  throw new Error(`${file}: a second desk was let in`);
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'moddesk-lock-'));
  db = join(dir, 'real', 'moddesk.db');
  await take(db);
});
afterEach(async () => {
  for (const release of releases.splice(0)) await release();
  rmSync(dir, { recursive: true, force: true });
});

describe('the desk lock', () => {
  it('once its release has ended, the next desk takes the database at once (in this process too)', async () => {
    // The lock is held by a flock(1) child naming the database: once the release ends, none may be left.
    const read = (file: string) => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return ''; // gone meanwhile
      }
    };
    const holders = () =>
      readdirSync('/proc/self/task')
        .flatMap((t) => read(`/proc/self/task/${t}/children`).trim().split(/\s+/))
        .filter((pid) => pid && read(`/proc/${pid}/cmdline`).split('\0').includes(realpathSync(db)));
    let release = releases.splice(0)[0]!;
    expect(holders()).toHaveLength(1);
    for (let i = 0; i < 20; i++) {
      await release();
      expect(holders(), `cycle ${i}: the lock's holder is gone`).toEqual([]);
      release = await acquireLock(db);
    }
    releases.push(release);
  });

  it('refuses a second desk through a symlink to the database, naming the real file', async () => {
    symlinkSync(db, join(dir, 'link.db'));
    expect(await refusal(join(dir, 'link.db'))).toBe(
      `${join(dir, 'link.db')}: another moddesk desk is using this database (${db}); stop it first`,
    );
  });

  it('refuses through a symlinked folder and through a relative path', async () => {
    symlinkSync(join(dir, 'real'), join(dir, 'alias'));
    expect(await refusal(join(dir, 'alias', 'moddesk.db'))).toMatch(/another moddesk desk is using this database/);
    expect(await refusal(relative(process.cwd(), db))).toMatch(/another moddesk desk is using this database/);
    expect(await refusal(join(dir, 'real', '..', 'real', './moddesk.db'))).toMatch(/another moddesk desk/);
  });

  it('refuses a database with a second hard link, wherever the link is', async () => {
    mkdirSync(join(dir, 'elsewhere'));
    linkSync(db, join(dir, 'elsewhere', 'copy.db'));
    expect(await refusal(join(dir, 'elsewhere', 'copy.db'))).toMatch(
      /copy\.db: the database has 2 hard links; one desk per database needs it to have one name/,
    );
  });

  it('is free again once released, and a different database has its own lock', async () => {
    const other = join(dir, 'real', 'other.db');
    await take(other);
    releases.shift()?.();
    // The holder of the OS lock ends a moment after the release.
    for (let n = 0; ; n++) {
      try {
        await take(join(dir, 'real', 'moddesk.db'));
        break;
      } catch (err) {
        if (n > 100) throw err;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    expect(await refusal(other)).toMatch(/another moddesk desk/);
  });

  it('lets the locked desk use its database as usual, and a reader beside it', async () => {
    const writer = openDatabase(db);
    writer.exec('CREATE TABLE t (x)');
    writer.prepare('INSERT INTO t VALUES (1)').run();
    const reader = openDatabase(join(dir, 'real', 'moddesk.db'), { migrate: false });
    expect(reader.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(1);
    reader.close();
    writer.close();
  });

  it('refuses a second desk through a bind mount of the database file (another path, not a link: the lock is on the file itself)', async () => {
    // A bind mount needs root (as a container runtime has); the suite says so rather than skip.
    const bound = join(dir, 'bound.db');
    writeFileSync(bound, '');
    const mount = spawnSync('mount', ['--bind', db, bound], { encoding: 'utf8' });
    expect(mount.status, `mount --bind needs root here: ${mount.stderr}`).toBe(0);
    try {
      expect(statSync(bound).ino).toBe(statSync(db).ino);
      expect(realpathSync(bound)).toBe(bound);
      expect(await refusal(bound)).toBe(`${bound}: another moddesk desk is using this database; stop it first`);
    } finally {
      spawnSync('umount', [bound]);
    }
  });

  it('a folder it cannot make is one clear error', async () => {
    writeFileSync(join(dir, 'file'), '');
    expect(await refusal(join(dir, 'file', 'x.db'))).toMatch(
      /file\/x\.db: cannot open the database \((ENOTDIR|EEXIST)\)$/,
    );
  });
});
