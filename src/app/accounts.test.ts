import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ModdeskError } from '../domain/errors.js';
import { extractActions } from '../parser/extract-actions.js';
import { Store } from '../storage/store.js';
import { Accounts, SESSION_MS } from './accounts.js';
import { type HashParams, SCRYPT } from './passwords.js';

const dir = mkdtempSync(join(tmpdir(), 'moddesk-accounts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const T0 = Date.parse('2026-12-04T12:00:00Z');

/** The lightest scrypt cost a hash may carry: these tests are about accounts, passwords.test.ts about the cost. */
const LIGHT = { log2N: 10, r: 8, p: 1 };

function desk(name: string, cost: HashParams = LIGHT) {
  const store = Store.open(join(dir, `${name}.db`), extractActions);
  return { store, accounts: new Accounts(store.accounts, undefined, cost) };
}

describe('accounts and sessions (issue 31 item 2)', () => {
  it('stores a role and a hash, never the password; refuses short passwords, bad names and roles', async () => {
    const { store, accounts } = desk('store', SCRYPT);
    await accounts.add('alice', 'moderator', 'alice password 1', T0);
    expect(accounts.list()).toEqual([
      { name: 'alice', role: 'moderator', createdAt: '2026-12-04T12:00:00Z', updatedAt: '2026-12-04T12:00:00Z' },
    ]);
    const raw = JSON.stringify(store.db.prepare('SELECT * FROM accounts').all());
    expect(raw).not.toContain('alice password 1');
    expect(raw).toContain('scrypt$17$8$1$');
    await expect(accounts.add('bob', 'viewer', 'short', T0)).rejects.toThrow(/at least 12 characters/);
    await expect(accounts.add('watch', 'viewer', 'long enough pass', T0)).rejects.toThrow(/account name/);
    await expect(accounts.add('bob', 'admin', 'long enough pass', T0)).rejects.toThrow(ModdeskError);
    await expect(accounts.add('ALICE', 'viewer', 'long enough pass', T0)).rejects.toThrow(/exists already/);
    expect(await accounts.check('alice', 'alice password 1')).toEqual({ name: 'alice', role: 'moderator' });
    expect(await accounts.check('alice', 'alice password 2')).toBeNull();
    expect(await accounts.check('nobody', 'alice password 1')).toBeNull();
    store.close();
  }, 60_000);

  it('a session lives 12 hours from sign-in, is stored as a hash, and ends on sign-out, new password or removal', async () => {
    const { store, accounts } = desk('sessions');
    await accounts.add('cleo', 'co-moderator', 'cleo password 1', T0);
    const s = accounts.startSession('cleo', T0);
    expect(s.expiresAt).toBe(T0 + SESSION_MS);
    expect(JSON.stringify(store.db.prepare('SELECT * FROM sessions').all())).not.toContain(s.id);
    expect(accounts.session(s.id, T0 + SESSION_MS - 1)).toEqual({ name: 'cleo', role: 'co-moderator' });
    expect(accounts.session(s.id, T0 + SESSION_MS)).toBeNull();
    expect(accounts.session(s.id, T0)).toBeNull();

    const out = accounts.startSession('cleo', T0);
    accounts.endSession(out.id);
    expect(accounts.session(out.id, T0)).toBeNull();

    const renewed = accounts.startSession('cleo', T0);
    await accounts.setPassword('cleo', 'cleo password 2', T0);
    expect(accounts.session(renewed.id, T0)).toBeNull();

    const removed = accounts.startSession('cleo', T0);
    expect(accounts.session(removed.id, T0)).not.toBeNull();
    accounts.setRole('cleo', 'viewer', T0);
    expect(accounts.session(removed.id, T0)?.role).toBe('viewer');
    expect(accounts.remove('cleo')).toBe(true);
    expect(accounts.session(removed.id, T0)).toBeNull();
    store.close();
  }, 60_000);

  it("another desk's session id is nobody here, even for an account of the same name", async () => {
    const a = desk('desk-a');
    const b = desk('desk-b');
    await a.accounts.add('dan', 'moderator', 'dan password 11', T0);
    await b.accounts.add('dan', 'moderator', 'dan password 11', T0);
    const s = a.accounts.startSession('dan', T0);
    expect(b.accounts.session(s.id, T0)).toBeNull();
    a.store.close();
    b.store.close();
  }, 60_000);
});
