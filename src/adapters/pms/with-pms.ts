import type { PmWindow } from '../../domain/pm-window.js';
import { sortDump } from '../common/versions.js';
import type { Cursor, ReadResult } from '../types.js';
import { type PmInbox, readPms } from './pm-inbox.js';

interface ThreadReadOptions {
  onCheckpoint?: (partial: ReadResult) => Promise<void> | void;
  pms?: PmWindow;
}

/**
 * A thread read, then (given a PM window and the moderator's inbox) the game's new PMs, in one result whose cursor
 * keeps both: the thread adapter's own fields and `pms` (pm-inbox.ts). A checkpoint of a long thread read keeps the
 * PM cursor it started from, so a read cut short never forgets which PMs were returned. An inbox that cannot be
 * read leaves the thread's read whole and says why (`inboxError`).
 */
export async function readWithPms<O extends ThreadReadOptions>(
  readThread: (cursor: Cursor | null, opts: O | undefined) => Promise<ReadResult>,
  inbox: { inbox: PmInbox; to: string } | null,
  cursor: Cursor | null,
  opts: O | undefined,
): Promise<ReadResult> {
  const pmCursor = cursor?.pms;
  const keep = (r: ReadResult): ReadResult =>
    pmCursor === undefined ? r : { ...r, cursor: { ...r.cursor, pms: pmCursor } };
  const checkpoint = opts?.onCheckpoint;
  const threadOpts = opts && checkpoint ? { ...opts, onCheckpoint: (p: ReadResult) => checkpoint(keep(p)) } : opts;
  const result = await readThread(cursor, threadOpts);
  if (!opts?.pms || !inbox) return keep(result);
  let pms: Awaited<ReturnType<typeof readPms>>;
  try {
    pms = await readPms(inbox.inbox, opts.pms, pmCursor, inbox.to);
  } catch (err) {
    // The count must not stop because the inbox could not be read: the thread's posts go on, the PMs wait.
    const e = err as Error & { file?: string; place?: string };
    return { ...keep(result), inboxError: [e.file, e.place, e.message].filter(Boolean).join(': ') };
  }
  return {
    ...result,
    posts: pms.posts.length > 0 ? sortDump([...result.posts, ...pms.posts]) : result.posts,
    cursor: { ...result.cursor, pms: pms.cursor },
  };
}
