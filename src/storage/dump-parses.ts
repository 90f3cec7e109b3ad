import { mkdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedPost } from '../domain/action.js';
import type { CountReading } from '../parser/count-posts.js';
import { nothingRead } from '../parser/extract-actions.js';
import { evictOldest, quietly, readChecked, writeChecked } from './cache-files.js';
import { parserVersion } from './parser-version.js';

/** Dumps whose parsed posts are kept (train/ has about 60): the least recently used go first. */
export const DUMPS_KEPT = 256;

const MAGIC = 'moddesk-dump-parses/4\n';
const NAME = /^[0-9a-f]{64}\.json$/;
const sha256 = () => process.getBuiltinModule('node:crypto').createHash('sha256');

/** A parse's options as the parse cache keys them. */
type OptsKey = string;
/** One kept parse: the options, the dump line whose post was parsed, the parser's output (as JSON; 0 for nothing read). */
type ParseEntry = [OptsKey, number, ParsedPost | 0];
/** The key of the count rules' readings: no parse's options (`channel\0syntax`) are written so. */
const COUNT_READINGS = '#count';
/** One kept count reading: the dump line and what the count rules read in its post (0 for nothing). */
type ReadingEntry = [typeof COUNT_READINGS, number, CountReading | 0];
type Entry = ParseEntry | ReadingEntry;

/**
 * The posts of one dump that calls before this one parsed (decision 0024), one file per dump and parser
 * build in `dump-parses/` of the cache folder: a call reads it whole (a few hundred kB at most) instead of loading
 * SQLite and looking its posts up one by one, which cost a scorer call about 15 ms. It is keyed by a SHA-256 of
 * the whole dump's bytes, so a line of it is that very post; its answers are the parse cache's, read back from JSON
 * as the parse cache reads them. A post found to hold nothing to read is kept too (as 0): a later call then reads
 * neither its line nor its body (decision 0027). The count rules' reading of a post (`readCountPost`) is kept
 * the same way, so `state` need not read the day's posts again for the moderator's counts and the players asking
 * for one (decision 0029). A file that does not read back whole is removed and read as empty; a write that
 * fails, or that another call's write replaces, only costs a later call a look-up in the parse cache.
 */
export class DumpParses {
  private readonly dir: string;
  private readonly file: string;
  private byOpts: Map<OptsKey, Map<number, ParsedPost | 0>> | null = null;
  private readings = new Map<number, CountReading | 0>();
  private added: Entry[] = [];
  private kept: Entry[] = [];

  /** `dumpDigest`: a SHA-256 of the dump's bytes (load-dump.ts), which this call has worked out for its kept output. */
  constructor(cacheDir: string, dumpDigest: string) {
    const hash = sha256().update(`${parserVersion()}\0${dumpDigest}`);
    this.dir = join(cacheDir, 'dump-parses');
    this.file = join(this.dir, `${hash.digest('hex')}.json`);
  }

  /** Whether an earlier call kept anything of this dump (parses or readings). */
  hasKept(): boolean {
    if (!this.byOpts) this.load();
    return this.kept.length > 0;
  }

  /** What an earlier call parsed the post of this dump line as, with these options; undefined when none did. */
  get(line: number, optsKey: OptsKey): ParsedPost | undefined {
    if (!this.byOpts) this.load();
    const kept = this.byOpts?.get(optsKey)?.get(line);
    return kept === 0 ? nothingRead() : kept;
  }

  /** Keeps what this call parsed the post of this line as, for `save`. */
  add(line: number, optsKey: OptsKey, parsed: ParsedPost): void {
    const kept = isNothing(parsed) ? 0 : parsed;
    this.added.push([optsKey, line, kept]);
    this.index(optsKey, line, kept);
  }

  /** What an earlier call's count rules read in the post of this dump line; undefined when none did. */
  countReading(line: number): CountReading | undefined {
    if (!this.byOpts) this.load();
    const kept = this.readings.get(line);
    return kept === 0 ? { count: false, request: null } : kept;
  }

  /** Keeps what the count rules read in the post of this line, for `save`. */
  addCountReading(line: number, reading: CountReading): void {
    const kept = !reading.count && reading.request === null ? 0 : reading;
    this.added.push([COUNT_READINGS, line, kept]);
    this.readings.set(line, kept);
  }

  /** Writes the kept parses and this call's new ones, when it parsed any. */
  save(): void {
    if (this.added.length === 0) return;
    const added = this.added;
    this.added = [];
    quietly(() => {
      // Another call may have written since this one read: its parses are kept too.
      const seen = new Set<string>();
      const all: Entry[] = [];
      for (const e of [...this.read(), ...this.kept, ...added]) {
        const key = `${e[0]}\0${e[1]}`;
        if (seen.has(key)) continue;
        seen.add(key);
        all.push(e);
      }
      mkdirSync(this.dir, { recursive: true });
      writeChecked(this.file, MAGIC, Buffer.from(JSON.stringify(all), 'utf8'));
      evictOldest(this.dir, DUMPS_KEPT, (n) => NAME.test(n), unlinkSync);
      this.kept = all;
    });
  }

  private load(): void {
    this.byOpts = new Map();
    this.kept = this.read();
    // Indexed, not destructured: a call runs this loop unoptimized, where a pattern costs an iterator an entry.
    for (let i = 0; i < this.kept.length; i++) {
      const e = this.kept[i] as Entry;
      if (e[0] === COUNT_READINGS) this.readings.set(e[1], e[2] as CountReading | 0);
      else this.index(e[0], e[1], e[2] as ParsedPost | 0);
    }
  }

  private index(optsKey: OptsKey, line: number, parsed: ParsedPost | 0): void {
    let byLine = this.byOpts?.get(optsKey);
    if (!byLine) {
      byLine = new Map();
      this.byOpts?.set(optsKey, byLine);
    }
    byLine.set(line, parsed);
  }

  /** The file's entries, or none (and the file removed) when it is not one a call wrote whole. */
  private read(): Entry[] {
    const entries = readChecked(this.file, MAGIC, (body) => {
      const parsed = JSON.parse(body.toString('utf8')) as unknown;
      return Array.isArray(parsed) && parsed.every(isEntry) ? parsed : null;
    });
    return entries ?? [];
  }
}

function isEntry(e: unknown): e is Entry {
  if (!Array.isArray(e) || e.length !== 3) return false;
  const optsKey: unknown = e[0];
  const line: unknown = e[1];
  if (typeof optsKey !== 'string' || !Number.isInteger(line) || (line as number) < 0) return false;
  if (optsKey === COUNT_READINGS) {
    const reading = e[2] as { count?: unknown; request?: unknown } | 0 | null;
    return (
      reading === 0 ||
      (typeof reading?.count === 'boolean' && (reading.request === null || typeof reading.request === 'string'))
    );
  }
  const parsed = e[2] as { actions?: unknown; diagnostics?: unknown } | 0 | null;
  return parsed === 0 || (Array.isArray(parsed?.actions) && Array.isArray(parsed?.diagnostics));
}

/** A parse that found nothing (most posts): kept as 0. */
function isNothing(p: ParsedPost): boolean {
  return p.actions.length === 0 && p.diagnostics.length === 0 && Object.keys(p).length === 2;
}
