import { readFileSync } from 'node:fs';
import { ModdeskError } from '../domain/errors.js';

/** Reads a UTF-8 file; a failure is a ModdeskError naming the file and what it was for ("the game file"). */
export function readTextFile(file: string, what: string): string {
  return readFileBytes(file, what).toString('utf8');
}

/** Reads a file's bytes; a failure is a ModdeskError naming the file and what it was for ("the thread dump"). */
export function readFileBytes(file: string, what: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new ModdeskError('file-unreadable', `cannot read ${what} (${code})`, { file, cause: err });
  }
}
