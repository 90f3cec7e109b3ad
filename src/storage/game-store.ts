import type { Database, Statement } from 'better-sqlite3';
import type { GameEvent, GameFile } from '../domain/game-file.js';
import type { FlagJson } from '../domain/state.js';

export interface StoredGame {
  id: string;
  gameFile: string;
  game: GameFile;
  /** The adapter's cursor (opaque JSON; adapters keep secrets out of it). */
  cursor: Record<string, unknown> | null;
  /** Where the draft planner stopped (opaque JSON owned by src/app). */
  plan: unknown;
  lastPollAt: string | null;
}

interface Row {
  id: string;
  game_file: string;
  game_json: string;
  cursor: string | null;
  plan: string | null;
  last_poll_at: string | null;
}

const fromRow = (r: Row): StoredGame => ({
  id: r.id,
  gameFile: r.game_file,
  game: JSON.parse(r.game_json) as GameFile,
  cursor: r.cursor ? (JSON.parse(r.cursor) as Record<string, unknown>) : null,
  plan: r.plan ? (JSON.parse(r.plan) as unknown) : null,
  lastPollAt: r.last_poll_at,
});

/** Games, their adapter cursor and planner position; the mod's rulings; the status of each flag. */
/** A name a ruling remembered for a player (the game file's `aliases`). */
export interface RememberedAlias {
  player: string;
  alias: string;
}

export interface FlagStatusRow {
  status: string;
  flag: FlagJson | null;
  alias: RememberedAlias | null;
}

export class GameStore {
  private readonly upsert: Statement;
  private readonly one: Statement;
  private readonly all: Statement;
  private readonly setCursor: Statement;
  private readonly setPlan: Statement;
  private readonly setGame: Statement;
  private readonly addRuling: Statement;
  private readonly rulingsOf: Statement;
  private readonly flagSet: Statement;
  private readonly flagsOf: Statement;
  private readonly dropRulings: Statement;
  private readonly rulingRows: Statement;
  private readonly dropRuling: Statement;
  private readonly dropFlag: Statement;
  /** Planner positions whose instant alone moved, not yet written (`deferPlan`). */
  private readonly deferred = new Map<string, unknown>();

  constructor(db: Database) {
    this.upsert = db.prepare(`INSERT INTO games (id, game_file, game_json, created_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET game_file = excluded.game_file, game_json = excluded.game_json`);
    this.one = db.prepare('SELECT * FROM games WHERE id = ?');
    this.all = db.prepare('SELECT * FROM games ORDER BY id');
    this.setCursor = db.prepare('UPDATE games SET cursor = ?, last_poll_at = ? WHERE id = ?');
    this.setPlan = db.prepare('UPDATE games SET plan = ? WHERE id = ?');
    this.setGame = db.prepare('UPDATE games SET game_json = ? WHERE id = ?');
    this.addRuling = db.prepare('INSERT INTO rulings (game_id, at, event) VALUES (?, ?, ?)');
    this.rulingsOf = db.prepare('SELECT event FROM rulings WHERE game_id = ? ORDER BY seq').pluck();
    this.flagSet = db.prepare(`INSERT INTO flag_status (game_id, flag_id, status, at, flag, alias)
      VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (game_id, flag_id) DO UPDATE SET status = excluded.status, at = excluded.at,
      flag = coalesce(excluded.flag, flag_status.flag), alias = excluded.alias`);
    this.flagsOf = db.prepare('SELECT flag_id, status, flag, alias FROM flag_status WHERE game_id = ?');
    this.rulingRows = db.prepare('SELECT seq, event FROM rulings WHERE game_id = ? ORDER BY seq');
    this.dropRuling = db.prepare('DELETE FROM rulings WHERE seq = ?');
    this.dropRulings = db.prepare("DELETE FROM rulings WHERE game_id = ? AND json_extract(event, '$.post') = ?");
    this.dropFlag = db.prepare('DELETE FROM flag_status WHERE game_id = ? AND flag_id = ?');
  }

  /** Registers a game (or refreshes its game file) and returns it as stored. */
  register(id: string, gameFile: string, game: GameFile, at: string): StoredGame {
    this.upsert.run(id, gameFile, JSON.stringify(game), at);
    return this.get(id)!;
  }

  get(id: string): StoredGame | null {
    const row = this.one.get(id) as Row | undefined;
    return row ? this.withDeferred(fromRow(row)) : null;
  }

  list(): StoredGame[] {
    return (this.all.all() as Row[]).map((r) => this.withDeferred(fromRow(r)));
  }

  private withDeferred(g: StoredGame): StoredGame {
    return this.deferred.has(g.id) ? { ...g, plan: this.deferred.get(g.id) } : g;
  }

  saveCursor(id: string, cursor: Record<string, unknown>, at: string): void {
    this.setCursor.run(JSON.stringify(cursor), at, id);
  }

  savePlan(id: string, plan: unknown): void {
    this.deferred.delete(id);
    this.setPlan.run(JSON.stringify(plan), id);
  }

  /**
   * A planner position that differs from the stored one only in its instant (nothing happened in between): kept in
   * memory and written with the next transaction of any kind (`Store.tx`) or at close, so a quiet poll writes
   * nothing. A crash loses only the instant; the planner then goes over the same quiet span again.
   */
  deferPlan(id: string, plan: unknown): void {
    this.deferred.set(id, plan);
  }

  /** Writes the positions `deferPlan` kept (inside a transaction, or at close). */
  flushPlans(): void {
    if (this.deferred.size === 0) return;
    for (const [id, plan] of this.deferred) this.setPlan.run(JSON.stringify(plan), id);
    this.deferred.clear();
  }

  saveGame(id: string, game: GameFile): void {
    this.setGame.run(JSON.stringify(game), id);
  }

  ruling(id: string, event: GameEvent, at: string): void {
    this.addRuling.run(id, at, JSON.stringify(event));
  }

  /** Undoes the mod's rulings on a post (the game file loses them too: src/app). Returns how many there were. */
  removeRulings(id: string, post: string): number {
    return this.dropRulings.run(id, post).changes;
  }

  /** Takes one event back out of the stored rulings (a mod event's Undo); `same` compares two events. */
  removeRuling(id: string, event: GameEvent, same: (a: GameEvent, b: GameEvent) => boolean): void {
    const rows = this.rulingRows.all(id) as { seq: number; event: string }[];
    const row = rows.reverse().find((r) => same(JSON.parse(r.event) as GameEvent, event));
    if (row) this.dropRuling.run(row.seq);
  }

  /** Forgets the mod's ruling on a flag: it is open again unless a game-file event on its post rules it. */
  clearFlag(id: string, flagId: string): void {
    this.dropFlag.run(id, flagId);
  }

  rulings(id: string): GameEvent[] {
    return (this.rulingsOf.all(id) as string[]).map((j) => JSON.parse(j) as GameEvent);
  }

  /**
   * The mod's ruling on a flag, with the flag as it read then (kept: the post may raise it no more) and the alias
   * the ruling remembered (undoing the ruling takes it back).
   */
  setFlag(
    id: string,
    flagId: string,
    status: string,
    at: string,
    flag: FlagJson | null = null,
    alias: RememberedAlias | null = null,
  ): void {
    this.flagSet.run(id, flagId, status, at, flag ? JSON.stringify(flag) : null, alias ? JSON.stringify(alias) : null);
  }

  flagStatus(id: string): Map<string, FlagStatusRow> {
    const rows = this.flagsOf.all(id) as {
      flag_id: string;
      status: string;
      flag: string | null;
      alias: string | null;
    }[];
    return new Map(
      rows.map((r) => [
        r.flag_id,
        {
          status: r.status,
          flag: r.flag ? (JSON.parse(r.flag) as FlagJson) : null,
          alias: r.alias ? (JSON.parse(r.alias) as RememberedAlias) : null,
        },
      ]),
    );
  }
}
