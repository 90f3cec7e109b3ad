import { resolve } from 'node:path';
import type { Command } from 'commander';
import { Accounts, ROLES } from '../app/accounts.js';
import { defaultDatabase, loadAppConfig } from '../app/app-config.js';
import { ModdeskError } from '../domain/errors.js';
import { extractActions } from '../parser/extract-actions.js';
import { Store } from '../storage/store.js';
import { printOut } from './output.js';
import { readPassword } from './read-password.js';

interface DeskOpts {
  config?: string;
  db?: string;
  game?: string;
}

/** `moddesk accounts`: the dashboard's accounts in the desk's database (the moderator manages them here alone). */
export function register(program: Command): void {
  const accounts = program
    .command('accounts')
    .description("the dashboard's accounts (used when the app config says dashboard.accounts: true)")
    .addHelpText(
      'after',
      [
        '',
        'Each names the desk by --config FILE, --db FILE or --game FILE (as watch was started):',
        '  moddesk accounts add NAME --role ROLE [--password-file FILE]   (the password is asked for, or read from stdin)',
        '  moddesk accounts password NAME [--password-file FILE]',
        '  moddesk accounts role NAME ROLE',
        '  moddesk accounts remove NAME',
        '  moddesk accounts list',
        `Roles: ${ROLES.join(', ')}.`,
      ].join('\n'),
    );
  withDesk(accounts.command('add <name>'))
    .description('add an account; the password is asked for (or read from stdin or --password-file)')
    .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`)
    .option('--password-file <file>', "read the password from this file's first line")
    .action((name: string, o: DeskOpts & { role: string; passwordFile?: string }) =>
      onDesk(o, async (a) => {
        await a.add(name, o.role, await readPassword(o.passwordFile), Date.now());
        printOut(`added ${name} (${o.role})\n`);
      }),
    );
  withDesk(accounts.command('password <name>'))
    .description('set a new password (asked for, or read from stdin or --password-file); its sessions end')
    .option('--password-file <file>', "read the password from this file's first line")
    .action((name: string, o: DeskOpts & { passwordFile?: string }) =>
      onDesk(o, async (a) => {
        await a.setPassword(name, await readPassword(o.passwordFile), Date.now());
        printOut(`new password set for ${name}; its sessions are ended\n`);
      }),
    );
  withDesk(accounts.command('role <name> <role>'))
    .description(`change an account's role (${ROLES.join(', ')})`)
    .action((name: string, role: string, o: DeskOpts) =>
      onDesk(o, async (a) => {
        if (!a.setRole(name, role, Date.now())) throw new ModdeskError('usage', `no account named ${name}`);
        printOut(`${name} is now ${role}\n`);
      }),
    );
  withDesk(accounts.command('remove <name>'))
    .description('remove an account; its sessions end at once')
    .action((name: string, o: DeskOpts) =>
      onDesk(o, async (a) => {
        if (!a.remove(name)) throw new ModdeskError('usage', `no account named ${name}`);
        printOut(`removed ${name}\n`);
      }),
    );
  withDesk(accounts.command('list'))
    .description('list the accounts and their roles')
    .action((o: DeskOpts) =>
      onDesk(o, async (a) => {
        const rows = a.list();
        printOut(
          rows.length
            ? rows.map((r) => `${r.name}\t${r.role}\tsince ${r.createdAt}\n`).join('')
            : 'no accounts yet: moddesk accounts add NAME --role moderator\n',
        );
      }),
    );
}

function withDesk(c: Command): Command {
  return c
    .option('--config <file>', "the app config whose database holds the accounts (watch's --config)")
    .option('--db <file>', 'the database file')
    .option('--game <file>', 'the game file watch was started with (its default database)');
}

async function onDesk(o: DeskOpts, run: (a: Accounts) => Promise<void>): Promise<void> {
  const file = o.db
    ? resolve(o.db)
    : o.config
      ? loadAppConfig(o.config).database
      : o.game
        ? defaultDatabase(o.game)
        : null;
  if (!file || file === ':memory:')
    throw new ModdeskError('usage', 'name the desk: --config app.yaml, --db moddesk.db or --game G.yaml', {
      place: 'accounts',
    });
  const store = Store.open(file, extractActions);
  try {
    await run(new Accounts(store.accounts));
  } finally {
    store.close();
  }
}
