import { inPmWindow, type PmWindow } from '../../domain/pm-window.js';
import type { Post } from '../../domain/post.js';
import { formatInstant } from '../../domain/time.js';
import type { Cursor, ReadProgress, ReadResult } from '../types.js';
import type { RedditConfig } from './config.js';
import { fingerprint, fingerprintParts, INBOX_MEMORY, type RedditCursor, readCursor } from './cursor.js';
import { expandStubs } from './expand.js';
import type { RedditGateway } from './gateway.js';
import { inboxFeedOf } from './inbox-feed.js';
import { commentToPost, messageToPost, sortPosts, submissionToPost } from './parse-page.js';
import type { CommentData, SubmissionData } from './schema.js';

export interface ReadOpts {
  onProgress?: (p: ReadProgress) => void;
  signal?: AbortSignal;
  /** The account's inbox read, shared with its other games, may be `maxAgeMs` older than `at` (the caller's clock). */
  inbox?: { at: number; maxAgeMs: number };
  /** Only the PMs this window takes become posts (decision 0037); the rest are passed over, never mapped. */
  pms?: PmWindow;
}

/** ReadResult plus what the adapter did, for tests and the bench. */
export interface RedditReadResult extends ReadResult {
  /** Comments and PMs mapped to Posts this read (a quiet poll maps none). */
  mapped: number;
  mode: 'full' | 'poll' | 'poll+full';
}

const POLL_WINDOW = 100;

/**
 * Reads a thread and the inbox. From no cursor (or one marked `full`): the whole tree. Otherwise a poll: the thread
 * head sorted new (1 request) and the inbox (1 request); ids in its stubs that the cursor does not know are fetched
 * through morechildren; if `num_comments` still promises more new comments than were found (new replies under old
 * comments hide from a sort=new page), the poll falls back to a full read. Either way only new comments and new
 * versions are mapped and returned. Comments that no answer gave (expand.ts) are returned as `missing`, kept in
 * the cursor and asked for again by the next read: a read is never reported complete when it is not.
 */
export class RedditReader {
  constructor(
    private readonly cfg: RedditConfig,
    private readonly gateway: () => Promise<RedditGateway>,
    private readonly now: () => number = Date.now,
  ) {}

  async read(cursorIn: Cursor | null, opts: ReadOpts = {}): Promise<RedditReadResult> {
    const gw = await this.gateway();
    const before = gw.requests;
    const prev = cursorIn ? readCursor(cursorIn, this.cfg.article) : null;
    const state = new DiffState(prev?.seen ?? {});
    let head: SubmissionData;
    let mode: RedditReadResult['mode'];
    let missing: string[];
    if (!prev || prev.full) {
      ({ head, missing } = await this.fullRead(gw, state, prev !== null, opts));
      mode = 'full';
    } else {
      const view = await gw.readPage(this.cfg.article, { sort: 'new', limit: POLL_WINDOW });
      const knownBefore = (id: string) => prev.seen[id] !== undefined;
      const stubs = view.stubs.filter((s) => s.kind === 'more');
      // What the last read could not get is asked for again, like any hidden reply.
      if (prev.missing?.length)
        stubs.push({ kind: 'more', parentId: '', children: prev.missing, count: prev.missing.length });
      const found = await expandStubs(
        { comments: view.comments, stubs },
        {
          more: (ids) => gw.moreChildren(this.cfg.article, ids),
          continueAt: (parent) => gw.permalink(this.cfg.article, parent.replace(/^t1_/, '')),
        },
        { skip: knownBefore, signal: opts.signal },
      );
      this.diff(found.comments, state);
      head = view.submission;
      missing = found.missing;
      const fresh = found.comments.filter((c) => !knownBefore(c.id)).length;
      mode = 'poll';
      if (fresh < head.num_comments - prev.numComments) {
        ({ head, missing } = await this.fullRead(gw, state, true, opts));
        mode = 'poll+full';
      }
    }
    const inbox = await this.readInbox(gw, prev?.inbox ?? [], head.created_utc ?? 0, opts.inbox);
    const window = opts.pms;
    const taken = window
      ? inbox.fresh.filter((m) => m.author !== null && inPmWindow(window, m.author, m.created_utc * 1000))
      : inbox.fresh;
    for (const m of taken) state.posts.push(messageToPost(m, this.cfg.linkBase));
    state.mapped += taken.length;
    const cursor: RedditCursor = {
      v: 1,
      platform: 'reddit',
      article: this.cfg.article,
      numComments: head.num_comments,
      seen: state.seen,
      inbox: inbox.seen,
    };
    if (missing.length > 0) cursor.missing = missing;
    const result = { posts: sortPosts(state.posts), cursor, requests: gw.requests - before, mapped: state.mapped };
    const opening = submissionToPost(head, this.cfg.linkBase);
    return { ...result, mode, ...(missing.length > 0 ? { missing } : {}), ...(opening ? { opening } : {}) };
  }

  private async fullRead(
    gw: RedditGateway,
    state: DiffState,
    hadCursor: boolean,
    opts: ReadOpts,
  ): Promise<{ head: SubmissionData; missing: string[] }> {
    const tree = await gw.readThread(this.cfg.article, {
      signal: opts.signal,
      onPage: (pagesDone, posts, pagesTotal) => opts.onProgress?.({ pagesDone, pagesTotal, posts }),
    });
    const missing = tree.missing ?? [];
    // A comment the read could not get is not a deleted one.
    const present = new Set([...tree.comments.map((c) => c.id), ...missing]);
    this.diff(tree.comments, state);
    if (hadCursor) {
      // A comment that vanished from the tree was deleted: record a tombstone version, once.
      for (const [id, fp] of Object.entries(state.seen)) {
        const parts = fingerprintParts(fp);
        if (present.has(id) || parts.gone) continue;
        state.set(id, `${parts.created}:${parts.edited}:gone`);
        state.posts.push({
          id,
          author: '[deleted]',
          createdAt: formatInstant(parts.created * 1000),
          editedAt: formatInstant(this.now()),
          html: '<div class="md"><p>[deleted]</p></div>',
          channel: 'thread',
          deleted: 'vanished',
        });
      }
    }
    return { head: tree.submission, missing };
  }

  /** Maps only what is new or changed since the fingerprints in `state.seen`. */
  private diff(comments: CommentData[], state: DiffState): void {
    for (const c of comments) {
      const fp = fingerprint(c);
      const old = state.seen[c.id];
      if (old === fp) continue;
      state.set(c.id, fp);
      const post = commentToPost(c, this.cfg.linkBase);
      state.mapped += 1;
      if (old !== undefined) {
        const was = fingerprintParts(old);
        const edited = typeof c.edited === 'number' ? c.edited : 0;
        // Changed without a newer `edited` (deleted, removed): the change is dated when it was seen.
        if (edited <= was.edited || post.editedAt === null) post.editedAt = formatInstant(this.now());
      }
      state.posts.push(post);
    }
  }

  /** The PMs this game has not returned yet, newest first, from the account's shared inbox read (inbox-feed.ts). */
  private async readInbox(gw: RedditGateway, seenList: string[], since: number, shared: ReadOpts['inbox']) {
    const seen = new Set(seenList);
    const all = await inboxFeedOf(this.cfg.apiBase, this.cfg.username).read(gw, since, shared);
    const fresh = all.filter((m) => !seen.has(m.name ?? `t4_${m.id}`));
    const names = fresh.map((m) => m.name ?? `t4_${m.id}`).reverse();
    return { fresh, seen: [...seenList, ...names].slice(-INBOX_MEMORY) };
  }
}

/** The fingerprints, copied on the first change only: a quiet poll shares the cursor's map instead of cloning it. */
class DiffState {
  mapped = 0;
  posts: Post[] = [];
  private copied = false;
  constructor(public seen: Record<string, string>) {}
  set(id: string, fp: string): void {
    if (!this.copied) {
      this.seen = { ...this.seen };
      this.copied = true;
    }
    this.seen[id] = fp;
  }
}
