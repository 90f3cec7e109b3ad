// The `moddesk watch` command alone, bundled by the reliability suites so that each restart starts fast.
import { Command } from 'commander';
import { register } from '../../src/cli/watch-command.js';
import { ModdeskError } from '../../src/domain/errors.js';

const program = new Command('moddesk').exitOverride();
register(program);
program.parseAsync(process.argv.slice(2), { from: 'user' }).catch((err: unknown) => {
  process.stderr.write(`moddesk: ${err instanceof ModdeskError ? err.oneLine() : ((err as Error).stack ?? err)}\n`);
  process.exitCode = 1;
});
