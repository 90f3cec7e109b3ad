import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { configFrom, register, type WatchOpts } from '../../src/cli/watch-command.js';

// Issue 33 item 5 (m7): `watch --config app.yaml` used 127.0.0.1 whatever the config's dashboard.host said, without a
// word (commander's default for --host always won).
const dir = mkdtempSync(join(tmpdir(), 'moddesk-watch-host-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The options `watch` would run with for these arguments (parsed by the command itself, not run). */
function optionsOf(args: string[]): WatchOpts {
  const program = new Command('moddesk').exitOverride();
  register(program);
  const watch = program.commands.find((c) => c.name() === 'watch')!;
  watch.parseOptions(args);
  return watch.opts() as WatchOpts;
}

describe("watch honours the app config's dashboard.host", () => {
  const config = join(dir, 'app.yaml');
  writeFileSync(join(dir, 'game.yaml'), 'ruleset: vanilla\n');
  writeFileSync(
    config,
    [
      'database: moddesk.db',
      'games: [{ file: game.yaml }]',
      'dashboard: { host: 0.0.0.0, port: 8123, allowedHosts: [desk.lan] }',
      '',
    ].join('\n'),
  );

  it('the config alone: its host, port and allowed hosts', () => {
    expect(configFrom(optionsOf(['--config', config])).dashboard).toEqual({
      host: '0.0.0.0',
      port: 8123,
      allowedHosts: ['desk.lan'],
    });
  });

  it('--host on the command line wins over the config', () => {
    expect(configFrom(optionsOf(['--config', config, '--host', '127.0.0.1'])).dashboard?.host).toBe('127.0.0.1');
  });
});
