import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { completeLines, NEWLINE, readDumpLines } from '../../domain/dump.js';
import { ModdeskError } from '../../domain/errors.js';
import type { Post } from '../../domain/post.js';
import * as z from '../../domain/zod.js';
import { contentHash } from '../common/content-hash.js';
import type { ReadOptions, ReadStats } from '../common/paged-forum.js';
import type { SourceOptions } from '../common/paged-source.js';
import { PostBatch } from '../common/versions.js';
import type { Cursor, PostReceipt, ReadResult, ThreadSink, ThreadSource } from '../types.js';

const cursorSchema = z.object({
  v: z.literal(1),
  platform: z.literal('file'),
  path: z.string(),
  size: z.int(),
  mtimeMs: z.number(),
  /** sha256 of the first `size` bytes: when the file only grew, only its tail is read. */
  prefix: z.string(),
  /** Lines read so far (for line numbers in errors). */
  lines: z.int(),
  /** id → fingerprints (editedAt + content hash) of the versions already handed out. */
  known: z.record(z.string(), z.array(z.string())),
  /** Set by `requestFullRead`: the whole file is read again. */
  full: z.optional(z.boolean()),
});
type FileCursor = z.infer<typeof cursorSchema>;

/**
 * A saved thread dump (interfaces §1) as a ThreadSource: `url` is its path. A poll costs one file access: an
 * unchanged file (size and mtime) is not read; a file that only grew is read from where the last read stopped.
 */
export class FileSource implements ThreadSource, ThreadSink {
  readonly platform = 'file';
  readonly stats: ReadStats = { pagesParsed: 0, postsMapped: 0 };
  readonly path: string;

  constructor(opts: Pick<SourceOptions, 'url'>) {
    this.path = resolve(opts.url.startsWith('file:') ? new URL(opts.url).pathname : opts.url);
  }

  async read(cursor: Cursor | null, ro: ReadOptions = {}): Promise<ReadResult> {
    const state = cursor ? this.load(cursor) : null;
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(this.path);
    } catch (cause) {
      throw new ModdeskError('file-unreadable', 'cannot read the thread dump', { file: this.path, cause });
    }
    const full = state?.full === true;
    if (state && !full && state.size === info.size && state.mtimeMs === info.mtimeMs)
      return { posts: [], cursor: state, requests: 1 };
    const bytes = await readAll(this.path);
    const grewOnly =
      state !== null && !full && bytes.length >= state.size && sha256(bytes.subarray(0, state.size)) === state.prefix;
    const from = grewOnly ? state.size : 0;
    const startLine = grewOnly ? state.lines + 1 : 1;
    const complete = completeLines(bytes.subarray(from));
    this.stats.pagesParsed += 1;
    const { posts } = readDumpLines(complete, this.path, { firstLine: startLine });
    const known = state?.known ?? {};
    const batch = new PostBatch();
    for (const post of posts) {
      const print = fingerprint(post);
      const versions = known[post.id];
      if (versions?.includes(print)) continue;
      this.stats.postsMapped += 1;
      if (versions) {
        versions.push(print);
        batch.addVersion(post);
      } else {
        known[post.id] = [print];
        batch.addNew(post);
      }
    }
    const consumed = from + complete.length;
    const next: FileCursor = {
      v: 1,
      platform: 'file',
      path: this.path,
      size: consumed,
      mtimeMs: consumed === bytes.length ? info.mtimeMs : 0,
      prefix: sha256(bytes.subarray(0, consumed)),
      lines: startLine - 1 + newlines(complete),
      known,
    };
    ro.onProgress?.({ pagesDone: 1, pagesTotal: 1, posts: batch.size });
    return { posts: batch.take(), cursor: next, requests: 1 };
  }

  async reply(): Promise<PostReceipt> {
    return { id: null, url: null };
  }

  async sendMessage(): Promise<PostReceipt> {
    return { id: null, url: null };
  }

  private load(cursor: Cursor): FileCursor {
    const parsed = cursorSchema.safeParse(cursor);
    if (!parsed.success)
      throw new ModdeskError('usage', `the cursor is not a file cursor: ${parsed.error.issues[0]?.message}`);
    if (parsed.data.path !== this.path)
      throw new ModdeskError(
        'usage',
        `the cursor belongs to ${parsed.data.path}, not ${this.path}; use another cursor file`,
      );
    return structuredClone(parsed.data);
  }
}

function fingerprint(post: Post): string {
  return `${post.editedAt ?? ''}|${contentHash(post.html)}`;
}

function newlines(bytes: Buffer): number {
  let n = 0;
  for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, i + 1)) n += 1;
  return n;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

async function readAll(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

export function createFileSource(opts: Pick<SourceOptions, 'url'>): FileSource {
  return new FileSource(opts);
}
