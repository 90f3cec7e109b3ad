import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './temp-dir.js';

// Bad input exits non-zero with one clear line naming the file and the place (interfaces §4); never a crash.
const root = fileURLToPath(new URL('..', import.meta.url));
const dir = tempDir('moddesk-cli-');
const GOOD = `ruleset: vanilla
moderator: Mod
players:
  - { name: Ava, faction: town }
  - { name: Bea, faction: mafia }
  - { name: Cid, faction: town }
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z" }
`;
const POST = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'p1',
    author: 'Ava',
    createdAt: '2026-03-02T01:00:00Z',
    editedAt: null,
    html: '<b>Vote: Bea</b>',
    channel: 'thread',
    ...over,
  });

function run(gameText: string, postsText: string, extra: string[] = []) {
  const game = join(dir, `g${Math.random().toString(36).slice(2)}.yaml`);
  const posts = join(dir, `p${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(game, gameText);
  writeFileSync(posts, postsText);
  const r = spawnSync(
    process.execPath,
    [join(root, 'bin', 'moddesk.js'), 'state', '--game', game, '--posts', posts, '--json', ...extra],
    { encoding: 'utf8' },
  );
  return { code: r.status, out: r.stdout, err: r.stderr.trim(), game, posts };
}

describe('CLI errors name the file and the place', () => {
  it('invalid YAML: the line and column', () => {
    const r = run('ruleset: vanilla\nplayers: [\n  - {name: Ava\n', POST());
    expect(r.code).not.toBe(0);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toContain(r.game);
    expect(r.err).toMatch(/line \d+/);
  });
  it('an unknown key: its path and line', () => {
    const r = run(GOOD.replace('faction: mafia', 'faction: mafia, colour: red'), POST());
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/players\[1\].*unknown key "colour"/);
    expect(r.err).toContain('line 5');
  });
  it('a bad phase timestamp in the game file', () => {
    const r = run(GOOD.replace('2026-03-02T00:00:00Z', '2nd of March'), POST());
    expect(r.err).toMatch(/phases\[0\]\.start: expected an ISO-8601 time/);
  });
  it('a time zone Intl does not know', () => {
    const r = run(`${GOOD}timezone: Mars/Olympus\n`, POST());
    expect(r.err).toMatch(/timezone: expected an IANA time zone/);
    expect(r.err).toContain('line 9');
  });
  it('an unknown platform lists the valid ones', () => {
    const r = run(`${GOOD}thread: { platform: myspace, url: x }\n`, POST());
    expect(r.err).toMatch(/thread\.platform: expected one of "reddit", "phpbb"/);
  });
  it('a bad timestamp in the dump: the dump and its line', () => {
    const r = run(GOOD, `${POST()}\n${POST({ id: 'p2', createdAt: 'yesterday' })}\n`);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain(r.posts);
    expect(r.err).toMatch(/line 2: createdAt: expected ISO-8601/);
  });
  it('a line that is not JSON', () => {
    const r = run(GOOD, `${POST()}\n{"id": "p2", oops\n`);
    expect(r.err).toMatch(/line 2: expected one JSON object per line/);
  });
  it('an event naming nobody', () => {
    const r = run(`${GOOD}events:\n  - { at: "2026-03-02T05:00:00Z", kill: Zed }\n`, POST());
    expect(r.err).toMatch(/events\[0\]\.kill: "Zed" is not a player/);
    expect(r.err).toContain(r.game);
  });
  it('--through an unknown post', () => {
    const r = run(GOOD, POST(), ['--through', 'p99']);
    expect(r.err).toMatch(/--through "p99": no post with that id/);
  });
  it('a missing file', () => {
    const r = spawnSync(
      process.execPath,
      [join(root, 'bin', 'moddesk.js'), 'state', '--game', join(dir, 'nope.yaml'), '--json'],
      { encoding: 'utf8' },
    );
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/nope\.yaml: cannot read the game file \(ENOENT\)/);
  });
});

/** Any moddesk command line; `files` are written to the temp dir first and named by their key in `args`. */
function cli(args: string[], files: Record<string, string> = {}) {
  const paths = Object.fromEntries(Object.keys(files).map((k) => [k, join(dir, `${k}-${Math.random()}`)]));
  for (const [k, text] of Object.entries(files)) writeFileSync(paths[k]!, text);
  const argv = args.map((a) => paths[a] ?? a);
  const r = spawnSync(process.execPath, [join(root, 'bin', 'moddesk.js'), ...argv], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: r.status, err: r.stderr.trim(), paths };
}

describe('every bad input is one line with exit 1, never an exit-70 crash (issue 14)', () => {
  const bomb = [
    'ruleset: vanilla',
    'a: &a ["x","x","x","x","x","x","x","x","x"]',
    ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(',')}]`),
    '',
  ].join('\n');
  const oneLine = (r: { code: number | null; err: string }) => {
    expect(r.err.split('\n'), r.err).toHaveLength(1);
    expect(r.code, r.err).toBe(1);
  };

  it('a YAML alias bomb in the game file names the file and the line of its first alias', () => {
    const r = run(bomb, POST());
    oneLine(r);
    expect(r.err).toBe(`moddesk: ${r.game}: line 3: invalid YAML: too many alias expansions (&anchor / *alias)`);
  });
  it('a YAML alias bomb in the app config too', () => {
    const r = cli(['watch', '--config', 'app', '--once'], { app: `database: x.db\n${bomb}` });
    oneLine(r);
    expect(r.err).toContain(`${r.paths.app}: line 4: invalid YAML: too many alias expansions`);
  });
  it('an alias with no anchor', () => {
    const r = run('ruleset: vanilla\nplayers: *nobody\n', POST());
    oneLine(r);
    expect(r.err).toMatch(/line 2: invalid YAML: Unresolved alias/);
  });
  it('YAML nested 100,000 deep', () => {
    const r = run(`ruleset: vanilla\nplayers: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, POST());
    oneLine(r);
    expect(r.err).toMatch(/: line 2, column \d+: invalid YAML: nested too deeply$/);
  });
  it('an unknown log level', () => {
    const r = cli(['watch', '--game', 'game', '--once', '--log-level', 'loud'], { game: GOOD });
    oneLine(r);
    expect(r.err).toMatch(/--log-level: expected one of .*info.*, got "loud"/);
  });
  it('a database whose folder cannot be made', () => {
    writeFileSync(join(dir, 'plain-file'), '');
    const r = cli(['watch', '--game', 'game', '--once', '--db', join(dir, 'plain-file', 'sub', 'x.db')], {
      game: GOOD,
    });
    oneLine(r);
    expect(r.err).toMatch(/x\.db: cannot open the database \((ENOTDIR|EEXIST)\)$/);
  });
  it('a dashboard host that does not resolve', () => {
    const r = cli(
      ['serve', '--game', 'game', '--posts', 'posts', '--host', 'no-such-host.invalid', '--allow-host', 'x'],
      {
        game: GOOD,
        posts: POST(),
      },
    );
    oneLine(r);
    expect(r.err).toMatch(/--host\/--port: cannot listen on no-such-host\.invalid:4479 \(ENOTFOUND\)/);
  });
  it('a dashboard bound beyond loopback without --allow-host', () => {
    const r = cli(['serve', '--game', 'game', '--posts', 'posts', '--host', '0.0.0.0'], { game: GOOD, posts: POST() });
    oneLine(r);
    expect(r.err).toMatch(/--host: binding the dashboard to 0\.0\.0\.0 .*--allow-host/);
  });
});

describe('hostile but valid input is a value, not a crash', () => {
  it('an empty thread shows the first phase start', () => {
    const r = run(GOOD, '');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      at: '2026-03-02T00:00:00Z',
      phase: { name: 'D1' },
      votes: { wagons: [] },
    });
  });
  it('a 1 MB post and malformed HTML are read', () => {
    const huge = `<p>${'word '.repeat(200_000)}</p><b>Vote: Bea</b>`;
    const broken = '<div><b>Vote: Cid<blockquote><i>unclosed';
    const r = run(
      GOOD,
      `${POST({ html: huge })}\n${POST({ id: 'p2', author: 'Bea', createdAt: '2026-03-02T02:00:00Z', html: broken })}\n`,
    );
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.votes.wagons.map((w: { target: string }) => w.target).sort()).toEqual(['Bea', 'Cid']);
  });
});
