import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../src/app/accounts.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { runMain } from '../helpers/run-main.js';

// Issue 31 item 2: `moddesk accounts` manages the dashboard's accounts in the desk's database; a password comes from a
// prompt, standard input or a file, never from the command line.
const dir = mkdtempSync(join(tmpdir(), 'moddesk-accounts-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const db = join(dir, 'moddesk.db');
const pw = join(dir, 'pw');

describe('moddesk accounts', () => {
  it('adds, lists, changes the password and role of, and removes an account', async () => {
    writeFileSync(pw, 'cleo password one\nignored second line\n');
    expect(
      await runMain(['accounts', 'add', 'cleo', '--role', 'co-moderator', '--password-file', pw, '--db', db]),
    ).toMatchObject({
      code: 0,
      out: 'added cleo (co-moderator)\n',
    });
    const list = await runMain(['accounts', 'list', '--db', db]);
    expect(list.out).toMatch(/^cleo\tco-moderator\tsince \d{4}-/);
    const check = async (password: string) => {
      const store = Store.open(db, extractActions);
      try {
        return await new Accounts(store.accounts).check('cleo', password);
      } finally {
        store.close();
      }
    };
    expect(await check('cleo password one')).toEqual({ name: 'cleo', role: 'co-moderator' });
    writeFileSync(pw, 'cleo password two\n');
    expect((await runMain(['accounts', 'password', 'cleo', '--password-file', pw, '--db', db])).code).toBe(0);
    expect(await check('cleo password one')).toBeNull();
    expect((await runMain(['accounts', 'role', 'cleo', 'viewer', '--db', db])).out).toBe('cleo is now viewer\n');
    expect(await check('cleo password two')).toEqual({ name: 'cleo', role: 'viewer' });
    expect((await runMain(['accounts', 'remove', 'cleo', '--db', db])).out).toBe('removed cleo\n');
    expect((await runMain(['accounts', 'list', '--db', db])).out).toMatch(/^no accounts yet/);
  }, 60_000);

  it('refuses a bad role, a short password and a missing desk, each in one line', async () => {
    writeFileSync(pw, 'short\n');
    const bad = await runMain(['accounts', 'add', 'dan', '--role', 'admin', '--password-file', pw, '--db', db]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^moddesk: --role: a role is one of moderator, co-moderator, viewer, got "admin"\n$/);
    const short = await runMain(['accounts', 'add', 'dan', '--role', 'viewer', '--password-file', pw, '--db', db]);
    expect(short.err).toMatch(/^moddesk: password: a password needs at least 12 characters\n$/);
    const nowhere = await runMain(['accounts', 'list']);
    expect(nowhere.err).toMatch(
      /^moddesk: accounts: name the desk: --config app.yaml, --db moddesk.db or --game G.yaml\n$/,
    );
  });
});
