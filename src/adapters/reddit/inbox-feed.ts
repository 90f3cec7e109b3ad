import { INBOX_MEMORY } from './cursor.js';
import type { RedditGateway } from './gateway.js';
import type { MessageData } from './schema.js';

const INBOX_PAGE = 100;
const INBOX_PAGES = 10;

const nameOf = (m: MessageData) => m.name ?? `t4_${m.id}`;

/**
 * One account's inbox, shared by every game the process reads through that account (decision 0015): a game's read
 * takes the messages from a read of the inbox no older than it allows (`maxAgeMs`; 0: a read of its own), so N games
 * polling together cost one inbox request, not N. Each game still keeps its own list of PMs returned (its cursor).
 * Ages are on the caller's clock (the desk's: a test's fake clock, a demo's fast one), never this process's.
 */
export class InboxFeed {
  /** Newest first, at most INBOX_MEMORY. */
  private messages: MessageData[] = [];
  /** When the last read was made, on the callers' clock (null: never). */
  private readAt: number | null = null;
  /** The oldest `since` a read paged back to; an older game asks for a read from the top again. */
  private coveredSince = Number.POSITIVE_INFINITY;
  private reading: Promise<void> | null = null;

  /**
   * The account's PMs created at or after `since` (epoch seconds), newest first, from a read made no earlier than
   * `shared.maxAgeMs` before `shared.at` (without `shared`: a read now).
   */
  async read(gw: RedditGateway, since: number, shared?: { at: number; maxAgeMs: number }): Promise<MessageData[]> {
    // A read already under way serves whoever asks meanwhile.
    while (this.reading) await this.reading;
    const at = shared?.at ?? null;
    const fresh =
      at !== null && this.readAt !== null && at >= this.readAt && at - this.readAt < (shared?.maxAgeMs ?? 0);
    if (!fresh || since < this.coveredSince) {
      this.reading = this.fetch(gw, since, at).finally(() => {
        this.reading = null;
      });
      await this.reading;
    }
    return this.messages.filter((m) => m.created_utc >= since);
  }

  /**
   * New PMs, page after page until a page holds one already held or one older than `since` (the account's earlier
   * mail is not the game's); at most 10 pages.
   */
  private async fetch(gw: RedditGateway, since: number, at: number | null): Promise<void> {
    const deeper = since < this.coveredSince;
    const known = new Set(deeper ? [] : this.messages.map(nameOf));
    const fresh: MessageData[] = [];
    let after: string | undefined;
    // Read to the inbox's end without meeting a held PM: what the feed held is not there (nothing is kept from it).
    let whole = false;
    for (let page = 0; page < INBOX_PAGES; page++) {
      const r = await gw.readInbox({ limit: INBOX_PAGE, after });
      const unseen = r.messages.filter((m) => !known.has(nameOf(m)) && m.created_utc >= since);
      fresh.push(...unseen);
      if (unseen.length < r.messages.length) break;
      whole = !r.after;
      if (whole) break;
      after = r.after!;
    }
    const held = new Set(fresh.map(nameOf));
    const kept = whole ? [] : this.messages.filter((m) => !held.has(nameOf(m)));
    this.messages = [...fresh, ...kept].slice(0, INBOX_MEMORY);
    this.readAt = at;
    this.coveredSince = Math.min(this.coveredSince, since);
  }
}

const FEEDS = new Map<string, InboxFeed>();

/** The process's one feed for an account: the API host and the username (case-insensitive, as Reddit's). */
export function inboxFeedOf(apiBase: string, username: string): InboxFeed {
  const key = `${apiBase} ${username.toLowerCase()}`;
  const feed = FEEDS.get(key) ?? new InboxFeed();
  FEEDS.set(key, feed);
  return feed;
}
