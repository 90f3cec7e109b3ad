import { mkdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type DumpIndex, isIndexOf } from '../domain/dump-index.js';
import { evictOldest, quietly, readChecked, writeChecked } from './cache-files.js';
import { foldVersion } from './parser-version.js';

/** Dumps whose index is kept (train/ has about 60): the least recently used go first. */
export const INDEXES_KEPT = 256;

const MAGIC = 'moddesk-dump-index/2\n';
const NAME = /^[0-9a-f]{64}\.json$/;
const sha256 = () => process.getBuiltinModule('node:crypto').createHash('sha256');

/**
 * The line index of each dump an earlier call read whole (decision 0027), one file per dump and build in
 * `dump-index/` of the cache folder, keyed by a SHA-256 of the dump's bytes and the build of the reader that
 * checked them: the index says those very bytes passed every check. A file that does not read back whole, or
 * whose lines do not fit the bytes, is removed and read as none; a write that fails only costs a later call a
 * whole read.
 */
export class DumpIndexes {
  private readonly dir: string;

  constructor(cacheDir: string) {
    this.dir = join(cacheDir, 'dump-index');
  }

  /** The index kept for a dump of `size` bytes whose SHA-256 is `digest` (hex), or null. */
  read(size: number, digest: string): DumpIndex | null {
    return readChecked(this.fileOf(digest), MAGIC, (body) => {
      const index = JSON.parse(body.toString('utf8')) as unknown;
      return isIndexOf(index, size) ? index : null;
    });
  }

  /** Keeps the index of these bytes for later calls. */
  write(digest: string, index: DumpIndex): void {
    quietly(() => {
      mkdirSync(this.dir, { recursive: true });
      writeChecked(this.fileOf(digest), MAGIC, Buffer.from(JSON.stringify(index), 'utf8'));
      evictOldest(this.dir, INDEXES_KEPT, (n) => NAME.test(n), unlinkSync);
    });
  }

  private fileOf(digest: string): string {
    return join(this.dir, `${sha256().update(`${foldVersion()}\0${digest}`).digest('hex')}.json`);
  }
}
