import * as z from '../../domain/zod.js';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsRules } from './robots.js';

/** RFC 9309: a cached robots.txt is used for at most 24 hours. */
const MAX_AGE_MS = 24 * 3_600_000;

const entrySchema = z.object({ status: z.number(), text: z.string(), fetchedAt: z.number() });
const snapshotSchema = z.record(z.string(), entrySchema);
export type RobotsSnapshot = z.infer<typeof snapshotSchema>;

export interface RobotsVerdict {
  rules: RobotsRules;
  /** robots.txt answered 5xx or could not be reached: RFC 9309 says to assume complete disallow. */
  unreachable: boolean;
}

/** robots.txt per origin, kept for 24 hours; exportable so that a saved cursor carries it to the next run. */
export class RobotsCache {
  private readonly entries = new Map<string, z.infer<typeof entrySchema>>();
  /** Concurrent first requests to one origin share one robots.txt fetch. */
  private readonly inFlight = new Map<string, Promise<{ status: number; text: string }>>();

  constructor(
    private readonly token: string,
    private readonly now: () => number,
  ) {}

  async rules(origin: string, fetchRobots: () => Promise<{ status: number; text: string }>): Promise<RobotsVerdict> {
    let entry = this.entries.get(origin);
    if (!entry || this.now() - entry.fetchedAt > MAX_AGE_MS) {
      let pending = this.inFlight.get(origin);
      if (!pending) {
        pending = fetchRobots().finally(() => this.inFlight.delete(origin));
        this.inFlight.set(origin, pending);
      }
      const got = await pending;
      entry = { ...got, fetchedAt: this.now() };
      // An unreachable robots.txt is asked again next time rather than cached.
      if (got.status < 500) this.entries.set(origin, entry);
    }
    if (entry.status >= 500) return { rules: DISALLOW_ALL, unreachable: true };
    if (entry.status >= 400) return { rules: ALLOW_ALL, unreachable: false };
    return { rules: parseRobots(entry.text, this.token), unreachable: false };
  }

  export(): RobotsSnapshot {
    return Object.fromEntries(this.entries);
  }

  import(snapshot: unknown): void {
    const parsed = snapshotSchema.safeParse(snapshot);
    if (!parsed.success) return;
    for (const [origin, entry] of Object.entries(parsed.data)) {
      const mine = this.entries.get(origin);
      if (!mine || mine.fetchedAt < entry.fetchedAt) this.entries.set(origin, entry);
    }
  }
}
