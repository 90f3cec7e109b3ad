import type { PostEdit } from '../domain/owned-block.js';
import type { PmWindow } from '../domain/pm-window.js';
import type { Post } from '../domain/post.js';

/**
 * What every platform adapter provides (architecture.md: one ThreadSource / ThreadSink interface and a registry).
 * Adapters return normalized Posts (interfaces §1) and never interpret actions.
 */

/** Where a previous read stopped, so the next poll fetches only what can have changed. Opaque to callers; JSON. */
export type Cursor = Record<string, unknown>;

export interface ReadResult {
  /** New posts and new versions of known posts (a later `editedAt`, or changed content), oldest first. */
  posts: Post[];
  cursor: Cursor;
  /** HTTP requests this read made. */
  requests: number;
  /**
   * Posts the platform would not give this read (e.g. Reddit comments left out of every answer): the read is NOT
   * complete. Their ids, also kept in the cursor so the next read asks again. Absent or empty: complete.
   */
  missing?: string[];
  /**
   * The thread's opening post where the platform keeps it apart from the replies (a Reddit submission's text):
   * what `init` reads the roster from. Not among `posts`, so a replay never sees it.
   */
  opening?: Post;
  /**
   * Why the moderator's PMs could not be read this time (the thread was): the PM cursor is kept as it was, so the
   * next read tries them again. Names the page, never a message's sender or text.
   */
  inboxError?: string;
}

export interface ThreadSource {
  readonly platform: string;
  /** Reads the thread (and the PM inbox where the platform has one) from `cursor` (null: from the beginning). */
  read(
    cursor: Cursor | null,
    opts?: {
      onProgress?: (p: ReadProgress) => void;
      signal?: AbortSignal;
      /**
       * Where one account's PM inbox serves several threads (Reddit): its shared read may be `maxAgeMs` older than
       * `at` (both on the caller's clock). Absent: the inbox is read now.
       */
      inbox?: { at: number; maxAgeMs: number };
      /**
       * Where the platform reads a long thread in many requests (paged forums): called as the read goes with the
       * posts found since the last call and a cursor that resumes after them, so a read cut short keeps them.
       */
      onCheckpoint?: (partial: ReadResult) => Promise<void> | void;
      /**
       * Read the moderator's PM inbox too, where the adapter can (issue 30): only messages this window takes (the
       * game's players, during the game) become `channel: "pm"` posts; the rest of the inbox is never kept.
       */
      pms?: PmWindow;
    },
  ): Promise<ReadResult>;
}

export interface ReadProgress {
  pagesDone: number;
  pagesTotal: number | null;
  posts: number;
  /** Posts in the whole thread as the platform says (or pages × posts a page), when known. */
  postsTotal?: number | null;
}

export interface PostReceipt {
  /** The platform's id of what was posted, or null when the text must be pasted by hand. */
  id: string | null;
  url: string | null;
}

export interface ThreadSink {
  /** Posts a reply in the thread. `idempotencyKey` is written into the post so a retry can find it and not post twice. */
  reply(text: string, idempotencyKey: string): Promise<PostReceipt>;
  /** Sends a private message (night results), where the platform has them. */
  sendMessage?(to: string, subject: string, text: string, idempotencyKey: string): Promise<PostReceipt>;
  /**
   * Edits the account's own post `postId` (domain/owned-block.ts: only its marked block, or moddesk's own earlier
   * text). The post is read first and after: an edit it already shows changes nothing (`changed: false`), so a
   * repeat after a crash is harmless. `NotAllowed` (post-outcome.ts) when the block is missing or the account may
   * not edit.
   */
  editPost?(postId: string, edit: PostEdit): Promise<EditReceipt>;
  /** Locks (true) or unlocks the thread, its state read first and after; `NotAllowed` without the permission. */
  setLocked?(locked: boolean): Promise<{ changed: boolean }>;
}

export interface EditReceipt {
  id: string;
  url: string | null;
  /** False when the post already said what the edit says (nothing was sent). */
  changed: boolean;
}
