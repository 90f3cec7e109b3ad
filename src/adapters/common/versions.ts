import type { Post } from '../../domain/post.js';
import { formatInstant } from '../../domain/time.js';

/**
 * A changed post becomes a new version line (interfaces §2). Its `editedAt` is the platform's edit time when the
 * platform shows one that is later than the version we hold; otherwise (a silent edit) the time we saw the change.
 */
export function newVersion(post: Post, previousEditedAt: string | null, observedAt: number): Post {
  const floor = previousEditedAt ?? post.createdAt;
  let editedAt = post.editedAt;
  if (!editedAt || editedAt <= floor) editedAt = formatInstant(observedAt);
  if (editedAt <= floor) editedAt = formatInstant(Date.parse(floor) + 1000);
  return { ...post, editedAt };
}

/** Collects a read's output: first versions by `createdAt`, later versions by `editedAt`, then by id. */
export class PostBatch {
  private items: { post: Post; key: string }[] = [];
  fresh = 0;
  edited = 0;

  addNew(post: Post): void {
    this.items.push({ post, key: post.createdAt });
    this.fresh += 1;
  }

  addVersion(post: Post): void {
    this.items.push({ post, key: post.editedAt ?? post.createdAt });
    this.edited += 1;
  }

  get size(): number {
    return this.items.length;
  }

  /** The posts so far, oldest first; the batch is emptied. */
  take(): Post[] {
    const out = this.items.sort((a, b) =>
      a.key === b.key ? compareIds(a.post.id, b.post.id) : a.key < b.key ? -1 : 1,
    );
    this.items = [];
    return out.map((i) => i.post);
  }
}

export function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Interfaces §1 order: `createdAt`, then id. */
export function sortDump(posts: Post[]): Post[] {
  return [...posts].sort((a, b) =>
    a.createdAt === b.createdAt ? compareIds(a.id, b.id) : a.createdAt < b.createdAt ? -1 : 1,
  );
}
