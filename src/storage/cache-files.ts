import { readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
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
