import type { Stub } from './parse-page.js';
import type { CommentData } from './schema.js';

export interface ExpandIo {
  /** One `/api/morechildren` call for at most 100 ids. */
  more(ids: string[]): Promise<{ comments: CommentData[]; stubs: Stub[] }>;
  /**
   * "Continue this thread": the subtree under one comment (fullname `t1_…`), that comment included. Also the
   * permalink through which a comment that morechildren keeps leaving out is fetched on its own.
   */
  continueAt(parent: string): Promise<{ comments: CommentData[]; stubs: Stub[] }>;
}

export const MORECHILDREN_MAX = 100;
/**
 * Reddit's morechildren answers sometimes leave out ids that were asked for, with no stub in their place (a real
 * answer asked for 9 and returned 7: test/fixtures/pages/reddit/morechildren-3hahrw.json). Those ids ride at the
 * head of the next call (one that is sent anyway, or one of their own when none is left), up to this many answers
 * in all; then each is fetched through its own permalink.
 */
export const LEFT_OUT_ASKS = 3;
const MAX_ASKS = 5;

export interface Expanded {
  comments: CommentData[];
  /** Ids that no answer, retry or permalink gave: the read is not complete (the next poll asks again). */
  missing: string[];
}

/**
 * Expands every stub, one request at a time: `more` ids from all stubs are pooled into calls of up to 100
 * (platforms.md §1.4 cost model: about 1 + hidden/100 requests, plus one per "continue this thread" chain).
 * Ids an answer left out are asked again in the next call, then one by one through their permalink; ids that keep
 * coming back in stubs go to their permalink after 5 asks (a comment deleted meanwhile cannot loop). What even
 * the permalink does not give is returned as `missing`, never dropped silently. `skip` leaves out ids already known.
 */
export async function expandStubs(
  start: { comments: CommentData[]; stubs: Stub[] },
  io: ExpandIo,
  opts: {
    skip?: (id: string) => boolean;
    onStep?: (steps: number, comments: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<Expanded> {
  const byId = new Map(start.comments.map((c) => [c.id, c]));
  let queue: string[] = [];
  const permalinks: string[] = [];
  const pending = new Set<string>();
  /** How many answers left each id out with no stub in its place. */
  const leftOut = new Map<string, number>();
  const asked = new Map<string, number>();
  const missing = new Set<string>();
  const continues: string[] = [];
  const continued = new Set<string>();
  const lastResort = (id: string) => {
    if (!pending.has(id)) {
      pending.add(id);
      permalinks.push(id);
    }
  };
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
        if (byId.has(id) || pending.has(id) || opts.skip?.(id)) continue;
        if (n >= MAX_ASKS) {
          lastResort(id);
          continue;
        }
        pending.add(id);
        // Ids Reddit put back in a smaller stub go first, so the next call picks them up.
        (n > 0 ? again : queue).push(id);
      }
    }
    if (again.length > 0) queue = again.concat(queue);
  };
  take(start.stubs);
  let steps = 0;
  const step = async (r: Promise<{ comments: CommentData[]; stubs: Stub[] }>) => {
    const got = await r;
    for (const c of got.comments) if (!byId.has(c.id)) byId.set(c.id, c);
    take(got.stubs);
    steps += 1;
    opts.onStep?.(steps, byId.size);
    return got;
  };
  const ask = async (ids: string[]) => {
    for (const id of ids) {
      pending.delete(id);
      asked.set(id, (asked.get(id) ?? 0) + 1);
    }
    const got = await step(io.more(ids));
    const stubbed = new Set(got.stubs.flatMap((s) => (s.kind === 'more' ? s.children : [])));
    const again: string[] = [];
    for (const id of ids) {
      if (byId.has(id) || stubbed.has(id) || pending.has(id)) continue;
      const times = (leftOut.get(id) ?? 0) + 1;
      leftOut.set(id, times);
      if (times >= LEFT_OUT_ASKS) lastResort(id);
      else {
        pending.add(id);
        again.push(id);
      }
    }
    if (again.length > 0) queue = again.concat(queue);
  };
  while (queue.length + continues.length + permalinks.length > 0) {
    opts.signal?.throwIfAborted();
    if (queue.length > 0) await ask(queue.splice(0, MORECHILDREN_MAX));
    else if (continues.length > 0) await step(io.continueAt(continues.shift()!));
    else {
      const id = permalinks.shift()!;
      pending.delete(id);
      if (byId.has(id)) continue;
      try {
        await step(io.continueAt(`t1_${id}`));
      } catch (err) {
        // A permalink that is gone (404) leaves the id missing; any other failure fails the read as before.
        if (!/HTTP 404\b/.test((err as Error).message)) throw err;
      }
      if (!byId.has(id)) missing.add(id);
    }
  }
  for (const id of missing) if (byId.has(id)) missing.delete(id);
  return { comments: [...byId.values()], missing: [...missing] };
}
