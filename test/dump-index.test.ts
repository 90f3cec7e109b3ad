import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual, types } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type DumpBytes, dumpBytes } from '../src/app/dump-bytes.js';
import { type DumpIndexStore, parseDumpText } from '../src/app/load-dump.js';
import { type DumpIndex, isIndexOf } from '../src/domain/dump-index.js';
import { DumpIndexes } from '../src/storage/dump-indexes.js';
import { tempDir } from './temp-dir.js';

// Decision 0027 (issue 11): a dump an earlier call read whole is read from its index, each post only when used.
const line = (id: string, minute: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    author: 'Alice',
    createdAt: `2026-01-05T18:${String(minute).padStart(2, '0')}:00Z`,
    html: `<b>vote Bob</b> ${id}`,
    ...extra,
  });
const text = `\uFEFF${[
  line('1', 1, { number: 1 }),
  '',
  line('2', 2, { channel: 'pm', to: 'mod' }),
  line('3', 3, {
    editedAt: '2026-01-05T19:00:00Z',
    url: 'https://example.org/3',
    note: 'é ünïcode ✓',
    readNote: 'cut at depth 40',
  }),
].join('\n')}\n`;

/** A store that counts what it is asked. */
function counted(store: DumpIndexStore) {
  const calls = { read: 0, write: 0, found: 0 };
  const wrapped: DumpIndexStore = {
    read: (size, digest) => {
      calls.read += 1;
      const index = store.read(size, digest);
      if (index) calls.found += 1;
      return index;
    },
    write: (digest, index) => {
      calls.write += 1;
      store.write(digest, index);
    },
  };
  return { store: wrapped, calls };
}

describe('a dump read from its index', () => {
  it('gives posts that answer every question as the posts read whole, reading a line only when it is used', () => {
    const { store, calls } = counted(new DumpIndexes(tempDir('moddesk-dump-index-')));
    const whole = parseDumpText(text, 'posts.jsonl', undefined, store);
    expect(calls).toEqual({ read: 1, write: 1, found: 0 });
    const indexed = parseDumpText(text, 'posts.jsonl', undefined, store);
    expect(calls).toEqual({ read: 2, write: 1, found: 1 });
    expect(indexed.posts.every((p) => types.isProxy(p))).toBe(true);
    expect(indexed.ends).toEqual(whole.ends);
    const [first, second, third] = indexed.posts;
    expect([first?.id, second?.createdAt, second?.channel]).toEqual(['1', '2026-01-05T18:02:00Z', 'pm']);
    expect(JSON.stringify(indexed.posts)).toBe(JSON.stringify(whole.posts));
    expect(indexed.posts.map((p) => ({ ...p }))).toEqual(whole.posts);
    expect(isDeepStrictEqual(third, whole.posts[2])).toBe(true);
    expect(Object.keys(third as object)).toEqual(Object.keys(whole.posts[2] as object));
    expect(['to' in (second as object), 'to' in (first as object)]).toEqual([true, false]);
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(third?.note).toBe('é ünïcode ✓');
  });

  it('reads the lines asked for only: a post asked only what the fold asks of every post is never read', () => {
    const reads: number[] = [];
    const source = dumpBytes(Buffer.from(text, 'utf8'));
    const spy: DumpBytes = {
      size: source.size,
      digest: source.digest,
      endsWithNewline: source.endsWithNewline,
      text: (start, end) => {
        reads.push(start);
        return source.text(start, end);
      },
      get bytes(): Buffer {
        throw new Error('the dump was read whole');
      },
    };
    const store = new DumpIndexes(tempDir('moddesk-dump-index-'));
    const whole = parseDumpText(source, 'posts.jsonl', undefined, store);
    const indexed = parseDumpText(spy, 'posts.jsonl', undefined, store);
    const asked = indexed.posts.map((p) => [p.id, p.author, p.createdAt, p.editedAt, p.channel, p.readNote]);
    expect(asked).toEqual(whole.posts.map((p) => [p.id, p.author, p.createdAt, p.editedAt, p.channel, p.readNote]));
    // Only the post with a note was read, for the note.
    expect(reads).toEqual([(whole.ends?.[1] as number) + 1]);
    expect(indexed.posts[1]?.html).toBe('<b>vote Bob</b> 2');
    expect(indexed.posts[2]?.readNote).toBe('cut at depth 40');
    expect(reads).toHaveLength(2);
  });

  it('gives the fold points the same key for a dump read whole and read from its index, and a new one from a changed line on', () => {
    const store = new DumpIndexes(tempDir('moddesk-dump-index-'));
    const whole = parseDumpText(text, 'posts.jsonl', undefined, store);
    const indexed = parseDumpText(text, 'posts.jsonl', undefined, store);
    expect(indexed.posts.every((p) => types.isProxy(p))).toBe(true);
    const n = whole.posts.length;
    const keys = (d: typeof whole) => Array.from({ length: n + 1 }, (_, lines) => d.prefixHash(lines));
    expect(keys(indexed)).toEqual(keys(whole));
    expect(new Set(keys(whole)).size).toBe(n + 1);
    // The second post's line changed: the first line's key stays, every later one moves.
    const changed = parseDumpText(text.replace('vote Bob</b> 2', 'vote Cid</b> 2'), 'posts.jsonl');
    expect(changed.prefixHash(1)).toBe(whole.prefixHash(1));
    for (let lines = 2; lines <= n; lines++) expect(changed.prefixHash(lines)).not.toBe(whole.prefixHash(lines));
  });

  it('keeps no index for a dump out of time order or whose last line may be torn, and ignores one that does not fit', () => {
    const { store, calls } = counted(new DumpIndexes(tempDir('moddesk-dump-index-')));
    const unsorted = `${line('2', 2)}\n${line('1', 1)}\n`;
    parseDumpText(unsorted, 'posts.jsonl', undefined, store);
    expect(parseDumpText(unsorted, 'posts.jsonl', undefined, store).posts.some((p) => types.isProxy(p))).toBe(false);
    const torn = `${line('1', 1)}\n${line('2', 2)}`;
    parseDumpText(torn, 'posts.jsonl', () => {}, store);
    expect(calls.write).toBe(0);
    const bytes = Buffer.from(text, 'utf8');
    const index = (): DumpIndex => ({
      starts: [3],
      ends: [10],
      ids: ['1'],
      authors: ['Alice'],
      createdAt: ['2026-01-05T18:01:00Z'],
      editedAt: [null],
      channels: ['thread'],
      noted: [],
      lineHashes: Buffer.alloc(16, 7).toString('base64'),
    });
    expect(isIndexOf(index(), bytes.length)).toBe(true);
    expect(isIndexOf({ ...index(), ends: [bytes.length + 1] }, bytes.length)).toBe(false);
    expect(isIndexOf({ ...index(), ids: [] }, bytes.length)).toBe(false);
    expect(isIndexOf({ ...index(), starts: [11] }, bytes.length)).toBe(false);
    expect(isIndexOf({ ...index(), channels: ['dm'] }, bytes.length)).toBe(false);
    expect(isIndexOf({ ...index(), editedAt: [3] }, bytes.length)).toBe(false);
    expect(isIndexOf({ ...index(), noted: [1] }, bytes.length)).toBe(false);
    expect(isIndexOf({ ...index(), noted: [0] }, bytes.length)).toBe(true);
    expect(isIndexOf({ ...index(), lineHashes: '' }, bytes.length)).toBe(false);
    expect(isIndexOf({ ...index(), lineHashes: `${'!'.repeat(22)}==` }, bytes.length)).toBe(false);
  });

  it("names the file's line when a line read through an index is not a post after all", () => {
    const plain = `${line('1', 1)}\n\n${line('2', 2)}\n`;
    const kept = { index: null as DumpIndex | null };
    const store: DumpIndexStore = {
      read: () => kept.index,
      write: (_, index) => {
        kept.index = index;
      },
    };
    parseDumpText(plain, 'posts.jsonl', undefined, store);
    const second = line('2', 2);
    const broken = plain.replace(second, `{"id":"2"${' '.repeat(second.length - 9)}`);
    const posts = parseDumpText(broken, 'posts.jsonl', undefined, store).posts;
    expect(posts[0]?.html).toBe('<b>vote Bob</b> 1');
    expect(() => posts[1]?.html).toThrow(expect.objectContaining({ file: 'posts.jsonl', place: 'line 3' }));
  });

  it('removes an index file that does not read back whole, and reads the dump whole again', () => {
    const dir = tempDir('moddesk-dump-index-');
    const store = new DumpIndexes(dir);
    parseDumpText(text, 'posts.jsonl', undefined, store);
    const [name] = readdirSync(join(dir, 'dump-index'));
    const file = join(dir, 'dump-index', name as string);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"1"', '"9"'));
    const again = parseDumpText(text, 'posts.jsonl', undefined, store);
    expect(again.posts.some((p) => types.isProxy(p))).toBe(false);
    expect(again.posts.map((p) => p.id)).toEqual(['1', '2', '3']);
    // Read whole, it wrote the index again.
    expect(parseDumpText(text, 'posts.jsonl', undefined, store).posts.every((p) => types.isProxy(p))).toBe(true);
  });
});
