import { createHash, randomBytes } from 'node:crypto';
import { ModdeskError } from '../domain/errors.js';
import { formatInstant } from '../domain/time.js';
import { type AccountStore, ROLES, type Role } from '../storage/account-store.js';
import type { AuditLog } from '../storage/audit-log.js';
import { type HashParams, hashPassword, MIN_PASSWORD, SCRYPT, verifyPassword } from './passwords.js';

export { ROLES, type Role };

/** Who is signed in to the dashboard; `name` is what the audit log records as the actor. */
export interface SignedIn {
  name: string;
  role: Role;
}

/** A session lasts this long from sign-in, however busy (then sign in again). */
export const SESSION_MS = 12 * 3_600_000;

/** Names the audit log already uses for the loop, the config and the game file's hand edits. */
const RESERVED = new Set(['watch', 'config', 'mod', 'moderator (token)']);
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** The dashboard's accounts over the desk's database: the CLI manages them, the dashboard signs them in. */
export class Accounts {
  private unknown: Promise<string> | null = null;

  /** `hashParams`: the cost new passwords are hashed at (each hash keeps its own, so any verifies). */
  constructor(
    private readonly store: AccountStore,
    private readonly audit?: AuditLog,
    private readonly hashParams: HashParams = SCRYPT,
  ) {}

  list(): { name: string; role: Role; createdAt: string; updatedAt: string }[] {
    return this.store.list().map(({ password: _, ...a }) => a);
  }

  async add(name: string, role: string, password: string, now: number): Promise<void> {
    if (!NAME.test(name) || RESERVED.has(name.toLowerCase()))
      throw new ModdeskError(
        'usage',
        `an account name is 1 to 32 letters, digits, ".", "_" or "-" (not watch, config or mod), got ${JSON.stringify(name)}`,
        { place: 'accounts add' },
      );
    const r = roleOf(role);
    if (this.store.get(name)) throw new ModdeskError('usage', `the account ${name} exists already`, { place: name });
    const hash = await hashPassword(checked(password), this.hashParams);
    this.store.add({ name, role: r, password: hash, createdAt: formatInstant(now) });
  }

  remove(name: string): boolean {
    return this.store.remove(name);
  }

  /** Sets a new password; every session of the account ends. */
  async setPassword(name: string, password: string, now: number): Promise<void> {
    if (!this.store.get(name)) throw new ModdeskError('usage', `no account named ${name}`, { place: name });
    this.store.setPassword(name, await hashPassword(checked(password), this.hashParams), formatInstant(now));
  }

  setRole(name: string, role: string, now: number): boolean {
    return this.store.setRole(name, roleOf(role), formatInstant(now));
  }

  /** The account when the password is its own; an unknown name costs the same hash, so timing tells no names. */
  async check(name: string, password: string): Promise<SignedIn | null> {
    const account = this.store.get(name);
    if (!account) {
      this.unknown ??= hashPassword(randomBytes(16).toString('hex'), this.hashParams);
      await verifyPassword(password, await this.unknown);
      return null;
    }
    return (await verifyPassword(password, account.password)) ? { name: account.name, role: account.role } : null;
  }

  /** A new session: its id goes to the browser, only the id's hash is stored; the audit log says who, from where. */
  startSession(name: string, now: number, address = ''): { id: string; expiresAt: number } {
    this.store.expire(now);
    this.audit?.append({
      at: formatInstant(now),
      gameId: null,
      actor: name,
      action: 'account.signed-in',
      detail: { address },
    });
    const id = randomBytes(32).toString('base64url');
    const expiresAt = now + SESSION_MS;
    this.store.startSession(hashOf(id), name, now, expiresAt);
    return { id, expiresAt };
  }

  session(id: string, now: number): SignedIn | null {
    const s = this.store.session(hashOf(id));
    if (!s) return null;
    if (s.expiresAt <= now) {
      this.store.endSession(hashOf(id));
      return null;
    }
    return { name: s.account, role: s.role };
  }

  endSession(id: string): void {
    this.store.endSession(hashOf(id));
  }
}

function roleOf(role: string): Role {
  if ((ROLES as readonly string[]).includes(role)) return role as Role;
  throw new ModdeskError('usage', `a role is one of ${ROLES.join(', ')}, got ${JSON.stringify(role)}`, {
    place: '--role',
  });
}

function checked(password: string): string {
  if ([...password].length < MIN_PASSWORD)
    throw new ModdeskError('usage', `a password needs at least ${MIN_PASSWORD} characters`, { place: 'password' });
  return password;
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');
