import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { ParsedPost } from '../domain/action.js';
import type { ParseFn } from '../machine/post-versions.js';

/**
 * The parser's output cached by a hash of what it reads (html, syntax, channel): a replay never parses an
 * unchanged post again, in this process (memory) or after a restart (the table).
 */
export class ParseCache {
  readonly stats = { parsed: 0, memoryHits: 0, diskHits: 0 };
  private readonly memory = new Map<string, ParsedPost>();
  private readonly get: Statement;
  private readonly put: Statement;

  constructor(
    db: Database,
    private readonly parse: ParseFn,
    private readonly memoryLimit = 200_000,
  ) {
    this.get = db.prepare('SELECT json FROM parse_cache WHERE key = ?').pluck();
    this.put = db.prepare('INSERT OR IGNORE INTO parse_cache (key, json) VALUES (?, ?)');
  }

  readonly fn: ParseFn = (html, opts) => {
    const key = createHash('sha256')
      .update(`${opts.channel}\0${opts.syntax.join(',')}\0${html}`)
      .digest('base64url');
    const hit = this.memory.get(key);
    if (hit) {
      this.stats.memoryHits += 1;
      return hit;
    }
    const stored = this.get.get(key) as string | undefined;
    let parsed: ParsedPost;
    if (stored !== undefined) {
      this.stats.diskHits += 1;
      parsed = JSON.parse(stored) as ParsedPost;
    } else {
      this.stats.parsed += 1;
      parsed = this.parse(html, opts);
      this.put.run(key, JSON.stringify(parsed));
    }
    if (this.memory.size >= this.memoryLimit) this.memory.clear();
    this.memory.set(key, parsed);
    return parsed;
  };
}
