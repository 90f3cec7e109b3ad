import type { HttpResponse, PoliteClient } from '../http/polite-client.js';
import type { Cursor, ReadResult } from '../types.js';
import { contentHash } from './content-hash.js';
import { freshCursor, loadCursor, type PagedCursor } from './paged-cursor.js';
import type { PagedPlatform, ParsedPage, ReadOptions, ReadStats } from './paged-forum.js';
import { newVersion, PostBatch } from './versions.js';

export interface PagedReaderOptions {
  timeZone: string;
  dateOrder?: 'mdy' | 'dmy';
  /** Pages between two checkpoints of a backfill. */
  checkpointEvery?: number;
}

/**
 * Reads a paged HTML thread incrementally. A poll re-reads only the page that held the last known post: when it is
 * byte-identical nothing is parsed (1 request); otherwise new and changed posts are taken from it, earlier pages are
 * read while the first post of a page is unknown (deletions shift pages back), and later pages are read to the end.
 */
export class PagedReader {
  readonly stats: ReadStats = { pagesParsed: 0, postsMapped: 0 };

  constructor(
    private readonly engine: PagedPlatform,
    private readonly client: PoliteClient,
    private readonly thread: string,
    private readonly opts: PagedReaderOptions,
  ) {}

  async read(cursor: Cursor | null, ro: ReadOptions = {}): Promise<ReadResult> {
    const state = cursor
      ? loadCursor(cursor, this.engine.platform, this.thread)
      : freshCursor(this.engine.platform, this.thread);
    this.client.importRobots(state.robots);
    const run = new Run(this, state, ro);
    if (state.full) {
      state.full = undefined;
      state.walkNext = 1;
    }
    if (state.walkNext !== null || state.lastPage === 0) {
      await run.walk(state.walkNext ?? 1, null);
    } else {
      const got = await run.fetch(state.lastPage);
      if (got.hash === state.lastPageHash) return run.finish();
      const page = run.parse(got);
      const firstWasKnown = page.entries[0] ? page.entries[0].id in state.known : true;
      run.absorb(page, got.res.date);
      if (!firstWasKnown) await run.walkBack(page.page - 1);
      await run.walk(page.page + 1, page.total, page);
    }
    return run.finish();
  }

  /** @internal */
  async fetchPage(
    page: number,
    perPage: number | null,
    signal?: AbortSignal,
  ): Promise<{ res: HttpResponse; hash: string }> {
    const res = await this.client.get(this.engine.pageUrl(this.thread, page, perPage), {
      validate: htmlComplete,
      signal,
    });
    return { res, hash: contentHash(res.body) };
  }

  /** @internal */
  parsePage(res: HttpResponse): ParsedPage {
    this.stats.pagesParsed += 1;
    return this.engine.parsePage(res.body, {
      pageUrl: res.url,
      timeZone: this.opts.timeZone,
      now: res.date,
      dateOrder: this.opts.dateOrder,
    });
  }

  /** @internal */
  get requests(): number {
    return this.client.requests;
  }

  /** @internal */
  get checkpointEvery(): number {
    return this.opts.checkpointEvery ?? 10;
  }

  /** @internal */
  exportRobots(): unknown {
    return this.client.exportRobots();
  }
}

/** A truncated page has no closing html tag (servers and proxies that cut a page never send one). */
export function htmlComplete(body: string): boolean {
  return /<\/html\s*>\s*$/i.test(body.slice(-200));
}

/** The state of one read. */
class Run {
  private readonly batch = new PostBatch();
  private reportedRequests: number;
  private pagesDone = 0;
  private sinceCheckpoint = 0;

  constructor(
    private readonly reader: PagedReader,
    private readonly state: PagedCursor,
    private readonly ro: ReadOptions,
  ) {
    this.reportedRequests = reader.requests;
  }

  fetch(page: number): Promise<{ res: HttpResponse; hash: string }> {
    return this.reader.fetchPage(page, this.state.perPage, this.ro.signal);
  }

  parse(got: { res: HttpResponse; hash: string }): ParsedPage {
    const page = this.reader.parsePage(got.res);
    this.pagesDone += 1;
    this.state.pageCount = page.pageCount;
    this.state.perPage = page.perPage ?? this.state.perPage;
    this.state.total = page.total;
    if (page.page >= page.pageCount) {
      this.state.lastPage = page.page;
      this.state.lastPageHash = got.hash;
    }
    return page;
  }

  absorb(page: ParsedPage, observedAt: number): void {
    for (const entry of page.entries) {
      const known = this.state.known[entry.id];
      if (known && known[0] === entry.hash) continue;
      const post = entry.toPost();
      this.reader.stats.postsMapped += 1;
      if (!known) {
        this.batch.addNew(post);
        this.state.known[entry.id] = [entry.hash, post.editedAt];
      } else {
        const version = newVersion(post, known[1], observedAt);
        this.batch.addVersion(version);
        this.state.known[entry.id] = [entry.hash, version.editedAt];
      }
    }
    this.ro.onProgress?.({
      pagesDone: this.pagesDone,
      pagesTotal: this.state.pageCount,
      posts: this.batch.fresh + this.batch.edited,
      postsTotal: this.state.total ?? (this.state.perPage ? this.state.pageCount * this.state.perPage : null),
    });
  }

  /** Reads pages from `from` to the end; refetches the page before when the thread shrank under us. */
  async walk(from: number, total: number | null, previous?: ParsedPage): Promise<void> {
    let prevTotal = total;
    let prev = previous;
    const refetched = new Set<number>();
    for (let k = from; k <= Math.max(this.state.pageCount, from === 1 ? 1 : 0); ) {
      const got = await this.fetch(k);
      const page = this.parse(got);
      const firstWasKnown = page.entries[0] ? page.entries[0].id in this.state.known : true;
      this.absorb(page, got.res.date);
      // Asked for a page past the end (the thread shrank): posts may have moved back onto earlier pages.
      if (page.page < k && !firstWasKnown) await this.walkBack(page.page - 1);
      if (prev && prevTotal !== null && page.total !== null && page.total < prevTotal && !refetched.has(prev.page)) {
        // A post before this page was deleted while we read: the first post of this page may have moved back.
        refetched.add(prev.page);
        const again = await this.fetch(prev.page);
        this.absorb(this.parse(again), again.res.date);
      }
      prevTotal = page.total;
      prev = page;
      k = page.page + 1;
      this.state.walkNext = k <= this.state.pageCount ? k : null;
      if (this.state.walkNext !== null && ++this.sinceCheckpoint >= this.reader.checkpointEvery)
        await this.checkpoint();
    }
    this.state.walkNext = null;
  }

  /** Reads earlier pages while the first post of the page read is unknown. */
  async walkBack(from: number): Promise<void> {
    for (let k = from; k >= 1; k--) {
      const got = await this.fetch(k);
      const page = this.reader.parsePage(got.res);
      this.pagesDone += 1;
      const firstKnown = page.entries[0] ? page.entries[0].id in this.state.known : true;
      this.absorb(page, got.res.date);
      if (firstKnown) return;
    }
  }

  private async checkpoint(): Promise<void> {
    this.sinceCheckpoint = 0;
    if (!this.ro.onCheckpoint) return;
    await this.ro.onCheckpoint(this.result());
  }

  private result(): ReadResult {
    const cursor = { ...structuredClone(this.state), robots: this.reader.exportRobots() };
    const requests = this.reader.requests - this.reportedRequests;
    this.reportedRequests = this.reader.requests;
    return { posts: this.batch.take(), cursor, requests };
  }

  finish(): ReadResult {
    return this.result();
  }
}
