import { mkdirSync, unlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { evictOldest, quietly, readChecked, writeChecked } from './cache-files.js';
import { foldVersion } from './parser-version.js';

/**
 * Answers kept: older ones (by last use) are removed. Listing the folder costs a call about 8 ms once it holds
 * thousands, so it is listed at one write in 16 (a name starting with `0`): the folder holds a few more at most.
 */
export const ANSWERS_KEPT = 4096;

const MAGIC = 'moddesk-answer/2\n';
const NAME = /^[0-9a-f]{64}\.answer$/;
const sha256 = () => process.getBuiltinModule('node:crypto').createHash('sha256');

/**
 * A one-shot command's output kept by a SHA-256 of everything it read (decision 0013): the build, Node, the
 * command and its options, the game file's text and the dump's bytes (by their hash). The same bytes in give the same bytes out,
 * so a call whose inputs an earlier successful call read prints its output without parsing them. A file that does
 * not read back whole is removed and read as a miss; a write that fails is dropped. Outputs are deflated (a
 * `state` JSON is tens of kilobytes).
 */
export class AnswerMemo {
  private readonly dir: string;
  private readonly file: string;

  /** `inputs`: the command and its options, then the text (or a hash) of each file it reads; `folder`: under `cacheDir`. */
  constructor(
    cacheDir: string,
    inputs: string[],
    private readonly kept = ANSWERS_KEPT,
    folder = 'answers',
  ) {
    const hash = sha256().update(`${foldVersion()}\0${process.version}\0`);
    for (const part of inputs) hash.update(`${part.length}\0`).update(part).update('\0');
    this.dir = join(cacheDir, folder);
    this.file = join(this.dir, `${hash.digest('hex')}.answer`);
  }

  read(): string | null {
    return readChecked(this.file, MAGIC, (body) =>
      process.getBuiltinModule('node:zlib').inflateRawSync(body).toString('utf8'),
    );
  }

  write(answer: string): void {
    quietly(() => {
      mkdirSync(this.dir, { recursive: true });
      writeChecked(
        this.file,
        MAGIC,
        process.getBuiltinModule('node:zlib').deflateRawSync(Buffer.from(answer, 'utf8'), { level: 1 }),
      );
      if (basename(this.file).startsWith('0')) evictOldest(this.dir, this.kept, (n) => NAME.test(n), unlinkSync);
    });
  }
}
