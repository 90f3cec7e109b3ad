/**
 * One request at a time per host, at least `gapMs` between the end of one and the start of the next; a host can be
 * paused (after a 429/503) so that every client sharing this scheduler waits.
 */
export class HostScheduler {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly readyAt = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void> = defaultSleep,
  ) {}

  /** Runs `task` when the host is free and its gap has passed. */
  run<T>(host: string, gapMs: number, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const previous = this.tails.get(host) ?? Promise.resolve();
    const next = previous.then(async () => {
      const wait = (this.readyAt.get(host) ?? 0) - this.now();
      if (wait > 0) await this.sleep(wait, signal);
      try {
        return await task();
      } finally {
        this.delay(host, gapMs);
      }
    });
    // The tail keeps only that the task settled, not its value (a host's last page, held until its next request).
    this.tails.set(
      host,
      next.then(
        () => undefined,
        () => undefined,
      ),
    );
    return next;
  }

  /** No request to `host` starts before `ms` from now (never shortens an existing pause). */
  delay(host: string, ms: number): void {
    const at = this.now() + ms;
    if (at > (this.readyAt.get(host) ?? 0)) this.readyAt.set(host, at);
  }
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Shared by every client in the process, so two adapters on one forum still take turns. */
export const sharedScheduler = new HostScheduler();
