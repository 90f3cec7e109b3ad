import { type DumpLines, NEWLINE, postOfLine } from './dump.js';
import type { Channel, Post } from './post.js';

/**
 * What a one-shot call needs to know of every line of a dump without reading it (decision 0027): where the line is
 * in the bytes, and every field of its post the fold asks of each post (not the body, `url`, `to` or other
 * extras). Kept by a call that read the dump whole, for the next call over the very same bytes
 * (storage/dump-indexes.ts), which then reads only the lines whose bodies it parses or shows.
 */
export interface DumpIndex {
  starts: number[];
  ends: number[];
  ids: string[];
  authors: string[];
  createdAt: string[];
  editedAt: (string | null)[];
  channels: Channel[];
  /** The lines whose post has a `readNote` (an adapter's note on a body it could not keep whole), ascending. */
  noted: number[];
  /** A hash of each line's bytes, 16 bytes a line, as base64: the fold points' key of a dump's first lines (decision 0028). */
  lineHashes: string;
}

/** The bytes of each line's hash in `lineHashes`. */
export const LINE_HASH_BYTES = 16;

/** The index of a dump read whole (its lines in file order), with its lines' hashes (`LINE_HASH_BYTES` each). */
export function indexOf(lines: DumpLines, lineHashes: Buffer): DumpIndex {
  const { posts } = lines;
  return {
    starts: lines.starts,
    ends: lines.ends,
    ids: posts.map((p) => p.id),
    authors: posts.map((p) => p.author),
    createdAt: posts.map((p) => p.createdAt),
    editedAt: posts.map((p) => p.editedAt),
    channels: posts.map((p) => p.channel),
    noted: posts.flatMap((p, line) => ('readNote' in p ? [line] : [])),
    lineHashes: lineHashes.toString('base64'),
  };
}

const isInt = (v: unknown): v is number => Number.isInteger(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/** Whether a value read back is an index of a dump of `size` bytes (arrays of one length, lines inside it and in order). */
export function isIndexOf(value: unknown, size: number): value is DumpIndex {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<keyof DumpIndex, unknown>;
  const lists = [v.starts, v.ends, v.ids, v.authors, v.createdAt, v.editedAt, v.channels];
  if (!lists.every(Array.isArray) || !Array.isArray(v.noted)) return false;
  const [starts, ends, ids, authors, createdAt, editedAt, channels] = lists as unknown[][];
  const n = (ids as unknown[]).length;
  if (!lists.every((a) => (a as unknown[]).length === n)) return false;
  const hashes = v.lineHashes;
  if (typeof hashes !== 'string' || hashes.length !== Math.ceil((n * LINE_HASH_BYTES) / 3) * 4) return false;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(hashes)) return false;
  let last = 0;
  for (let i = 0; i < n; i++) {
    const s = starts?.[i];
    const e = ends?.[i];
    if (!isInt(s) || !isInt(e) || s < last || e < s || e > size) return false;
    last = e;
    if (!isString(ids?.[i]) || !isString(authors?.[i]) || !isString(createdAt?.[i])) return false;
    if (editedAt?.[i] !== null && !isString(editedAt?.[i])) return false;
    if (channels?.[i] !== 'thread' && channels?.[i] !== 'pm') return false;
  }
  return v.noted.every(
    (line, k, all) => isInt(line) && line >= 0 && line < n && (k === 0 || line > (all[k - 1] as number)),
  );
}

/** The post fields an indexed post answers from its index, and where. */
const FROM_INDEX = new Map<PropertyKey, 'ids' | 'authors' | 'createdAt' | 'editedAt' | 'channels'>([
  ['id', 'ids'],
  ['author', 'authors'],
  ['createdAt', 'createdAt'],
  ['editedAt', 'editedAt'],
  ['channel', 'channels'],
]);

/** What an indexed dump's posts are read from: a line's text (alone), and the whole bytes to number a bad line. */
export interface DumpSource {
  text(start: number, end: number): string;
  readonly bytes: Buffer;
}

/** A post of an indexed dump: its line, and the post once its line is read. */
interface Line {
  line: number;
  post: Post | null;
}

/**
 * The posts of a dump whose index an earlier call kept, each read from its line only when something the index does
 * not hold is asked of it (its body, above all): a fold reads only the lines whose bodies it parses. A post
 * read this way is the object `readDumpLines` makes of its line (the same checks, which the earlier call passed
 * over the same bytes), behind a proxy that answers every question as that object. One handler serves them all.
 */
export function postsFromIndex(source: DumpSource, index: DumpIndex, file: string): Post[] {
  const noted = new Set(index.noted);
  const read = (t: Line): Post => {
    if (t.post) return t.post;
    const start = index.starts[t.line] as number;
    const text = source.text(start, index.ends[t.line] as number);
    try {
      t.post = postOfLine(text, file, 0);
    } catch {
      // Not these bytes' index after all (it is checked when read): the error names the line in the file.
      t.post = postOfLine(text, file, lineAt(source.bytes, start));
    }
    return t.post;
  };
  const handler: ProxyHandler<Line> = {
    get: (t, key) => {
      if (t.post === null) {
        const field = FROM_INDEX.get(key);
        if (field) return index[field][t.line];
        if (key === 'readNote' && !noted.has(t.line)) return undefined;
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

/** The line number (from 1) of the line starting at byte `start`. */
function lineAt(bytes: Buffer, start: number): number {
  let line = 1;
  for (let i = bytes.indexOf(NEWLINE); i !== -1 && i < start; i = bytes.indexOf(NEWLINE, i + 1)) line += 1;
  return line;
}
