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
 * PM cursor it started from, so a read cut short never forgets which PMs were returned.
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
  const pms = await readPms(inbox.inbox, opts.pms, pmCursor, inbox.to);
  return {
    ...result,
    posts: pms.posts.length > 0 ? sortDump([...result.posts, ...pms.posts]) : result.posts,
    cursor: { ...result.cursor, pms: pms.cursor },
  };
}
