import type { Database, Statement } from 'better-sqlite3';
import type { ParsedPost, ParseFn } from '../domain/action.js';
import { parserVersion } from './parser-version.js';

export interface ParseCacheOptions {
  /** Part of every key (default `parserVersion()`): a parser that changed never reads an older one's answers. */
  version?: string;
  /** How many answers memory keeps (the table keeps them all). */
  memoryLimit?: number;
  /**
   * How many characters of html the answers in memory may be keyed by, together: a key is the post's own html, so
   * this bounds the bodies the memory keeps alive whatever their size (a post longer than a tenth of it is not kept).
   */
  memoryChars?: number;
}

/**
 * The parser's output cached by a hash of what it reads (parser version, html, syntax, channel): a replay never
 * parses an unchanged post again, in this process (memory) or after a restart (the table).
 */
export class ParseCache {
  readonly stats = { parsed: 0, memoryHits: 0, diskHits: 0 };
  /** By options, then by the html string itself (V8 keeps a string's hash, so a hit costs no hashing of ours). */
  private readonly memory = new Map<string, Map<string, ParsedPost>>();
  private size = 0;
  private chars = 0;
  private readonly get: Statement;
  private readonly put: Statement;
  private readonly version: string;
  private readonly memoryLimit: number;
  private readonly memoryChars: number;

  constructor(
    db: Database,
    private readonly parse: ParseFn,
    opts: ParseCacheOptions = {},
  ) {
    this.get = db.prepare('SELECT json FROM parse_cache WHERE key = ?').pluck();
    this.put = db.prepare('INSERT OR IGNORE INTO parse_cache (key, json) VALUES (?, ?)');
    this.version = opts.version ?? parserVersion();
    this.memoryLimit = opts.memoryLimit ?? 200_000;
    this.memoryChars = opts.memoryChars ?? 400_000_000;
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
    // node:crypto is loaded here, not imported: a call with the cache off never loads it (issue 11).
    sha256 ??= process.getBuiltinModule('node:crypto').hash;
    const key = sha256('sha256', `${this.version}\0${optsKey}\0${html}`, 'base64url');
    const stored = this.get.get(key) as string | undefined;
    let parsed = stored === undefined ? undefined : readStored(stored);
    if (parsed) this.stats.diskHits += 1;
    else {
      this.stats.parsed += 1;
      parsed = this.parse(html, opts);
      this.put.run(key, JSON.stringify(parsed));
    }
    if (html.length > this.memoryChars / 10) return parsed;
    if (this.size >= this.memoryLimit || this.chars + html.length > this.memoryChars) {
      this.memory.clear();
      this.size = 0;
      this.chars = 0;
      byHtml = new Map();
      this.memory.set(optsKey, byHtml);
    }
    byHtml.set(html, parsed);
    this.size += 1;
    this.chars += html.length;
    return parsed;
  };
}

let sha256: typeof import('node:crypto').hash | undefined;

function readStored(json: string): ParsedPost | undefined {
  try {
    const parsed = JSON.parse(json) as ParsedPost;
    return Array.isArray(parsed?.actions) && Array.isArray(parsed.diagnostics) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
