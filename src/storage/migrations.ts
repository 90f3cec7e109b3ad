import type { Database } from 'better-sqlite3';

/**
 * Versioned schema migrations, applied in order inside one transaction each. `PRAGMA user_version` records the
 * version reached. Never edit a released migration: add the next one.
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'games, post versions, parse cache, drafts, audit log',
    up(db) {
      db.exec(`
        CREATE TABLE games (
          id TEXT PRIMARY KEY,
          game_file TEXT NOT NULL,
          game_json TEXT NOT NULL,
          cursor TEXT,
          plan TEXT,
          last_poll_at TEXT,
          created_at TEXT NOT NULL
        );
        CREATE TABLE posts (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          game_id TEXT NOT NULL REFERENCES games(id),
          post_id TEXT NOT NULL,
          version INTEGER NOT NULL,
          hash TEXT NOT NULL,
          created_at TEXT NOT NULL,
          json TEXT NOT NULL,
          seen_at TEXT NOT NULL,
          UNIQUE (game_id, post_id, hash),
          UNIQUE (game_id, post_id, version)
        );
        CREATE TABLE parse_cache (
          key TEXT PRIMARY KEY,
          json TEXT NOT NULL
        );
        CREATE TABLE drafts (
          game_id TEXT NOT NULL REFERENCES games(id),
          id TEXT NOT NULL,
          kind TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'posted', 'rejected')),
          format TEXT NOT NULL,
          text TEXT NOT NULL,
          to_player TEXT,
          through_post TEXT,
          plan_at INTEGER NOT NULL,
          idempotency_key TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          recount TEXT,
          posted TEXT,
          PRIMARY KEY (game_id, id)
        );
        CREATE TABLE audit (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          at TEXT NOT NULL,
          game_id TEXT,
          actor TEXT NOT NULL,
          action TEXT NOT NULL,
          detail TEXT NOT NULL
        );
        CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
        CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
      `);
    },
  },
  {
    version: 2,
    name: 'rulings, flag status, edited drafts, rejection reasons',
    up(db) {
      db.exec(`
        CREATE TABLE rulings (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          game_id TEXT NOT NULL REFERENCES games(id),
          at TEXT NOT NULL,
          event TEXT NOT NULL
        );
        CREATE TABLE flag_status (
          game_id TEXT NOT NULL REFERENCES games(id),
          flag_id TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('open', 'accepted', 'ignored', 'ruled')),
          at TEXT NOT NULL,
          PRIMARY KEY (game_id, flag_id)
        );
        ALTER TABLE drafts ADD COLUMN edited INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE drafts ADD COLUMN reason TEXT;
        CREATE INDEX drafts_status ON drafts (game_id, status);
      `);
    },
  },
  {
    version: 3,
    name: "a draft's phase and number as columns; a ruled flag kept as it read",
    up(db) {
      db.exec(`
        ALTER TABLE drafts ADD COLUMN phase TEXT;
        ALTER TABLE drafts ADD COLUMN number INTEGER;
        ALTER TABLE flag_status ADD COLUMN flag TEXT;
      `);
      // Drafts stored before this version carry their phase and number only in the id (vc-D1-3): read once here.
      const rows = db.prepare("SELECT game_id, id FROM drafts WHERE id LIKE 'vc-%'").all() as {
        game_id: string;
        id: string;
      }[];
      const set = db.prepare('UPDATE drafts SET phase = ?, number = ? WHERE game_id = ? AND id = ?');
      for (const r of rows) {
        const m = /^vc-(.+)-(\d+)$/.exec(r.id);
        if (m) set.run(m[1], Number(m[2]), r.game_id, r.id);
      }
    },
  },
  {
    version: 4,
    name: 'a superseded vote count is "superseded" (not "rejected"), with the count that replaced it',
    up(db) {
      // SQLite cannot change a CHECK constraint in place: the table is copied into one that allows the status.
      db.exec(`
        CREATE TABLE drafts_v4 (
          game_id TEXT NOT NULL REFERENCES games(id),
          id TEXT NOT NULL,
          kind TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'posted', 'rejected', 'superseded')),
          format TEXT NOT NULL,
          text TEXT NOT NULL,
          to_player TEXT,
          through_post TEXT,
          plan_at INTEGER NOT NULL,
          idempotency_key TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          recount TEXT,
          posted TEXT,
          edited INTEGER NOT NULL DEFAULT 0,
          reason TEXT,
          phase TEXT,
          number INTEGER,
          superseded_by TEXT,
          PRIMARY KEY (game_id, id)
        );
        INSERT INTO drafts_v4 (game_id, id, kind, status, format, text, to_player, through_post, plan_at,
          idempotency_key, created_at, updated_at, recount, posted, edited, reason, phase, number, superseded_by)
        SELECT game_id, id, kind,
          CASE WHEN status = 'rejected' AND reason LIKE 'superseded by %' THEN 'superseded' ELSE status END,
          format, text, to_player, through_post, plan_at, idempotency_key, created_at, updated_at, recount, posted,
          edited,
          CASE WHEN status = 'rejected' AND reason LIKE 'superseded by %' THEN NULL ELSE reason END,
          phase, number,
          CASE WHEN status = 'rejected' AND reason LIKE 'superseded by %' THEN substr(reason, 15) ELSE NULL END
        FROM drafts ORDER BY rowid;
        DROP TABLE drafts;
        ALTER TABLE drafts_v4 RENAME TO drafts;
        CREATE INDEX drafts_status ON drafts (game_id, status);
      `);
    },
  },
  {
    version: 5,
    name: 'a ruled flag keeps the alias its ruling remembered, so undoing the ruling takes the alias back',
    up(db) {
      db.exec('ALTER TABLE flag_status ADD COLUMN alias TEXT;');
    },
  },
  {
    version: 6,
    name: "an approved draft's tries at posting (attempts, fate, error, next try), so no crash hides one",
    up(db) {
      db.exec('ALTER TABLE drafts ADD COLUMN posting TEXT;');
    },
  },
  {
    version: 7,
    name: 'what each game was alerted about (the keys), so a restarted desk does not tell it again',
    up(db) {
      db.exec(`
        CREATE TABLE alerts_told (
          game_id TEXT NOT NULL,
          key TEXT NOT NULL,
          at TEXT NOT NULL,
          PRIMARY KEY (game_id, key)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 8,
    name: "an edit draft's target (the post, and the block or the text it changes), issue 30 item 3",
    up(db) {
      db.exec('ALTER TABLE drafts ADD COLUMN target TEXT;');
    },
  },
  {
    version: 9,
    name: "the dashboard's accounts (role, scrypt hash) and their sessions (the id's SHA-256 only, with an expiry)",
    up(db) {
      db.exec(`
        CREATE TABLE accounts (
          name TEXT PRIMARY KEY COLLATE NOCASE,
          role TEXT NOT NULL CHECK (role IN ('moderator', 'co-moderator', 'viewer')),
          password TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE TABLE sessions (
          id_hash TEXT PRIMARY KEY,
          account TEXT NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX sessions_account ON sessions (account);
      `);
    },
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Brings the database up to `target` (default: the newest version). Returns the versions applied. */
export function migrate(db: Database, target = SCHEMA_VERSION): number[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (m.version <= current || m.version > target) continue;
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
    applied.push(m.version);
  }
  return applied;
}
