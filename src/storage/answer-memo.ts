import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { foldVersion } from './parser-version.js';

/** Answers kept: older ones (by last use) are removed. */
export const ANSWERS_KEPT = 4096;

const MAGIC = 'moddesk-answer/1\n';
const NAME = /^[0-9a-f]{64}\.answer$/;
const sha256 = () => process.getBuiltinModule('node:crypto').createHash('sha256');

/**
 * A one-shot command's output kept by a SHA-256 of everything it read (decision 0013): the build, Node, the
 * command and its options, the game file's text and the dump's text. The same bytes in give the same bytes out,
 * so a call whose inputs an earlier successful call read prints its output without parsing them. A file that does
 * not read back whole is removed and read as a miss; a write that fails is dropped.
 */
export class AnswerMemo {
  private readonly dir: string;
  private readonly file: string;

  /** `inputs`: the command and its options, then the text of each file it reads. */
  constructor(cacheDir: string, inputs: string[]) {
    const hash = sha256().update(`${foldVersion()}\0${process.version}\0`);
    for (const part of inputs) hash.update(`${part.length}\0`).update(part).update('\0');
    this.dir = join(cacheDir, 'answers');
    this.file = join(this.dir, `${hash.digest('hex')}.answer`);
  }

  read(): string | null {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.file);
    } catch {
      return null;
    }
    const head = MAGIC.length;
    const body = bytes.subarray(head + 64);
    const whole =
      bytes.subarray(0, head).toString() === MAGIC &&
      bytes.subarray(head, head + 64).toString() === sha256().update(body).digest('hex');
    if (!whole) {
      quietly(() => unlinkSync(this.file));
      return null;
    }
    const now = new Date();
    quietly(() => utimesSync(this.file, now, now));
    return body.toString('utf8');
  }

  write(answer: string): void {
    quietly(() => {
      mkdirSync(this.dir, { recursive: true });
      const body = Buffer.from(answer, 'utf8');
      const tmp = `${this.file}.${process.pid}-${process.getBuiltinModule('node:crypto').randomBytes(4).toString('hex')}.tmp`;
      writeFileSync(tmp, Buffer.concat([Buffer.from(MAGIC + sha256().update(body).digest('hex')), body]));
      renameSync(tmp, this.file);
      const names = readdirSync(this.dir).filter((n) => NAME.test(n));
      if (names.length <= ANSWERS_KEPT) return;
      const aged = names.map((n) => ({ n, t: statSync(join(this.dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 }));
      aged.sort((a, b) => a.t - b.t);
      for (const { n } of aged.slice(0, names.length - ANSWERS_KEPT)) quietly(() => unlinkSync(join(this.dir, n)));
    });
  }
}

/** Another call may have removed or replaced the file first; the memo only ever saves work. */
function quietly(f: () => void): void {
  try {
    f();
  } catch {
    // a miss next time
  }
}
