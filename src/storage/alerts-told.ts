import type { Database, Statement } from 'better-sqlite3';

/** The keys of what the desk alerted each game's moderator about (app/alerts): a restart tells none of them again. */
export class AlertsTold {
  private readonly select: Statement;
  private readonly insert: Statement;

  constructor(private readonly db: Database) {
    this.select = db.prepare('SELECT key FROM alerts_told WHERE game_id = ?').pluck();
    this.insert = db.prepare('INSERT OR IGNORE INTO alerts_told (game_id, key, at) VALUES (?, ?, ?)');
  }

  keys(gameId: string): string[] {
    return this.select.all(gameId) as string[];
  }

  add(gameId: string, keys: readonly string[], at: string): void {
    this.db.transaction(() => {
      for (const k of keys) this.insert.run(gameId, k, at);
    })();
  }
}
