import { existsSync } from 'node:fs';
import { appendFile, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { ModdeskError } from '../domain/errors.js';
import type { Post } from '../domain/post.js';
import * as z from '../domain/zod.js';
import { contentHash } from './common/content-hash.js';
import { sortDump } from './common/versions.js';
import type { Cursor } from './types.js';

/**
 * The files of `moddesk fetch`: the dump it appends to and the cursor file it resumes from. The cursor remembers
 * how long the dump was when it was written, so lines appended by a run that died before saving its cursor are cut
 * off and fetched again (nothing twice, nothing lost).
 */
const cursorFileSchema = z.object({
  schema: z.literal('moddesk.fetch-cursor/1'),
  platform: z.string(),
  url: z.string(),
  outBytes: z.int().check(z.gte(0)),
  cursor: z.record(z.string(), z.unknown()),
});

export interface SessionStart {
  cursor: Cursor | null;
}

export class FetchSession {
  /** id → fingerprints of versions already in the dump (loaded only when there is something to write). */
  private seen: Map<string, Set<string>> | null = null;
  fresh = 0;
  edited = 0;
  written = 0;

  /** Where posts are written: the dump itself, or (without a cursor file) a new file that replaces it at the end. */
  private readonly target: string;

  constructor(
    readonly platform: string,
    readonly url: string,
    readonly out: string,
    readonly cursorFile: string | null,
  ) {
    this.target = cursorFile ? out : `${out}.partial-${process.pid}`;
  }

  /**
   * Prepares the dump and returns where to start. Without a cursor file the thread is read from scratch into a new
   * file, which replaces the dump only when the read succeeds (a failed fetch leaves the old dump as it was).
   */
  async start(): Promise<SessionStart> {
    if (!this.cursorFile) {
      await writeFile(this.target, '');
      this.seen = new Map();
      return { cursor: null };
    }
    const saved = await this.readCursorFile(this.cursorFile);
    const outSize = existsSync(this.out) ? (await stat(this.out)).size : -1;
    if (saved && outSize >= saved.outBytes) {
      if (outSize > saved.outBytes) await truncate(this.out, saved.outBytes);
      return { cursor: saved.cursor };
    }
    // No cursor yet (or a dump shorter than it remembers): read from the beginning, keeping what the dump has up to
    // its last whole line. A last line cut off by a crash mid-append is fetched again and written whole.
    if (outSize < 0) await writeFile(this.out, '');
    else await dropTornTail(this.out);
    return { cursor: null };
  }

  /** Appends the posts the dump does not hold yet, then saves the cursor. */
  async commit(posts: Post[], cursor: Cursor): Promise<void> {
    if (posts.length > 0) {
      const seen = await this.loadSeen();
      const lines: string[] = [];
      for (const post of sortDump(posts)) {
        const print = fingerprint(post);
        const versions = seen.get(post.id);
        if (versions?.has(print)) continue;
        if (versions) {
          versions.add(print);
          this.edited += 1;
        } else {
          seen.set(post.id, new Set([print]));
          this.fresh += 1;
        }
        lines.push(`${JSON.stringify(post)}\n`);
      }
      if (lines.length > 0) await appendFile(this.target, lines.join(''));
      this.written += lines.length;
    }
    if (this.cursorFile) {
      const outBytes = (await stat(this.out)).size;
      const body = { schema: 'moddesk.fetch-cursor/1', platform: this.platform, url: this.url, outBytes, cursor };
      const tmp = `${this.cursorFile}.tmp-${process.pid}`;
      await writeFile(tmp, `${JSON.stringify(body)}\n`);
      await rename(tmp, this.cursorFile);
    }
  }

  /** The read succeeded: a from-scratch dump replaces the old one. */
  async finish(): Promise<void> {
    if (this.target !== this.out) await rename(this.target, this.out);
  }

  /** The read failed: a from-scratch dump is dropped; an appended dump keeps what its cursor covers. */
  async abandon(): Promise<void> {
    if (this.target !== this.out) await rm(this.target, { force: true });
  }

  private async loadSeen(): Promise<Map<string, Set<string>>> {
    if (this.seen) return this.seen;
    const seen = new Map<string, Set<string>>();
    const text = existsSync(this.out) ? await readFile(this.out, 'utf8') : '';
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        const post = JSON.parse(line) as Post;
        const set = seen.get(post.id) ?? new Set<string>();
        set.add(fingerprint(post));
        seen.set(post.id, set);
      } catch {
        // A line we cannot read is left as it is; `moddesk state` names it.
      }
    }
    this.seen = seen;
    return seen;
  }

  private async readCursorFile(file: string): Promise<z.infer<typeof cursorFileSchema> | null> {
    if (!existsSync(file)) return null;
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (cause) {
      throw new ModdeskError('file-unreadable', 'the cursor file is not JSON; delete it to start over', {
        file,
        place: 'line 1',
        cause,
      });
    }
    const parsed = cursorFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ModdeskError('usage', `not a moddesk fetch cursor: ${issue?.message ?? 'bad shape'}`, {
        file,
        place: issue?.path.join('.') || 'top',
      });
    }
    if (parsed.data.platform !== this.platform || parsed.data.url !== this.url) {
      throw new ModdeskError(
        'usage',
        `this cursor is for ${parsed.data.platform} ${parsed.data.url}, not ${this.platform} ${this.url}; use another cursor file`,
        { file, place: 'url' },
      );
    }
    return parsed.data;
  }
}

function fingerprint(post: Post): string {
  return `${post.editedAt ?? ''}|${contentHash(post.html)}`;
}

/** Cuts a dump back to just after its last newline (nothing to do when it ends with one). */
async function dropTornTail(file: string): Promise<void> {
  const bytes = await readFile(file);
  if (bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a) await truncate(file, bytes.lastIndexOf(0x0a) + 1);
}
