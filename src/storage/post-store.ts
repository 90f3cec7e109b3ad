import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { Post } from '../domain/post.js';

/** A content hash of one post version: what the platform showed, so an unchanged re-read is not a new version. */
export function postHash(post: Post): string {
  const { id, author, createdAt, editedAt, html, channel, to } = post;
  return createHash('sha256')
    .update(JSON.stringify([id, author, createdAt, editedAt, html, channel, to ?? null]))
    .digest('hex')
    .slice(0, 32);
}

export interface AddResult {
  /** Post versions stored for the first time (new posts and new versions of known posts). */
  added: Post[];
  newPosts: number;
  edits: number;
}

/** ID36-friendly id order (shorter first, then text): numeric and Reddit ids sort as the platform counts them. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Post versions (each post's versions in the order they were stored) in the order `list` gives them: by the first
 * version's `createdAt`, then id, each post's versions together in their order. A desk holding a game's posts
 * merges new lines with it instead of reading the whole list back.
 */
export function inDumpOrder(versions: Post[]): Post[] {
  const created = new Map<string, number>();
  const rank = new Map<Post, number>();
  versions.forEach((p, i) => {
    if (!created.has(p.id)) created.set(p.id, Date.parse(p.createdAt));
    rank.set(p, i);
  });
  return [...versions].sort(
    (a, b) =>
      (created.get(a.id) ?? 0) - (created.get(b.id) ?? 0) ||
      compareIds(a.id, b.id) ||
      (rank.get(a) ?? 0) - (rank.get(b) ?? 0),
  );
}

/**
 * `inDumpOrder([...sorted, ...lines])` for `sorted` already in dump order and `lines` new posts (no version of a post
 * in `sorted`, one line each): appended as they are when they come after the last in order, as a poll's new posts
 * do, so a desk does not sort a game's whole list again for each one.
 */
export function withNewPosts(sorted: Post[], lines: Post[]): Post[] {
  // The last post is placed by its first version's time.
  let first = sorted.length - 1;
  while (first > 0 && (sorted[first - 1] as Post).id === (sorted[first] as Post).id) first -= 1;
  let prev = sorted[first] && { id: (sorted[first] as Post).id, at: Date.parse((sorted[first] as Post).createdAt) };
  for (const p of lines) {
    const at = Date.parse(p.createdAt);
    if (prev && (at - prev.at || compareIds(p.id, prev.id)) <= 0) return inDumpOrder([...sorted, ...lines]);
    prev = { id: p.id, at };
  }
  return [...sorted, ...lines];
}

/** Every version of every post of a game, as fetched; a version is known by its content hash. */
export class PostStore {
  private readonly insert: Statement;
  private readonly known: Statement;
  private readonly all: Statement;
  private readonly one: Statement;
  private readonly count: Statement;
  private readonly holding: Statement;

  constructor(db: Database) {
    this.insert = db.prepare(
      'INSERT OR IGNORE INTO posts (game_id, post_id, version, hash, created_at, json, seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    // One look per post: its newest version number, and whether this version (by hash) is stored already.
    this.known = db.prepare(
      'SELECT MAX(version) AS version, MAX(hash = ?) AS stored FROM posts WHERE game_id = ? AND post_id = ?',
    );
    this.all = db.prepare('SELECT post_id, version, json FROM posts WHERE game_id = ?');
    this.one = db.prepare('SELECT json FROM posts WHERE game_id = ? AND post_id = ? ORDER BY version').pluck();
    this.count = db.prepare('SELECT COUNT(*) FROM posts WHERE game_id = ?').pluck();
    this.holding = db.prepare('SELECT json FROM posts WHERE game_id = ? AND instr(json, ?) > 0 ORDER BY seq').pluck();
  }

  /** Stores what is new; call inside the transaction that also stores the cursor, so a crash loses nothing. */
  add(gameId: string, posts: Post[], seenAt: string): AddResult {
    const out: AddResult = { added: [], newPosts: 0, edits: 0 };
    for (const post of posts) {
      const hash = postHash(post);
      const known = this.known.get(hash, gameId, post.id) as { version: number | null; stored: number | null };
      if (known.stored) continue;
      const version = (known.version ?? 0) + 1;
      this.insert.run(gameId, post.id, version, hash, post.createdAt, JSON.stringify(post), seenAt);
      out.added.push(post);
      if (version === 1) out.newPosts += 1;
      else out.edits += 1;
    }
    return out;
  }

  /**
   * The game's posts as a thread dump (interfaces §1): by `createdAt`, then id, each post's versions in the order
   * they were first seen. The order depends only on the posts, never on when they were fetched.
   */
  list(gameId: string): Post[] {
    const rows = this.all.all(gameId) as { post_id: string; version: number; json: string }[];
    rows.sort((a, b) => a.version - b.version);
    return inDumpOrder(rows.map((r) => JSON.parse(r.json) as Post));
  }

  /** Every version of one post, oldest first. */
  versions(gameId: string, postId: string): Post[] {
    return (this.one.all(gameId, postId) as string[]).map((j) => JSON.parse(j) as Post);
  }

  /** The stored post versions whose JSON holds `text` (a search by SQLite, parsing only the versions found). */
  containing(gameId: string, text: string): Post[] {
    return (this.holding.all(gameId, text) as string[]).map((j) => JSON.parse(j) as Post);
  }

  size(gameId: string): number {
    return this.count.get(gameId) as number;
  }
}
