import type { PostEdit } from '../../domain/owned-block.js';
import { type HttpOptions, httpOptions, PoliteClient } from '../http/polite-client.js';
import { BoardPmInbox } from '../pms/board-pm-inbox.js';
import { readWithPms } from '../pms/with-pms.js';
import { BoardSession } from '../posting/board-session.js';
import { FormSink } from '../posting/form-sink.js';
import type { Cursor, EditReceipt, PostReceipt, ReadResult, ThreadSink, ThreadSource } from '../types.js';
import type { PagedPlatform, ReadOptions, ReadStats } from './paged-forum.js';
import { PagedReader } from './paged-reader.js';
import { NotAllowed } from './post-outcome.js';
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
 * A paged HTML forum as a ThreadSource and ThreadSink. With the moderator's account (MODDESK_FORUM_USERNAME and
 * MODDESK_FORUM_PASSWORD, from the environment or the secrets file) replies and PMs are posted through the board's
 * forms (posting/form-sink.ts); without it the sink hands the text back for pasting by hand (id null).
 */
export class PagedForumSource implements ThreadSource, ThreadSink {
  readonly platform: string;
  readonly thread: string;
  private readonly client: PoliteClient;
  private readonly reader: PagedReader;
  private readonly poster: FormSink | null;
  /** The moderator's PM inbox, read with the poster's session (null without an account or PM pages). */
  private readonly inbox: BoardPmInbox | null;

  constructor(engine: PagedPlatform, opts: SourceOptions) {
    this.platform = engine.platform;
    this.thread = engine.threadUrl(opts.url);
    this.client = new PoliteClient(resolveHttp(opts));
    const dates = {
      timeZone: resolveTimeZone(opts),
      dateOrder: opts.dateOrder ?? (opts.env.MODDESK_FORUM_DATE_ORDER === 'dmy' ? 'dmy' : 'mdy'),
    } as const;
    this.reader = new PagedReader(engine, this.client, this.thread, {
      ...dates,
      checkpointEvery: opts.checkpointEvery,
    });
    const poster = formSinkFor(engine, this.thread, opts);
    this.poster = poster;
    this.inbox =
      poster && engine.pms && engine.dialect
        ? new BoardPmInbox(engine.pms, this.thread, poster.session, engine.dialect, () => poster.logIn(), dates)
        : null;
  }

  get stats(): ReadStats {
    return this.reader.stats;
  }

  /** The thread, then (given `opts.pms` and an account) the game's new PMs; the cursor keeps both. */
  read(cursor: Cursor | null, opts?: ReadOptions): Promise<ReadResult> {
    const inbox = this.inbox && this.poster ? { inbox: this.inbox, to: this.poster.creds.username } : null;
    return readWithPms((c, o) => this.reader.read(c, o), inbox, cursor, opts);
  }

  async reply(text: string, idempotencyKey: string): Promise<PostReceipt> {
    return this.poster ? this.poster.reply(text, idempotencyKey) : { id: null, url: this.thread };
  }

  async sendMessage(to: string, subject: string, text: string, idempotencyKey: string): Promise<PostReceipt> {
    return this.poster ? this.poster.sendMessage(to, subject, text, idempotencyKey) : { id: null, url: null };
  }

  editPost(postId: string, edit: PostEdit): Promise<EditReceipt> {
    return this.poster ? this.poster.editPost(postId, edit) : Promise.reject(withoutAccount('edit the post'));
  }

  setLocked(locked: boolean): Promise<{ changed: boolean }> {
    return this.poster
      ? this.poster.setLocked(locked)
      : Promise.reject(withoutAccount(locked ? 'lock the thread' : 'unlock the thread'));
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/** No account to act with: the moderator does it by hand (as a reply without one is handed back to paste). */
export function withoutAccount(what: string): NotAllowed {
  return new NotAllowed(
    'usage',
    `moddesk has no forum account to ${what} with (MODDESK_FORUM_USERNAME and MODDESK_FORUM_PASSWORD): do it by hand`,
  );
}

/** The moderator's poster, when the engine has forms and the account is configured (never stored, never logged). */
function formSinkFor(engine: PagedPlatform, thread: string, opts: SourceOptions): FormSink | null {
  const username = opts.env.MODDESK_FORUM_USERNAME;
  const password = opts.env.MODDESK_FORUM_PASSWORD;
  if (!engine.dialect || !username || !password) return null;
  const http = resolveHttp(opts);
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
  const session = new BoardSession({
    userAgent: http.userAgent ?? 'moddesk',
    timeoutMs: http.timeoutMs ?? 30_000,
    minGapMs: http.minGapMs ?? 1000,
    now: Date.now,
    sleep,
  });
  const flood = Number(opts.env.MODDESK_FORUM_FLOOD_SECONDS);
  return new FormSink(
    engine.dialect,
    engine,
    thread,
    session,
    { username, password },
    {
      floodSeconds: Number.isFinite(flood) && flood >= 0 ? flood : undefined,
      now: Date.now,
      sleep,
    },
  );
}
