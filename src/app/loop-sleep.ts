/**
 * A game loop's sleeps between polls, ended early by the loop's stop or by the runner's `wake` (the moderator
 * acted). One controller serves every sleep until one is cut short: a thousand loops asleep for a minute each held
 * a controller, a listener on the loop's signal and a wake closure made for that one sleep, which V8 moved to the
 * old generation before the sleep ended and left there as garbage (decision 0020).
 */
export class LoopSleep {
  private cut = new AbortController();
  private woken = false;
  /** Given to the runner while the loop sleeps (`GameRunner.wake`). */
  readonly wake = (): void => {
    this.woken = true;
    this.cut.abort();
  };

  constructor(
    private readonly stop: AbortSignal,
    private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>,
  ) {
    stop.addEventListener('abort', () => this.cut.abort(), { once: true });
    if (stop.aborted) this.cut.abort();
  }

  /** Sleeps `ms`; true when `wake` ended it early (the loop's stop ends it too, and says false). Not an async frame. */
  nap(ms: number): Promise<boolean> {
    this.woken = false;
    return this.sleep(ms, this.cut.signal).then(this.woke);
  }

  private readonly woke = (): boolean => {
    if (!this.woken || this.stop.aborted) return false;
    // A woken sleep spent its controller; the loop's stop still reaches the next one.
    this.cut = new AbortController();
    return true;
  };
}

/**
 * `f` given a signal that aborts on `signal` or after `ms` without progress (a `TimeoutError`, as
 * `AbortSignal.timeout`'s): `f` calls `progress()` to start the `ms` again (a long first read moves page by page
 * and is bound per page, not as a whole). Its timer and listener are gone as soon as `f` settles:
 * `AbortSignal.timeout` keeps its timer for the whole span (two minutes for a poll that took milliseconds) and
 * `AbortSignal.any` ties the new signal to the loop's.
 */
export async function withTimeout<T>(
  ms: number,
  signal: AbortSignal | undefined,
  f: (signal: AbortSignal, progress: () => void) => Promise<T>,
): Promise<T> {
  const c = new AbortController();
  const expire = () => c.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  let timer = setTimeout(expire, ms);
  const progress = () => {
    if (c.signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(expire, ms);
  };
  const stop = () => c.abort(signal?.reason);
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });
  try {
    return await f(c.signal, progress);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}
