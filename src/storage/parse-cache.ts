import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { ParsedPost, ParseFn } from '../domain/action.js';

/**
 * The parser's output cached by a hash of what it reads (html, syntax, channel): a replay never parses an
 * unchanged post again, in this process (memory) or after a restart (the table).
 */
export class ParseCache {
  readonly stats = { parsed: 0, memoryHits: 0, diskHits: 0 };
  /** By options, then by the html string itself (V8 keeps a string's hash, so a hit costs no hashing of ours). */
  private readonly memory = new Map<string, Map<string, ParsedPost>>();
  private size = 0;
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
    const optsKey = `${opts.channel}\0${opts.syntax.join(',')}`;
    let byHtml = this.memory.get(optsKey);
    if (!byHtml) {
      byHtml = new Map();
      this.memory.set(optsKey, byHtml);
    }
    const hit = byHtml.get(html);
    if (hit) {
      this.stats.memoryHits += 1;
      return hit;
    }
    const key = createHash('sha256').update(`${optsKey}\0${html}`).digest('base64url');
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
    if (this.size >= this.memoryLimit) {
      this.memory.clear();
      this.size = 0;
      byHtml = new Map();
      this.memory.set(optsKey, byHtml);
    }
    byHtml.set(html, parsed);
    this.size += 1;
    return parsed;
  };
}
