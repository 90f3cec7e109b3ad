import type { Database, Statement } from 'better-sqlite3';

export const ROLES = ['moderator', 'co-moderator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface AccountRow {
  name: string;
  role: Role;
  /** The password's scrypt hash with its parameters and salt (app/passwords.ts), never the password. */
  password: string;
  createdAt: string;
  updatedAt: string;
}

export interface SessionRow {
  account: string;
  role: Role;
  expiresAt: number;
}

/** The dashboard's accounts and their sessions; a session is kept by its id's hash, so the table alone signs no one in. */
export class AccountStore {
  private readonly q: Record<string, Statement>;

  constructor(private readonly db: Database) {
    this.q = {
      get: db.prepare('SELECT * FROM accounts WHERE name = ?'),
      list: db.prepare('SELECT * FROM accounts ORDER BY name'),
      insert: db.prepare('INSERT INTO accounts (name, role, password, created_at, updated_at) VALUES (?, ?, ?, ?, ?)'),
      remove: db.prepare('DELETE FROM accounts WHERE name = ?'),
      password: db.prepare('UPDATE accounts SET password = ?, updated_at = ? WHERE name = ?'),
      role: db.prepare('UPDATE accounts SET role = ?, updated_at = ? WHERE name = ?'),
      endAll: db.prepare('DELETE FROM sessions WHERE account = ?'),
      start: db.prepare('INSERT INTO sessions (id_hash, account, created_at, expires_at) VALUES (?, ?, ?, ?)'),
      session: db.prepare(
        'SELECT s.account, a.role, s.expires_at FROM sessions s JOIN accounts a ON a.name = s.account WHERE s.id_hash = ?',
      ),
      end: db.prepare('DELETE FROM sessions WHERE id_hash = ?'),
      expire: db.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
    };
  }

  get(name: string): AccountRow | null {
    const r = this.q.get!.get(name) as Raw | undefined;
    return r ? row(r) : null;
  }

  list(): AccountRow[] {
    return (this.q.list!.all() as Raw[]).map(row);
  }

  add(a: Omit<AccountRow, 'updatedAt'>): void {
    this.q.insert!.run(a.name, a.role, a.password, a.createdAt, a.createdAt);
  }

  /** Removes the account and ends its sessions; false when there was none. */
  remove(name: string): boolean {
    return this.db.transaction(() => {
      this.q.endAll!.run(name);
      return this.q.remove!.run(name).changes > 0;
    })();
  }

  /** A new password ends every session the account had. */
  setPassword(name: string, password: string, at: string): boolean {
    return this.db.transaction(() => {
      this.q.endAll!.run(name);
      return this.q.password!.run(password, at, name).changes > 0;
    })();
  }

  setRole(name: string, role: Role, at: string): boolean {
    return this.q.role!.run(role, at, name).changes > 0;
  }

  startSession(idHash: string, account: string, createdAt: number, expiresAt: number): void {
    this.q.start!.run(idHash, account, createdAt, expiresAt);
  }

  session(idHash: string): SessionRow | null {
    const r = this.q.session!.get(idHash) as { account: string; role: Role; expires_at: number } | undefined;
    return r ? { account: r.account, role: r.role, expiresAt: r.expires_at } : null;
  }

  endSession(idHash: string): void {
    this.q.end!.run(idHash);
  }

  /** Forgets the sessions that ended by `now` (epoch ms). */
  expire(now: number): void {
    this.q.expire!.run(now);
  }
}

type Raw = { name: string; role: Role; password: string; created_at: string; updated_at: string };

const row = (r: Raw): AccountRow => ({
  name: r.name,
  role: r.role,
  password: r.password,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
