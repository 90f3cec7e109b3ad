import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { endsWithNewline, NEWLINE } from '../domain/dump.js';
import { ModdeskError } from '../domain/errors.js';
import { type FileStamp, sameStamp, stampOf } from '../storage/dump-stamps.js';

/** A thread dump's bytes, read only as far as a call needs them. */
export interface DumpBytes {
  /** How many bytes the dump holds. */
  readonly size: number;
  /** All of them, read when first asked. */
  readonly bytes: Buffer;
  /** A SHA-256 of them (hex): given by a stamp (`openDumpFile`), else worked out from `bytes` when first asked. */
  readonly digest: string;
  /** The text of the bytes from `start` to `end`: a file whose whole has not been read gives that part alone. */
  text(start: number, end: number): string;
  /** Whether every line is whole: none, or the last ends with its newline (else it may be torn). */
  readonly endsWithNewline: boolean;
}

const sha256Hex = (bytes: Buffer) =>
  process.getBuiltinModule('node:crypto').createHash('sha256').update(bytes).digest('hex');

/** Bytes held in memory as a dump, hashed when first asked: a call with the caches off never needs the hash. */
export function dumpBytes(bytes: Buffer): DumpBytes {
  let digest: string | undefined;
  return {
    size: bytes.length,
    bytes,
    get digest() {
      digest ??= sha256Hex(bytes);
      return digest;
    },
    text: (start, end) => bytes.toString('utf8', start, end),
    endsWithNewline: endsWithNewline(bytes),
  };
}

/** A dump file, and how it stood when opened (`stamp`). */
export interface DumpFile extends DumpBytes {
  readonly stamp: FileStamp;
  /** Whether the digest came from the bytes (a stamp gave none). */
  readonly hashed: boolean;
}

/**
 * A dump file, of which nothing is read yet (decision 0028). `knownDigest` may give the SHA-256 of the bytes an
 * earlier call read at this very stamp (storage/dump-stamps.ts): then a call that finds all it needs in its
 * caches never reads the dump whole, only the lines it shows. A read after the call yielded opens the file again and
 * checks that it still stands as it did: one that changed is an error naming the file, never a mix of two versions.
 */
export function openDumpFile(file: string, knownDigest: (stamp: FileStamp) => string | null = () => null): DumpFile {
  // The lines a call reads lazily come one after another in one synchronous run: one descriptor serves them all
  // and is closed when the run yields (a descriptor a line cost about 60 µs more, decision 0028).
  let open: number | undefined;
  const keepOpen = (fd: number) => {
    open = fd;
    setImmediate(() => {
      open = undefined;
      closeSync(fd);
    }).unref();
    return fd;
  };
  const first = openFile(file);
  const stamp = stampOrClose(first, file);
  keepOpen(first);
  const descriptor = (): number => {
    if (open !== undefined) return open;
    const fd = openFile(file);
    if (!sameStamp(stampOrClose(fd, file), stamp)) {
      closeSync(fd);
      throw new ModdeskError('file-unreadable', CHANGED, { file });
    }
    return keepOpen(fd);
  };
  const size = Number(stamp.size);
  const given = knownDigest(stamp);
  let whole: Buffer | undefined;
  let digest = given ?? undefined;
  const read = (start: number, end: number): Buffer => {
    const fd = descriptor();
    const out = Buffer.allocUnsafe(end - start);
    for (let at = 0; at < out.length; ) {
      const n = systemCall(file, () => readSync(fd, out, at, out.length - at, start + at));
      if (n === 0)
        throw new ModdeskError('file-unreadable', 'the thread dump ended early while it was being read', { file });
      at += n;
    }
    return out;
  };
  let newline: boolean | undefined;
  return {
    size,
    stamp,
    hashed: given === null,
    get bytes() {
      whole ??= read(0, size);
      return whole;
    },
    get digest() {
      digest ??= sha256Hex(this.bytes);
      return digest;
    },
    text: (start, end) => (whole ? whole.toString('utf8', start, end) : read(start, end).toString('utf8')),
    get endsWithNewline() {
      newline ??= size === 0 || (whole ? whole[size - 1] : read(size - 1, size)[0]) === NEWLINE;
      return newline;
    },
  };
}

const CHANGED = 'the thread dump changed while it was being read; run the command again';

function openFile(file: string): number {
  return systemCall(file, () => openSync(file, 'r'));
}

/** The stamp of an open file; the file is closed when it cannot be had. */
function stampOrClose(fd: number, file: string): FileStamp {
  try {
    return systemCall(file, () => stampOf(fstatSync(fd, { bigint: true })));
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/** A call to the system about the dump; its failure is a ModdeskError naming the file. */
function systemCall<T>(file: string, call: () => T): T {
  try {
    return call();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new ModdeskError('file-unreadable', `cannot read the thread dump (${code})`, { file, cause: err });
  }
}
