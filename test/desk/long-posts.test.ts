import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { exited } from '../helpers/exited.js';
import { request } from '../web/http-client.js';
import { ROOT } from './helpers.js';

interface Measured {
  arrived: number;
  maxLoopDelayMs: number;
  heapUsedMB: number;
  rssMB: number;
  peakRssMB: number;
  /** The status of every dashboard request the test made while the posts were read. */
  statuses: number[];
}

/**
 * Runs long-posts-desk.ts (a desk in a process of its own, so its event loop and memory are its own) and calls its
 * dashboard's game page every 50 ms while the ten posts arrive and are read.
 */
async function measure(mode: 'long' | 'none'): Promise<Measured> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(ROOT, 'test', 'desk', 'long-posts-desk.ts'), mode],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const gone = exited(child);
  const statuses: number[] = [];
  let done = false;
  let calling: Promise<void> = Promise.resolve();
  try {
    for await (const line of createInterface({ input: child.stdout })) {
      const said = JSON.parse(line) as { url?: string; token?: string } & Partial<Measured>;
      if (said.url) {
        const page = `${said.url}games/harbour-lights-mafia`;
        const cookie = `moddesk_token=${said.token}`;
        child.stdin.write('go\n');
        calling = (async () => {
          while (!done) {
            statuses.push((await request(page, { headers: { cookie } })).status);
            await new Promise((r) => setTimeout(r, 50));
          }
        })();
      } else {
        done = true;
        await calling;
        child.stdin.write('quit\n');
        expect(await gone, stderr).toBe(0);
        return { ...(said as Measured), statuses };
      }
    }
    throw new Error(`the desk stopped before it measured anything: ${stderr}`);
  } finally {
    done = true;
    child.kill();
  }
}

describe('ten 240 KB one-line vote posts arrive at a watching desk (issue 33 M1)', () => {
  it('the dashboard keeps answering (the event loop never held 1 s) and memory stays within 1.3× of the desk without them', async () => {
    const without = await measure('none');
    const withLong = await measure('long');
    expect(without.arrived).toBe(0);
    expect(withLong.arrived).toBe(10);
    expect(withLong.statuses.length).toBeGreaterThan(0);
    expect(new Set([...without.statuses, ...withLong.statuses])).toEqual(new Set([200]));
    // The longest a dashboard request could have waited for the desk's loop (perf_hooks, not wall time of a request).
    expect(withLong.maxLoopDelayMs).toBeLessThan(1000);
    expect(withLong.heapUsedMB / without.heapUsedMB).toBeLessThanOrEqual(1.3);
    expect(withLong.peakRssMB / without.peakRssMB).toBeLessThanOrEqual(1.3);
  }, 120_000);
});
