import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printer } from '../../src/cli/output.js';
import { tempDir } from '../temp-dir.js';

// Decision 0027: a one-shot command prints with a synchronous write; a full non-blocking descriptor hands the rest,
// and everything printed after it, to the stream, so nothing is lost and the order is kept.
describe('printer', () => {
  it('hands what a full non-blocking pipe cannot take to the stream, in order, and keeps using the stream', () => {
    const fifo = join(tempDir('moddesk-output-'), 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    try {
      const streamed: Buffer[] = [];
      let streams = 0;
      const print = printer(writer, 'out', () => {
        streams += 1;
        return (chunk) => void streamed.push(Buffer.from(chunk));
      });
      // Larger than any pipe's buffer, with a character of several bytes across every boundary.
      const first = 'é'.repeat(300_000);
      print(first);
      print('after\n');
      const piped: Buffer[] = [];
      const buf = Buffer.alloc(65_536);
      const readAll = () => {
        try {
          for (let n = readSync(reader, buf); n > 0; n = readSync(reader, buf))
            piped.push(Buffer.from(buf.subarray(0, n)));
        } catch (err) {
          // An empty non-blocking pipe answers EAGAIN: all that was written is read.
          if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        }
      };
      readAll();
      expect(streams).toBe(1);
      expect(streamed.length).toBe(2);
      expect(piped.length).toBeGreaterThan(0);
      expect(Buffer.concat([...piped, ...streamed]).toString('utf8')).toBe(`${first}after\n`);
    } finally {
      closeSync(writer);
      closeSync(reader);
    }
  });
});
