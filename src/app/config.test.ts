import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ModdeskError } from '../domain/errors.js';
import { exposureRefusal, loadAppConfig, parseAppConfig } from './app-config.js';
import { systemClock } from './clock.js';
import { createLogger } from './logger.js';
import { runDesk } from './run-desk.js';
import { loadSecrets, secretValues } from './secrets.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'moddesk-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function errorOf(fn: () => unknown): ModdeskError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ModdeskError) return err;
    throw err;
  }
  throw new Error('expected an error');
}

describe('app config', () => {
  it('the example config is valid, and its paths resolve against its folder', () => {
    const cfg = loadAppConfig(join(root, 'config', 'app.example.yaml'));
    expect(cfg.games[0]!.file).toBe(join(root, 'test', 'games', 'defcon-sample', 'game.yaml'));
    expect(cfg.database.startsWith(join(root, 'config'))).toBe(false);
    expect(cfg.poll.debounceMinutes).toBe(10);
  });

  it('an error names the file, the line, the key path, what was expected and an example', () => {
    const e = errorOf(() =>
      parseAppConfig('games:\n  - { file: a.yaml }\npoll: { intervalSeconds: "often" }\n', 'app.yaml'),
    );
    expect(e.oneLine()).toMatch(
      /^app\.yaml: line 3: poll\.intervalSeconds: .*number.*; for example poll: \{ intervalSeconds: 300/,
    );
    const unknown = errorOf(() => parseAppConfig('games: [{ file: a.yaml }]\ndatabse: x.db\n', 'app.yaml'));
    expect(unknown.oneLine()).toMatch(/unknown key "databse"/);
    const kind = errorOf(() => parseAppConfig('games: [{ file: a.yaml }]\nautoApprove: [votecount]\n', 'app.yaml'));
    expect(kind.oneLine()).toMatch(/autoApprove\[0\]: expected one of "vote-count"/);
    const yaml = errorOf(() => parseAppConfig('games: [\n', 'app.yaml'));
    expect(yaml.code).toBe('yaml-invalid');
  });
});

describe('secrets', () => {
  it('come from the environment, or from a file outside the repository', () => {
    const file = join(dir, 'secrets.env');
    writeFileSync(file, '# mine\nREDDIT_PASSWORD="hunter22"\nREDDIT_USERNAME=TheMod\n');
    const env = loadSecrets({ REDDIT_USERNAME: 'FromEnv' }, file);
    expect(env.REDDIT_PASSWORD).toBe('hunter22');
    expect(env.REDDIT_USERNAME).toBe('FromEnv');
    expect(secretValues(env)).toEqual(['hunter22']);
  });

  it('a secrets file inside the git checkout is refused', () => {
    const e = errorOf(() => loadSecrets({}, join(root, 'config', 'secrets.env')));
    expect(e.message).toMatch(/inside the git checkout/);
  });

  it('a bad line is named by number without echoing its value', () => {
    const file = join(dir, 'bad.env');
    writeFileSync(file, 'REDDIT_PASSWORD hunter22\n');
    const e = errorOf(() => loadSecrets({}, file));
    expect(e.oneLine()).toMatch(/line 1/);
    expect(e.oneLine()).not.toContain('hunter22');
  });

  it('are redacted from logs, by key and by value', () => {
    const lines: string[] = [];
    const log = createLogger({
      level: 'info',
      secrets: ['s3cr3t-value'],
      destination: { write: (s: string) => lines.push(s) },
    });
    log.info({ password: 'pw1', env: { REDDIT_PASSWORD: 'pw2' }, cfg: { clientSecret: 'pw3' } }, 'starting');
    log.info({ detail: 'the token is s3cr3t-value' }, 'oops');
    const out = lines.join('');
    for (const s of ['pw1', 'pw2', 'pw3', 's3cr3t-value']) expect(out).not.toContain(s);
    expect(out).toContain('[redacted]');
  });
});

describe('the database never holds a secret', () => {
  it('after a watch with credentials, no secret value is in the database file', async () => {
    const { FakeClock } = await import('./clock.js');
    const { startDesk, tempDir } = await import('../../test/desk/helpers.js');
    const tmp = tempDir();
    const clock = new FakeClock(Date.parse('2026-03-04T00:00:00Z'));
    const h = await startDesk({ dir: tmp.dir, clock });
    await h.watcher.pollAll();
    const env = h.forum.env();
    await h.close();
    const bytes =
      readFileSync(join(tmp.dir, 'moddesk.db')).toString('latin1') +
      readFileSync(join(tmp.dir, 'moddesk.db-wal'), { flag: 'a+' }).toString('latin1');
    for (const s of [env.REDDIT_PASSWORD!, env.REDDIT_CLIENT_SECRET!]) expect(bytes).not.toContain(s);
    tmp.remove();
  });
});

describe('the dashboard beyond this machine needs accounts (issue 31 item 2)', () => {
  const base = 'games: [{ file: g.yaml }]\n';
  const refusal = (dashboard: string) =>
    exposureRefusal(parseAppConfig(`${base}dashboard: ${dashboard}\n`, 'app.yaml').dashboard);

  it('refuses a bind beyond loopback, or trusted proxies, without accounts, in one line', () => {
    for (const d of ['{ host: 0.0.0.0, allowedHosts: [desk.lan] }', '{ host: 192.0.2.1 }', "{ host: '::' }"])
      expect(refusal(d), d).toMatch(
        /^the dashboard on \S+ would be reached from other machines: turn on accounts \(dashboard\.accounts: true/,
      );
    expect(refusal('{ trustedProxies: [127.0.0.1] }')).toMatch(/trustedProxies .*dashboard\.accounts: true/);
    for (const r of [refusal('{ host: 0.0.0.0 }'), refusal('{ trustedProxies: [127.0.0.1] }')])
      expect(r).not.toContain('\n');
  });

  it('allows loopback with the token, and anything with accounts on', () => {
    expect(refusal('{ host: 127.0.0.1 }')).toBeNull();
    expect(refusal('{ host: localhost }')).toBeNull();
    expect(refusal("{ host: '::1' }")).toBeNull();
    expect(refusal('{ host: 0.0.0.0, accounts: true, trustedProxies: [10.0.0.2, "::1"] }')).toBeNull();
  });

  it('a trusted proxy is an address, named in the error when it is not', () => {
    const err = errorOf(() =>
      parseAppConfig(`${base}dashboard: { accounts: true, trustedProxies: [proxy.lan] }\n`, 'app.yaml'),
    );
    expect(err.oneLine()).toMatch(/app\.yaml.*dashboard\.trustedProxies/);
  });

  it('watch refuses to start so, before it opens or makes the database', async () => {
    const config = parseAppConfig(
      `database: ${join(dir, 'refused.db')}\n${base}dashboard: { host: 0.0.0.0, allowedHosts: [desk.lan] }\n`,
      join(dir, 'app.yaml'),
    );
    const err = await runDesk({
      config,
      clock: systemClock,
      env: {},
      log: createLogger({ level: 'silent', secrets: [] }),
      startDashboard: async () => {
        throw new Error('not reached');
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModdeskError);
    expect((err as ModdeskError).oneLine()).toMatch(
      /dashboard: the dashboard on 0\.0\.0\.0 would be reached from other machines/,
    );
    expect(existsSync(join(dir, 'refused.db'))).toBe(false);
  });
});
