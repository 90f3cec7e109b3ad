import { type DumpLines, postOfLine } from './dump.js';
import type { Channel, Post } from './post.js';

/**
 * What a one-shot call needs to know of every line of a dump without reading its post (decision 0027): where the
 * line is in the bytes, and the post's id, time and channel. Kept by a call that read the dump whole, for the next
 * call over the very same bytes (storage/dump-indexes.ts), which then reads only the posts it uses.
 */
export interface DumpIndex {
  starts: number[];
  ends: number[];
  ids: string[];
  createdAt: string[];
  channels: Channel[];
}

/** The index of a dump read whole (its lines in file order). */
export function indexOf(lines: DumpLines): DumpIndex {
  return {
    starts: lines.starts,
    ends: lines.ends,
    ids: lines.posts.map((p) => p.id),
    createdAt: lines.posts.map((p) => p.createdAt),
    channels: lines.posts.map((p) => p.channel),
  };
}

/** Whether a value read back is an index of `bytes` (arrays of one length, lines inside the bytes and in order). */
export function isIndexOf(value: unknown, bytes: Buffer): value is DumpIndex {
  if (typeof value !== 'object' || value === null) return false;
  const { starts, ends, ids, createdAt, channels } = value as Record<string, unknown>;
  if (![starts, ends, ids, createdAt, channels].every(Array.isArray)) return false;
  const n = (ids as unknown[]).length;
  if (![starts, ends, createdAt, channels].every((a) => (a as unknown[]).length === n)) return false;
  let last = 0;
  for (let i = 0; i < n; i++) {
    const s = (starts as unknown[])[i];
    const e = (ends as unknown[])[i];
    if (!Number.isInteger(s) || !Number.isInteger(e) || (s as number) < last || (e as number) < (s as number))
      return false;
    if ((e as number) > bytes.length) return false;
    last = e as number;
    if (typeof (ids as unknown[])[i] !== 'string' || typeof (createdAt as unknown[])[i] !== 'string') return false;
    const c = (channels as unknown[])[i];
    if (c !== 'thread' && c !== 'pm') return false;
  }
  return true;
}

/** A post of an indexed dump: its line, and the post once its line is read. */
interface Line {
  line: number;
  post: Post | null;
}

/**
 * The posts of a dump whose index an earlier call kept, each read from its line only when something other than
 * its id, time or channel is asked of it: a call resumed from a fold point reads only the posts after it. A post
 * read this way is the object `readDumpLines` makes of its line (the same checks, which the earlier call passed
 * over the same bytes), behind a proxy that answers every question as that object. One handler serves them all.
 */
export function postsFromIndex(bytes: Buffer, index: DumpIndex, file: string): Post[] {
  const read = (t: Line): Post => {
    t.post ??= postOfLine(bytes.toString('utf8', index.starts[t.line], index.ends[t.line]), file, t.line + 1);
    return t.post;
  };
  const handler: ProxyHandler<Line> = {
    get: (t, key) => {
      if (t.post === null) {
        if (key === 'id') return index.ids[t.line];
        if (key === 'createdAt') return index.createdAt[t.line];
        if (key === 'channel') return index.channels[t.line];
      }
      return Reflect.get(read(t), key);
    },
    has: (t, key) => Reflect.has(read(t), key),
    ownKeys: (t) => Reflect.ownKeys(read(t)),
    // A proxy may not call a property its target lacks non-configurable: the target is the line, not the post.
    getOwnPropertyDescriptor: (t, key) => {
      const d = Reflect.getOwnPropertyDescriptor(read(t), key);
      return d && { ...d, configurable: true };
    },
    getPrototypeOf: (t) => Reflect.getPrototypeOf(read(t)),
    set: (t, key, value) => Reflect.set(read(t), key, value),
    defineProperty: (t, key, d) => Reflect.defineProperty(read(t), key, d),
    deleteProperty: (t, key) => Reflect.deleteProperty(read(t), key),
  };
  return index.ids.map((_, line) => new Proxy<Line>({ line, post: null }, handler) as unknown as Post);
}
