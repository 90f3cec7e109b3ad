import { type HttpOptions, httpOptions, PoliteClient } from '../http/polite-client.js';
import type { Cursor, PostReceipt, ReadResult, ThreadSink, ThreadSource } from '../types.js';
import type { PagedPlatform, ReadOptions, ReadStats } from './paged-forum.js';
import { PagedReader } from './paged-reader.js';
import { checkTimeZone } from './time-zone.js';

/** What every adapter factory of ours accepts (the registry passes these through). */
export interface SourceOptions {
  url: string;
  env: NodeJS.ProcessEnv;
  userAgent?: string;
  /** The forum's time zone for engines that print local times; default MODDESK_FORUM_TIMEZONE, else UTC. */
  timeZone?: string;
  /** How the forum prints numeric dates (vBulletin 4): `mdy` (default) or `dmy`. */
  dateOrder?: 'mdy' | 'dmy';
  http?: Partial<HttpOptions>;
  checkpointEvery?: number;
}

export function resolveHttp(opts: SourceOptions): Partial<HttpOptions> {
  const base = httpOptions({}, opts.env);
  return { ...base, ...(opts.userAgent ? { userAgent: opts.userAgent } : {}), ...opts.http };
}

export function resolveTimeZone(opts: SourceOptions): string {
  return checkTimeZone(opts.timeZone ?? opts.env.MODDESK_FORUM_TIMEZONE ?? 'UTC');
}

/**
 * A paged HTML forum as a ThreadSource. Posting on these forums needs a logged-in browser session and form tokens,
 * so the sink hands the text back for pasting by hand (id null) with the thread's link.
 */
export class PagedForumSource implements ThreadSource, ThreadSink {
  readonly platform: string;
  readonly thread: string;
  private readonly client: PoliteClient;
  private readonly reader: PagedReader;

  constructor(engine: PagedPlatform, opts: SourceOptions) {
    this.platform = engine.platform;
    this.thread = engine.threadUrl(opts.url);
    this.client = new PoliteClient(resolveHttp(opts));
    this.reader = new PagedReader(engine, this.client, this.thread, {
      timeZone: resolveTimeZone(opts),
      dateOrder: opts.dateOrder ?? (opts.env.MODDESK_FORUM_DATE_ORDER === 'dmy' ? 'dmy' : 'mdy'),
      checkpointEvery: opts.checkpointEvery,
    });
  }

  get stats(): ReadStats {
    return this.reader.stats;
  }

  read(cursor: Cursor | null, opts?: ReadOptions): Promise<ReadResult> {
    return this.reader.read(cursor, opts);
  }

  async reply(_text: string, _idempotencyKey: string): Promise<PostReceipt> {
    return { id: null, url: this.thread };
  }

  async sendMessage(_to: string, _subject: string, _text: string, _idempotencyKey: string): Promise<PostReceipt> {
    return { id: null, url: null };
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
