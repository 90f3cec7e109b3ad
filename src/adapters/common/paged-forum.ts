import type { PmWindow } from '../../domain/pm-window.js';
import type { Post } from '../../domain/post.js';
import type { PmListing, PmMessage } from '../pms/pm-inbox.js';
import type { BoardDialect } from '../posting/board-dialect.js';
import type { ReadProgress, ReadResult } from '../types.js';

/** What one HTML forum engine tells the shared paged reader (phpBB, XenForo, vBulletin). */
export interface PagedPlatform {
  readonly platform: string;
  /** Checks a thread URL as the moderator gave it; returns the URL of its first page. */
  threadUrl(url: string): string;
  /** The URL of page `page` (1-based) of the thread. */
  pageUrl(threadUrl: string, page: number, perPage: number | null): string;
  /** The pure page mapper (parse-page.ts). */
  parsePage(html: string, ctx: PageContext): ParsedPage;
  /** How the engine's login, reply and message forms work (sink.ts), for posting with the moderator's account. */
  dialect?: BoardDialect;
  /** The moderator's PM inbox pages (read with the account of `dialect`). */
  pms?: PmPages;
}

export interface PageContext {
  /** The page's own URL: post links are resolved against it. */
  pageUrl: string;
  /** The forum's time zone, for engines that print local times. */
  timeZone: string;
  /** When the page was served (the server's Date header), for "Today, 10:04 PM". */
  now: number;
  dateOrder?: 'mdy' | 'dmy';
}

export interface ParsedPage {
  /** The page the server actually returned (a page past the end is usually answered with the last one). */
  page: number;
  pageCount: number;
  /** Posts per page, when the page says so. */
  perPage: number | null;
  /** Posts in the whole thread, when the page says so. */
  total: number | null;
  entries: PageEntry[];
}

/** A post found on a page: its id and content hash are cheap; the full mapping runs only when it is new or changed. */
export interface PageEntry {
  id: string;
  number: number | null;
  hash: string;
  toPost(): Post;
}

/** Read options our adapters accept beyond ThreadSource's. */
export interface ReadOptions {
  onProgress?: (p: ReadProgress) => void;
  signal?: AbortSignal;
  /**
   * Called during a long backfill with the posts found since the last checkpoint and a cursor that resumes
   * after them. Posts handed to a checkpoint are not repeated in the final ReadResult.
   */
  onCheckpoint?: (partial: ReadResult) => Promise<void> | void;
  /** Read the moderator's PMs too, keeping those this window takes (ThreadSource.read). */
  pms?: PmWindow;
}

/** Counters the contract suite and the bench read: a quiet poll maps no posts. */
export interface ReadStats {
  pagesParsed: number;
  postsMapped: number;
}

/** How one forum engine's PM pages are found and read (pure mappers: cheerio, fields checked with zod). */
export interface PmPages {
  /** The inbox's first page. */
  inboxUrl(thread: string): string;
  /** The conversations on an inbox page, newest first, and the link to the next page (null: the last). */
  parseList(html: string, ctx: PageContext): { listings: PmListing[]; next: string | null };
  /** The messages on a conversation's page, and the link to its next page (null: the last). */
  parseConversation(html: string, ctx: PageContext): { messages: PmMessage[]; next: string | null };
}
