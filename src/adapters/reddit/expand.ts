import type { Stub } from './parse-page.js';
import type { CommentData } from './schema.js';

export interface ExpandIo {
  /** One `/api/morechildren` call for at most 100 ids. */
  more(ids: string[]): Promise<{ comments: CommentData[]; stubs: Stub[] }>;
  /** "Continue this thread": the subtree under one comment (fullname `t1_…`). */
  continueAt(parent: string): Promise<{ comments: CommentData[]; stubs: Stub[] }>;
}

export const MORECHILDREN_MAX = 100;
const MAX_ASKS = 5;

/**
 * Expands every stub, one request at a time: `more` ids from all stubs are pooled into calls of up to 100
 * (platforms.md §1.4 cost model: about 1 + hidden/100 requests, plus one per "continue this thread" chain).
 * Partial answers leave smaller stubs, which are queued in turn; an id is asked for at most 5 times
 * (a comment deleted meanwhile cannot loop). `skip` leaves out ids already known (a poll's cursor).
 */
export async function expandStubs(
  start: { comments: CommentData[]; stubs: Stub[] },
  io: ExpandIo,
  opts: {
    skip?: (id: string) => boolean;
    onStep?: (steps: number, comments: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<CommentData[]> {
  const byId = new Map(start.comments.map((c) => [c.id, c]));
  let queue: string[] = [];
  const queued = new Set<string>();
  const asked = new Map<string, number>();
  const continues: string[] = [];
  const continued = new Set<string>();
  const take = (stubs: Stub[]) => {
    const again: string[] = [];
    for (const s of stubs) {
      if (s.kind === 'continue') {
        if (!continued.has(s.parentId)) {
          continued.add(s.parentId);
          continues.push(s.parentId);
        }
        continue;
      }
      for (const id of s.children) {
        const n = asked.get(id) ?? 0;
        if (byId.has(id) || queued.has(id) || n >= MAX_ASKS || opts.skip?.(id)) continue;
        queued.add(id);
        // Ids Reddit left out of a partial answer go first, so the next call picks them up.
        (n > 0 ? again : queue).push(id);
      }
    }
    if (again.length > 0) queue = again.concat(queue);
  };
  take(start.stubs);
  let steps = 0;
  while (queue.length > 0 || continues.length > 0) {
    opts.signal?.throwIfAborted();
    let r: { comments: CommentData[]; stubs: Stub[] };
    if (queue.length > 0) {
      const ids = queue.splice(0, MORECHILDREN_MAX);
      for (const id of ids) {
        queued.delete(id);
        asked.set(id, (asked.get(id) ?? 0) + 1);
      }
      r = await io.more(ids);
    } else {
      r = await io.continueAt(continues.shift()!);
    }
    for (const c of r.comments) if (!byId.has(c.id)) byId.set(c.id, c);
    take(r.stubs);
    steps += 1;
    opts.onStep?.(steps, byId.size);
  }
  return [...byId.values()];
}
