import type { Logger } from 'pino';
import { type AlertChannel, type AlertMessage, AlertSendError } from '../../adapters/alerts/types.js';
import type { StoredDraft } from '../../domain/draft.js';
import type { Post } from '../../domain/post.js';
import { formatInstant, type Instant } from '../../domain/time.js';
import type { GameContext } from '../../machine/context.js';
import { postFlags } from '../../machine/house-rules/post-facts.js';
import type { AlertChannelHealth } from '../desk.js';
import { scrubSecrets } from '../scrub.js';
import type { AlertKind } from './alert-kinds.js';
import { type AlertLimits, findAlerts } from './find-alerts.js';
import { groupAlerts } from './group-alerts.js';

/** A channel and the alert kinds it is sent. */
export interface AlertRoute {
  channel: AlertChannel;
  kinds: ReadonlySet<AlertKind>;
}

/** What the alerter reads of a game after each of its rounds. */
export interface RoundLook {
  gameId: string;
  ctx: GameContext;
  posts: Post[];
  failures: number;
  drafts: readonly StoredDraft[];
}

export interface AlerterOptions {
  limits: AlertLimits;
  routes: AlertRoute[];
  now: () => Instant;
  log: Logger;
  /** Tries per alert and the first wait between them (doubling, at most `maxBackoffMs`). */
  tries?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The flags only the posts raise (default `postFlags`; a test may hand a day without its setup `() => []`). */
  postFlags?: typeof postFlags;
  /** Where the keys told are kept (the desk's database), so a restart tells nothing twice; memory alone if absent. */
  told?: ToldKeys;
}

/** The keys of what was told, per game (storage's `AlertsTold`). */
export interface ToldKeys {
  keys(gameId: string): readonly string[];
  add(gameId: string, keys: readonly string[], at: string): void;
}

/**
 * Tells the moderator what needs them: after each round of a game, what is new about it (findAlerts) is grouped
 * into one alert per channel (a burst is one alert) and queued; each channel sends its alerts one after another,
 * a failed send retried with a backoff (or the wait a 429 asked for). Every alert's words are scrubbed of secrets.
 */
export class Alerter {
  private readonly told = new Map<string, Set<string>>();
  private readonly readFailingSince = new Map<string, Instant>();
  /** The day each game was last seen open in. */
  private readonly dayOpen = new Map<string, string>();
  private readonly postFailingSince = new Map<string, Map<string, Instant>>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly health = new Map<string, AlertChannelHealth>();
  private closed = false;

  constructor(private readonly o: AlerterOptions) {
    for (const r of o.routes) this.health.set(r.channel.name, { name: r.channel.name, sent: 0, failing: null });
  }

  /** After a round (a poll and the posting after it): what is new about the game, sent to each channel once. */
  afterRound(g: RoundLook): void {
    if (this.closed) return;
    const now = this.o.now();
    if (g.failures === 0) this.readFailingSince.delete(g.gameId);
    else if (!this.readFailingSince.has(g.gameId)) this.readFailingSince.set(g.gameId, now);
    const posting = this.postFailingSince.get(g.gameId) ?? new Map<string, Instant>();
    const failingNow = new Set<string>();
    for (const d of g.drafts)
      if (d.status === 'approved' && d.posting && d.posting.fate !== 'sending' && d.posting.error !== null) {
        failingNow.add(d.id);
        if (!posting.has(d.id)) posting.set(d.id, now);
      }
    for (const id of posting.keys()) if (!failingNow.has(id)) posting.delete(id);
    this.postFailingSince.set(g.gameId, posting);
    const items = findAlerts(
      {
        ctx: g.ctx,
        // Count requests and prods are a day's (and reading them walks the day's posts).
        postFlags: g.ctx.phase?.kind === 'day' ? (this.o.postFlags ?? postFlags)(g.ctx, g.posts, now) : [],
        now,
        readFailingSince: this.readFailingSince.get(g.gameId) ?? null,
        postFailingSince: posting,
        drafts: g.drafts,
      },
      this.o.limits,
    );
    const told = this.told.get(g.gameId) ?? new Set(this.o.told?.keys(g.gameId));
    this.told.set(g.gameId, told);
    // A day seen open that one round took past its end and into the next phase ended all the same.
    const seen = this.dayOpen.get(g.gameId);
    const phase = g.ctx.phase;
    if (seen && phase?.name !== seen) items.unshift({ kind: 'day-ended', key: `day-ended:${seen}`, subject: seen });
    if (phase?.kind === 'day' && phase.endedAt === null) this.dayOpen.set(g.gameId, phase.name);
    else this.dayOpen.delete(g.gameId);
    const fresh = items.filter((i) => !told.has(i.key));
    for (const i of fresh) told.add(i.key);
    if (fresh.length === 0) return;
    this.o.told?.add(
      g.gameId,
      fresh.map((i) => i.key),
      formatInstant(now),
    );
    for (const r of this.o.routes) {
      const alert = groupAlerts(
        g.gameId,
        fresh.filter((i) => r.kinds.has(i.kind)),
        formatInstant(now),
      );
      if (alert) this.enqueue(r.channel, scrubbed(alert));
    }
  }

  /** Each channel's sends, in words (the dashboard's desk health). */
  channels(): AlertChannelHealth[] {
    return [...this.health.values()].map((h) => ({ ...h, failing: h.failing ? { ...h.failing } : null }));
  }

  /** Waits for the alerts queued (tests, and `stop`); nothing more is queued after. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.queues.values());
  }

  /** Resolves when every alert queued so far was sent or given up. */
  async idle(): Promise<void> {
    await Promise.all(this.queues.values());
  }

  private enqueue(channel: AlertChannel, alert: AlertMessage): void {
    const before = this.queues.get(channel.name) ?? Promise.resolve();
    this.queues.set(
      channel.name,
      before.then(() => this.sendWithRetries(channel, alert)),
    );
  }

  private async sendWithRetries(channel: AlertChannel, alert: AlertMessage): Promise<void> {
    const tries = this.o.tries ?? 5;
    const sleep = this.o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()));
    const health = this.health.get(channel.name)!;
    let wait = this.o.backoffMs ?? 2000;
    for (let n = 1; n <= tries; n++) {
      try {
        await channel.send(alert);
        health.sent += 1;
        health.failing = null;
        return;
      } catch (err) {
        const message = scrubSecrets((err as Error).message);
        health.failing = { message, at: formatInstant(this.o.now()), tries: n };
        const last = n === tries;
        this.o.log.warn(
          { channel: channel.name, tries: n, err: { message } },
          last ? 'alert not sent; giving up on it' : 'alert not sent; will retry',
        );
        if (last || this.closed) return;
        const asked = err instanceof AlertSendError ? err.retryAfterMs : null;
        await sleep(asked ?? wait);
        wait = Math.min(wait * 2, this.o.maxBackoffMs ?? 300_000);
      }
    }
  }
}

function scrubbed(a: AlertMessage): AlertMessage {
  return { ...a, title: scrubSecrets(a.title), lines: a.lines.map(scrubSecrets), links: a.links.map(scrubSecrets) };
}
