import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModdeskError } from '../domain/errors.js';
import { openDatabase } from '../storage/open-database.js';
import { acquireLock } from './process-lock.js';

// One desk per database, whatever the path (issue 14 item 3). Cross-process and kill -9: test/reliability.
let dir: string;
let db: string;
const releases: (() => void)[] = [];
const take = (file: string) => {
  const release = acquireLock(file);
  releases.push(release);
  return release;
};
const refusal = (file: string): string => {
  try {
    take(file);
  } catch (err) {
    expect(err).toBeInstanceOf(ModdeskError);
    return (err as ModdeskError).oneLine();
  }
  throw new Error(`${file}: a second desk was let in`);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'moddesk-lock-'));
  db = join(dir, 'real', 'moddesk.db');
  take(db);
});
afterEach(() => {
  for (const release of releases.splice(0)) release();
  rmSync(dir, { recursive: true, force: true });
});

describe('the desk lock', () => {
  it('refuses a second desk through a symlink to the database, naming the real file', () => {
    symlinkSync(db, join(dir, 'link.db'));
    expect(refusal(join(dir, 'link.db'))).toBe(
      `${join(dir, 'link.db')}: another moddesk desk is using this database (${db}); stop it first`,
    );
  });

  it('refuses through a symlinked folder and through a relative path', () => {
    symlinkSync(join(dir, 'real'), join(dir, 'alias'));
    expect(refusal(join(dir, 'alias', 'moddesk.db'))).toMatch(/another moddesk desk is using this database/);
    expect(refusal(relative(process.cwd(), db))).toMatch(/another moddesk desk is using this database/);
    expect(refusal(join(dir, 'real', '..', 'real', './moddesk.db'))).toMatch(/another moddesk desk/);
  });

  it('refuses a database with a second hard link, wherever the link is', () => {
    mkdirSync(join(dir, 'elsewhere'));
    linkSync(db, join(dir, 'elsewhere', 'copy.db'));
    expect(refusal(join(dir, 'elsewhere', 'copy.db'))).toMatch(
      /copy\.db: the database has 2 hard links; one desk per database needs it to have one name/,
    );
  });

  it('is free again once released, and a different database has its own lock', () => {
    const other = join(dir, 'real', 'other.db');
    take(other);
    releases.shift()?.();
    take(join(dir, 'real', 'moddesk.db'));
    expect(refusal(other)).toMatch(/another moddesk desk/);
  });

  it('lets the locked desk use its database as usual, and a reader beside it', () => {
    const writer = openDatabase(db);
    writer.exec('CREATE TABLE t (x)');
    writer.prepare('INSERT INTO t VALUES (1)').run();
    const reader = openDatabase(join(dir, 'real', 'moddesk.db'), { migrate: false });
    expect(reader.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(1);
    reader.close();
    writer.close();
  });

  it('a folder it cannot make is one clear error', () => {
    writeFileSync(join(dir, 'file'), '');
    expect(refusal(join(dir, 'file', 'x.db'))).toMatch(/file\/x\.db: cannot open the database \((ENOTDIR|EEXIST)\)$/);
  });
});
