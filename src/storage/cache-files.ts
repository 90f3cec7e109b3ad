import { readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes `file` whole: under a temporary name, then renamed, so a call at the same time never reads half of it. */
export function writeWhole(file: string, bytes: Buffer): void {
  const tmp = `${file}.${process.pid}-${process.getBuiltinModule('node:crypto').randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

/** Removes the least recently used names of `dir` beyond `keep` (a file's or folder's last change). */
export function evictOldest(
  dir: string,
  keep: number,
  ours: (name: string) => boolean,
  remove: (path: string) => void,
) {
  const names = readdirSync(dir).filter(ours);
  if (names.length <= keep) return;
  const aged = names.map((n) => ({ n, t: statSync(join(dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 }));
  aged.sort((a, b) => a.t - b.t);
  for (const { n } of aged.slice(0, names.length - keep)) quietly(() => remove(join(dir, n)));
}

/** A cache only ever saves work: another call may have removed or replaced the file first, a disk may be full. */
export function quietly(f: () => void): void {
  try {
    f();
  } catch {
    // a miss next time
  }
}

const sha256Hex = (body: Buffer) =>
  process.getBuiltinModule('node:crypto').createHash('sha256').update(body).digest('hex');

/** Writes a cache file whole (`writeWhole`): `magic` (its kind and format), a SHA-256 of `body`, then `body`. */
export function writeChecked(file: string, magic: string, body: Buffer): void {
  writeWhole(file, Buffer.concat([Buffer.from(magic + sha256Hex(body)), body]));
}

/**
 * What `accept` makes of the body of a file `writeChecked` wrote with `magic`; null when there is none. A file that
 * is not whole, or whose body `accept` refuses (null) or cannot read (throws), is removed: a cache file only ever
 * saves work. A file read is touched, so the least recently used go first (`evictOldest`).
 */
export function readChecked<T>(file: string, magic: string, accept: (body: Buffer) => T | null): T | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  const head = magic.length;
  const body = bytes.subarray(head + 64);
  let value: T | null = null;
  try {
    if (bytes.subarray(0, head).toString() === magic && bytes.subarray(head, head + 64).toString() === sha256Hex(body))
      value = accept(body);
  } catch {
    value = null;
  }
  if (value === null) {
    quietly(() => unlinkSync(file));
    return null;
  }
  const now = new Date();
  quietly(() => utimesSync(file, now, now));
  return value;
}
