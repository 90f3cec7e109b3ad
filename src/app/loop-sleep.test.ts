import { getEventListeners } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LoopSleep, withTimeout } from './loop-sleep.js';

/** A sleep that ends only when told (`end`) or when its signal aborts; it records the signals it was given. */
function heldSleep() {
  const signals: AbortSignal[] = [];
  let end = () => {};
  const sleep = (_ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      signals.push(signal);
      const done = () => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      end = done;
      signal.addEventListener('abort', done, { once: true });
    });
  return { sleep, signals, end: () => end() };
}

describe('a loop sleep', () => {
  it('ends on its own (false), on a wake (true), and on the loop stop (false); one signal serves until a wake', async () => {
    const stop = new AbortController();
    const held = heldSleep();
    const s = new LoopSleep(stop.signal, held.sleep);
    const first = s.nap(60_000);
    held.end();
    expect(await first).toBe(false);
    const second = s.nap(60_000);
    expect(held.signals[1]).toBe(held.signals[0]);
    s.wake();
    expect(await second).toBe(true);
    const third = s.nap(60_000);
    expect(held.signals[2], 'a woken sleep spent its signal').not.toBe(held.signals[0]);
    stop.abort();
    expect(await third).toBe(false);
  });

  it('says false when the loop stops right after a wake, so a stopped loop never sleeps again', async () => {
    const stop = new AbortController();
    const held = heldSleep();
    const s = new LoopSleep(stop.signal, held.sleep);
    const nap = s.nap(60_000);
    s.wake();
    stop.abort();
    expect(await nap).toBe(false);
  });
});

describe('withTimeout', () => {
  it('aborts with a TimeoutError when the time runs out, and with the caller’s reason when the caller aborts', async () => {
    const late = withTimeout(1, undefined, (signal) => delay(60_000, undefined, { signal }));
    await expect(late).rejects.toMatchObject({ name: 'AbortError', cause: { name: 'TimeoutError' } });
    const caller = new AbortController();
    const stopped = withTimeout(60_000, caller.signal, (signal) => delay(60_000, undefined, { signal }));
    caller.abort(new Error('stopping'));
    await expect(stopped).rejects.toMatchObject({ cause: { message: 'stopping' } });
  });

  it('leaves no listener on the caller’s signal once the call settles', async () => {
    const caller = new AbortController();
    let inner: AbortSignal | null = null;
    const value = await withTimeout(60_000, caller.signal, async (signal) => {
      inner = signal;
      expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1);
      return 42;
    });
    expect(value).toBe(42);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    expect(inner!.aborted).toBe(false);
  });

  it('progress starts the time again: work that keeps moving is never cut, work that stalls is (issue 32, B1)', async () => {
    const steps: number[] = [];
    const moving = withTimeout(80, undefined, async (signal, progress) => {
      for (let i = 0; i < 8; i++) {
        await delay(30, undefined, { signal });
        progress();
        steps.push(i);
      }
      return 'read';
    });
    await expect(moving).resolves.toBe('read');
    expect(steps).toHaveLength(8);
    const stalled = withTimeout(80, undefined, async (signal, progress) => {
      progress();
      await delay(60_000, undefined, { signal });
    });
    await expect(stalled).rejects.toMatchObject({ cause: { name: 'TimeoutError' } });
  });
});
