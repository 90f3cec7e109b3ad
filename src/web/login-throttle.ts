/**
 * Failed sign-ins, counted per account name and per client address over a sliding window. Past the limit every try
 * is refused, the right password too, before any hash is computed, until the oldest failure leaves the window.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  /** Failures per account name in the window (a guesser of one account). */
  perAccount: 5,
  /** Failures per client address in the window (one guesser trying many names). */
  perAddress: 20,
} as const;

/** Past this many names or addresses remembered, the oldest are forgotten (a flood must not fill memory). */
const MAX_KEYS = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly now: () => number,
    private readonly limits = LOGIN_LIMITS,
  ) {}

  /** Milliseconds until a try for `account` from `address` is heard again, or 0 when it is heard now. */
  wait(account: string, address: string): number {
    const t = this.now();
    const since = (key: string, limit: number) => {
      const times = this.recent(key, t);
      return times.length >= limit ? (times[times.length - limit] as number) + this.limits.windowMs - t : 0;
    };
    return Math.max(since(accountKey(account), this.limits.perAccount), since(`ip:${address}`, this.limits.perAddress));
  }

  failed(account: string, address: string): void {
    const t = this.now();
    for (const key of [accountKey(account), `ip:${address}`]) {
      const times = this.recent(key, t);
      times.push(t);
      this.failures.delete(key);
      this.failures.set(key, times);
    }
    while (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value as string);
  }

  /** A right password clears the account's failures (its address's stay: it may be guessing other names). */
  succeeded(account: string): void {
    this.failures.delete(accountKey(account));
  }

  private recent(key: string, t: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > t - this.limits.windowMs);
  }
}

const accountKey = (name: string) => `account:${name.trim().toLowerCase()}`;
