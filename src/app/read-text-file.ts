import { readFileSync } from 'node:fs';
import { ModdeskError } from '../domain/errors.js';

/** Reads a UTF-8 file; a failure is a ModdeskError naming the file and what it was for ("the game file"). */
export function readTextFile(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new ModdeskError('file-unreadable', `cannot read ${what} (${code})`, { file, cause: err });
  }
}
