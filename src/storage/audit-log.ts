import type { Database, Statement } from 'better-sqlite3';

export interface AuditEntry {
  seq: number;
  at: string;
  gameId: string | null;
  /** Who did it: an account's name or `moderator (token)` (the dashboard), `mod` (a hand edit of the game file), `watch` (the loop), `config` (an auto-approval rule). */
  actor: string;
  action: string;
  detail: Record<string, unknown>;
}

/** The append-only log of everything the desk did and the mod decided (triggers refuse updates and deletes). */
export class AuditLog {
  private readonly insert: Statement;
  private readonly list: Statement;
  private readonly byPeople: Statement;

  constructor(db: Database) {
    this.insert = db.prepare('INSERT INTO audit (at, game_id, actor, action, detail) VALUES (?, ?, ?, ?, ?)');
    this.list = db.prepare('SELECT * FROM audit WHERE (? IS NULL OR game_id = ?) ORDER BY seq');
    this.byPeople = db.prepare(
      "SELECT * FROM audit WHERE game_id = ? AND actor NOT IN ('watch', 'config') ORDER BY seq DESC LIMIT ?",
    );
  }

  append(e: Omit<AuditEntry, 'seq'>): void {
    this.insert.run(e.at, e.gameId, e.actor, e.action, JSON.stringify(e.detail));
  }

  entries(gameId: string | null = null): AuditEntry[] {
    return this.read(this.list.all(gameId, gameId));
  }

  /** A game's latest changes made by people (the dashboard's accounts, the token's moderator), newest first. */
  latestByPeople(gameId: string, limit: number): AuditEntry[] {
    return this.read(this.byPeople.all(gameId, limit));
  }

  private read(rows: unknown[]): AuditEntry[] {
    return (
      rows as {
        seq: number;
        at: string;
        game_id: string | null;
        actor: string;
        action: string;
        detail: string;
      }[]
    ).map((r) => ({
      seq: r.seq,
      at: r.at,
      gameId: r.game_id,
      actor: r.actor,
      action: r.action,
      detail: JSON.parse(r.detail),
    }));
  }
}
