import type { Database } from 'better-sqlite3';
import type { ParseFn } from '../domain/action.js';
import { AccountStore } from './account-store.js';
import { AlertsTold } from './alerts-told.js';
import { AuditLog } from './audit-log.js';
import { DraftStore } from './draft-store.js';
import { GameStore } from './game-store.js';
import { openDatabase } from './open-database.js';
import { ParseCache } from './parse-cache.js';
import { PostStore } from './post-store.js';

/**
 * The desk parses a post when it arrives and keeps every answer in the table; memory keeps only the latest few
 * (keyed by the html itself, a thousand real games' bodies would otherwise stay in memory at rest).
 */
const DESK_PARSES_IN_MEMORY = 10_000;
/** And at most this many characters of their bodies (a few long posts must not hold the place of thousands). */
const DESK_PARSED_CHARS_IN_MEMORY = 20_000_000;

/** The desk's database: one SQLite file (WAL), everything the loop and the dashboard keep. */
export class Store {
  readonly games: GameStore;
  readonly posts: PostStore;
  readonly drafts: DraftStore;
  readonly audit: AuditLog;
  readonly parseCache: ParseCache;
  readonly alertsTold: AlertsTold;
  readonly accounts: AccountStore;

  constructor(
    readonly db: Database,
    parse: ParseFn,
  ) {
    this.games = new GameStore(db);
    this.posts = new PostStore(db);
    this.drafts = new DraftStore(db);
    this.audit = new AuditLog(db);
    this.alertsTold = new AlertsTold(db);
    this.accounts = new AccountStore(db);
    this.parseCache = new ParseCache(db, parse, {
      memoryLimit: DESK_PARSES_IN_MEMORY,
      memoryChars: DESK_PARSED_CHARS_IN_MEMORY,
    });
  }

  static open(file: string, parse: ParseFn): Store {
    return new Store(openDatabase(file), parse);
  }

  /**
   * Runs `fn` in one transaction: all of it is stored, or none (a crash in between loses nothing). The planner
   * positions kept back (`games.deferPlan`) go first, so nothing is ever stored after a stale position.
   */
  tx<T>(fn: () => T): T {
    return this.db.transaction(() => {
      this.games.flushPlans();
      return fn();
    })();
  }

  close(): void {
    if (!this.db.open) return;
    this.games.flushPlans();
    this.db.close();
  }
}
