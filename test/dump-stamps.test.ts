import { appendFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openDumpFile } from '../src/app/dump-bytes.js';
import { memoFor } from '../src/cli/cached-replay.js';
import { DumpStamps, SETTLE_NS, sameStamp, stampOf } from '../src/storage/dump-stamps.js';
import { tempDir } from './temp-dir.js';

// Decision 0028 (issue 11): a later call takes the dump's digest from the stamp an earlier call kept, and reads
// only the lines it uses.
const post = (id: string, minute: number) =>
  JSON.stringify({ id, author: 'Alice', createdAt: `2026-01-05T18:${String(minute).padStart(2, '0')}:00Z`, html: id });
const sha256 = (b: Buffer) => process.getBuiltinModule('node:crypto').createHash('sha256').update(b).digest('hex');
const settleMs = Number(SETTLE_NS / 1_000_000n) + 100;

describe('a dump file opened', () => {
  it('reads nothing until asked, then a line alone, and the whole bytes and their digest as readFileSync gives them', () => {
    const file = join(tempDir('moddesk-dump-file-'), 'posts.jsonl');
    const text = `${post('1', 1)}\n${post('2', 2)}\n`;
    writeFileSync(file, text);
    const dump = openDumpFile(file);
    expect([dump.size, dump.hashed, dump.endsWithNewline]).toEqual([Buffer.byteLength(text), true, true]);
    const second = text.indexOf('\n') + 1;
    expect(dump.text(second, text.length - 1)).toBe(post('2', 2));
    expect(dump.bytes).toEqual(readFileSync(file));
    expect(dump.digest).toBe(sha256(readFileSync(file)));
  });

  it('takes a known digest without reading the file whole', () => {
    const file = join(tempDir('moddesk-dump-file-'), 'posts.jsonl');
    writeFileSync(file, `${post('1', 1)}\n`);
    const asked: boolean[] = [];
    const dump = openDumpFile(file, (stamp) => {
      asked.push(stamp.size === BigInt(statSync(file).size));
      return 'a'.repeat(64);
    });
    expect([dump.digest, dump.hashed, asked]).toEqual(['a'.repeat(64), false, [true]]);
  });

  it('reads the lines of one synchronous run through the descriptor it opened (the file removed meanwhile)', () => {
    const file = join(tempDir('moddesk-dump-file-'), 'posts.jsonl');
    const text = `${post('1', 1)}\n${post('2', 2)}\n`;
    writeFileSync(file, text);
    const dump = openDumpFile(file);
    expect(dump.text(0, text.indexOf('\n'))).toBe(post('1', 1));
    rmSync(file);
    // A second open would find no file: the line comes through the descriptor still open.
    expect(dump.text(text.indexOf('\n') + 1, text.length - 1)).toBe(post('2', 2));
  });

  it('refuses to read on from a file that changed after the call yielded, naming it', async () => {
    const file = join(tempDir('moddesk-dump-file-'), 'posts.jsonl');
    writeFileSync(file, `${post('1', 1)}\n`);
    const dump = openDumpFile(file);
    await sleep(5);
    appendFileSync(file, `${post('2', 2)}\n`);
    expect(() => dump.text(0, 5)).toThrow(
      expect.objectContaining({ code: 'file-unreadable', file, message: expect.stringMatching(/changed/) }),
    );
  });

  it('names the file when it cannot be read', () => {
    const dir = tempDir('moddesk-dump-file-');
    expect(() => openDumpFile(join(dir, 'missing.jsonl'))).toThrow(
      expect.objectContaining({ code: 'file-unreadable', file: join(dir, 'missing.jsonl') }),
    );
    expect(() => openDumpFile(dir).bytes).toThrow(expect.objectContaining({ code: 'file-unreadable', file: dir }));
  });
});

describe('dump stamps', () => {
  it('give the digest only for the very stamp it was kept at, and keep none of a file that changed just now', async () => {
    const dir = tempDir('moddesk-dump-stamps-');
    const file = join(dir, 'posts.jsonl');
    writeFileSync(file, `${post('1', 1)}\n`);
    const stamps = new DumpStamps(join(dir, 'cache'));
    const fresh = openDumpFile(file, (s) => stamps.digestOf(file, s));
    expect(fresh.stamp.settled).toBe(false);
    stamps.keep(file, fresh.stamp, fresh.digest);
    expect(stamps.digestOf(file, fresh.stamp)).toBeNull();
    await sleep(settleMs);
    const settled = openDumpFile(file, (s) => stamps.digestOf(file, s));
    expect([settled.stamp.settled, settled.hashed]).toEqual([true, true]);
    stamps.keep(file, settled.stamp, settled.digest);
    expect(stamps.digestOf(file, settled.stamp)).toBe(sha256(readFileSync(file)));
    // Any write moves the node's time: the kept digest is not this file's any more, and its stamp file stays.
    appendFileSync(file, `${post('2', 2)}\n`);
    const changed = openDumpFile(file, (s) => stamps.digestOf(file, s));
    expect([sameStamp(changed.stamp, settled.stamp), changed.hashed]).toEqual([false, true]);
    expect(changed.digest).toBe(sha256(readFileSync(file)));
    expect(readdirSync(join(dir, 'cache', 'dump-stamps'))).toHaveLength(1);
  });

  it('reads a stamp file that is not whole as none, and removes it', async () => {
    const dir = tempDir('moddesk-dump-stamps-');
    const file = join(dir, 'posts.jsonl');
    writeFileSync(file, `${post('1', 1)}\n`);
    await sleep(settleMs);
    const stamps = new DumpStamps(join(dir, 'cache'));
    const dump = openDumpFile(file);
    stamps.keep(file, dump.stamp, dump.digest);
    const [name] = readdirSync(join(dir, 'cache', 'dump-stamps'));
    const kept = join(dir, 'cache', 'dump-stamps', name as string);
    writeFileSync(kept, readFileSync(kept, 'utf8').replace(dump.digest, 'b'.repeat(64)));
    expect(stamps.digestOf(file, dump.stamp)).toBeNull();
    expect(readdirSync(join(dir, 'cache', 'dump-stamps'))).toHaveLength(0);
  });

  it('are settled only when both times are older than the settling time', () => {
    const now = 10_000_000_000n;
    const stat = { dev: 1n, ino: 2n, size: 3n, mtimeNs: now - SETTLE_NS - 1n, ctimeNs: now - SETTLE_NS - 1n };
    expect(stampOf(stat as never, now).settled).toBe(true);
    expect(stampOf({ ...stat, ctimeNs: now - 5n } as never, now).settled).toBe(false);
    expect(stampOf({ ...stat, mtimeNs: now } as never, now).settled).toBe(false);
  });

  it("serve a later state call: the same answer, the dump's digest from the stamp", async () => {
    const dir = tempDir('moddesk-dump-stamps-');
    const game = join(dir, 'game.yaml');
    writeFileSync(game, 'name: x\n');
    const file = join(dir, 'posts.jsonl');
    writeFileSync(file, `${post('1', 1)}\n${post('2', 2)}\n`);
    await sleep(settleMs);
    const env = { MODDESK_CACHE_DIR: join(dir, 'cache') };
    const first = memoFor(game, file, 'state --through 2', env);
    expect(first?.dump.hashed).toBe(true);
    first?.keep('the output\n');
    const later = memoFor(game, file, 'state --through 2', env);
    expect([later?.dump.hashed, later?.answer]).toEqual([false, 'the output\n']);
    expect(later?.dump.digest).toBe(first?.dump.digest);
  });
});
