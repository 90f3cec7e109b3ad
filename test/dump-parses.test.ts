import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDumpText } from '../src/app/load-dump.js';
import { readActions } from '../src/parser/extract-actions.js';
import { DumpParses } from '../src/storage/dump-parses.js';

// Decision 0024: a dump's parsed posts, kept in one file by a hash of the dump's bytes, only ever save work.
const work = mkdtempSync(join(tmpdir(), 'moddesk-dump-parses-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const line = (id: string, html: string) =>
  JSON.stringify({ id, author: 'Alice', createdAt: `2026-01-05T18:0${id}:00Z`, html });
const text = `${[line('1', '<b>vote Bob</b>'), line('2', 'just talk'), line('3', '<b>unvote</b>')].join('\n')}\n`;
const dump = parseDumpText(text, 'posts.jsonl');
const opts = { syntax: ['bold' as const], channel: 'thread' as const };
const KEY = 'thread\0bold';
const html = (i: number) => dump.posts[i]?.html as string;
const parsed = (i: number) => readActions(html(i), opts);

describe('DumpParses', () => {
  it("gives a later call of the same dump what an earlier one parsed, and another dump's calls nothing", () => {
    const dir = join(work, 'a');
    const first = new DumpParses(dir, dump.digest);
    expect(first.get(0, KEY)).toBeUndefined();
    first.add(0, KEY, parsed(0));
    first.save();
    const later = new DumpParses(dir, dump.digest);
    expect(later.get(0, KEY)).toEqual(parsed(0));
    expect(later.get(0, 'pm\0bold')).toBeUndefined();
    expect(later.get(2, KEY)).toBeUndefined();
    // Two calls at once: each one's parses are kept.
    later.add(2, KEY, parsed(2));
    const other = new DumpParses(dir, dump.digest);
    other.get(0, KEY);
    later.save();
    other.save();
    const both = new DumpParses(dir, dump.digest);
    expect(both.get(2, KEY)).toEqual(parsed(2));
    const edited = text.replace('vote Bob', 'vote Bo');
    const editedDump = parseDumpText(edited, 'posts.jsonl');
    const elsewhere = new DumpParses(dir, editedDump.digest);
    expect(elsewhere.get(0, KEY)).toBeUndefined();
  });

  it('keeps a post with nothing to read as such, and gives it back as the parser gives it', () => {
    const dir = join(work, 'c');
    const calls = new DumpParses(dir, dump.digest);
    calls.add(1, KEY, parsed(1));
    calls.save();
    expect(parsed(1)).toEqual({ actions: [], diagnostics: [] });
    expect(readFileSync(join(dir, 'dump-parses', readdirSync(join(dir, 'dump-parses'))[0] as string), 'utf8')).toMatch(
      /\[\["thread\\u0000bold",1,0\]\]$/,
    );
    expect(new DumpParses(dir, dump.digest).get(1, KEY)).toEqual(parsed(1));
  });

  it("keeps the count rules' reading of a line apart from its parse, nothing read as 0 (decision 0029)", () => {
    const dir = join(work, 'd');
    const calls = new DumpParses(dir, dump.digest);
    expect(calls.countReading(0)).toBeUndefined();
    calls.add(0, KEY, parsed(0));
    calls.addCountReading(0, { count: false, request: 'VC please' });
    calls.addCountReading(1, { count: true, request: null });
    calls.addCountReading(2, { count: false, request: null });
    calls.save();
    const file = join(dir, 'dump-parses', readdirSync(join(dir, 'dump-parses'))[0] as string);
    expect(readFileSync(file, 'utf8')).toContain('["#count",2,0]');
    const later = new DumpParses(dir, dump.digest);
    expect(later.countReading(0)).toEqual({ count: false, request: 'VC please' });
    expect(later.countReading(1)).toEqual({ count: true, request: null });
    expect(later.countReading(2)).toEqual({ count: false, request: null });
    expect(later.get(0, KEY)).toEqual(parsed(0));
    // A line read only by the count rules has no parse, and the readings are no parse's options.
    expect(later.get(1, KEY)).toBeUndefined();
    expect(later.get(1, '#count')).toBeUndefined();
  });

  it('refuses and removes a whole file whose count reading is not one (a checksum alone would pass it)', () => {
    const dir = join(work, 'e');
    const calls = new DumpParses(dir, dump.digest);
    calls.add(0, KEY, parsed(0));
    calls.addCountReading(1, { count: true, request: null });
    calls.save();
    const file = join(dir, 'dump-parses', readdirSync(join(dir, 'dump-parses'))[0] as string);
    const bytes = readFileSync(file, 'utf8');
    const magic = bytes.slice(0, bytes.indexOf('\n') + 1);
    const body = bytes.slice(magic.length + 64).replace('"count":true', '"count":"yes"');
    writeFileSync(file, magic + createHash('sha256').update(body).digest('hex') + body);
    const later = new DumpParses(dir, dump.digest);
    expect(later.countReading(1)).toBeUndefined();
    expect(later.get(0, KEY)).toBeUndefined();
    expect(readdirSync(join(dir, 'dump-parses'))).toEqual([]);
  });

  it('removes a file that does not read back whole and reads it as empty', () => {
    const dir = join(work, 'b');
    const calls = new DumpParses(dir, dump.digest);
    calls.add(0, KEY, parsed(0));
    calls.save();
    const [name] = readdirSync(join(dir, 'dump-parses'));
    const file = join(dir, 'dump-parses', name as string);
    writeFileSync(file, readFileSync(file, 'utf8').replace('Bob', 'Bab'));
    expect(new DumpParses(dir, dump.digest).get(0, KEY)).toBeUndefined();
    expect(readdirSync(join(dir, 'dump-parses'))).toEqual([]);
  });
});
