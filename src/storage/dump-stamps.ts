import type { BigIntStats } from 'node:fs';
import { mkdirSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { evictOldest, quietly, readChecked, writeChecked } from './cache-files.js';

/** How a file stood when it was opened: which file it is, its size, and when its bytes and its node last changed. */
export interface FileStamp {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
  /** Whether its last change was long enough before it was opened that a later change must show in its times. */
  settled: boolean;
}

/**
 * A change within this long before a file is opened may share its time stamp with a change after (a file system
 * keeps times at a coarse clock's step, a few milliseconds, seconds on some), as git's "racily clean" entries.
 */
export const SETTLE_NS = 2_000_000_000n;

/** The stamp of a file from its `fstat` (bigint, so nanoseconds are kept whole). */
export function stampOf(stat: BigIntStats, now = BigInt(Date.now()) * 1_000_000n): FileStamp {
  const { dev, ino, size, mtimeNs, ctimeNs } = stat;
  return { dev, ino, size, mtimeNs, ctimeNs, settled: ctimeNs < now - SETTLE_NS && mtimeNs < now - SETTLE_NS };
}

/** Whether two stamps are of the same file standing the same (`settled` aside). */
export function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

/** Dump files whose stamp is kept: the least recently used go first. */
export const STAMPS_KEPT = 256;

const MAGIC = 'moddesk-dump-stamp/1\n';
const NAME = /^[0-9a-f]{64}\.json$/;
const FIELDS = ['dev', 'ino', 'size', 'mtimeNs', 'ctimeNs'] as const;

/**
 * The SHA-256 of each dump file's bytes as an earlier call read them, kept with the file's stamp then (decision
 * 0028), one file per dump path in `dump-stamps/` of the cache folder. A later call that finds the file standing
 * exactly so (the same device and node, size, and nanosecond times of its bytes and of its node) takes the hash
 * from here and need not read the dump whole. A stamp is kept only when the file had settled (`SETTLE_NS`): a
 * write after it then changes the node's time, which no program can set back. A file that does not read back
 * whole is removed and read as none.
 */
export class DumpStamps {
  private readonly dir: string;

  constructor(cacheDir: string) {
    this.dir = join(cacheDir, 'dump-stamps');
  }

  /** The digest kept for `file` at this very stamp, or null. */
  digestOf(file: string, stamp: FileStamp): string | null {
    return (
      readChecked(this.fileOf(file), MAGIC, (body) => {
        const kept = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        if (typeof kept.digest !== 'string' || !/^[0-9a-f]{64}$/.test(kept.digest)) return null;
        const same = FIELDS.every((f) => kept[f] === String(stamp[f]));
        // Another stamp of the same path is the file before it changed: not an error, only not this one's.
        return same ? kept.digest : '';
      }) || null
    );
  }

  /** Keeps `digest` as the hash of `file`'s bytes at `stamp`, when the file had settled. */
  keep(file: string, stamp: FileStamp, digest: string): void {
    if (!stamp.settled) return;
    const kept: Record<string, string> = { file: resolve(file), digest };
    for (const f of FIELDS) kept[f] = String(stamp[f]);
    quietly(() => {
      mkdirSync(this.dir, { recursive: true });
      writeChecked(this.fileOf(file), MAGIC, Buffer.from(JSON.stringify(kept), 'utf8'));
      evictOldest(this.dir, STAMPS_KEPT, (n) => NAME.test(n), unlinkSync);
    });
  }

  private fileOf(file: string): string {
    const hash = process.getBuiltinModule('node:crypto').createHash('sha256').update(resolve(file));
    return join(this.dir, `${hash.digest('hex')}.json`);
  }
}
