import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger, prettyLine } from '../../src/app/logger.js';
import { dashboardLink, dashboardToken } from '../../src/app/secrets.js';
import { tempDir } from '../temp-dir.js';

// Issue 15: `count` never prints a postable empty count, and the minor CLI items, each named after the item.
const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'moddesk.js');
const dir = tempDir('moddesk-cli-minor-');
const GAME = `ruleset: vanilla
moderator: Mod
thread: { platform: phpbb, url: "https://forum.example/viewtopic.php?t=9" }
players:
  - { name: Ava }
  - { name: Bea }
  - { name: Cid }
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z" }
`;
const post = (id: string, n: number, author: string, html: string) =>
  JSON.stringify({
    id,
    author,
    createdAt: `2026-03-02T0${n}:00:00Z`,
    editedAt: null,
    html,
    channel: 'thread',
    number: n,
  });
const POSTS = [
  post('900001', 1, 'Ava', '<b>Vote: Bea</b>'),
  post('900002', 2, 'Cid', '<b>Vote: Beatrice the Great</b>'),
  post('900003', 3, 'Bea', '<b>Vote: Ava</b>'),
].join('\n');
const game = join(dir, 'game.yaml');
const posts = join(dir, 'posts.jsonl');
const empty = join(dir, 'empty.jsonl');
writeFileSync(game, GAME);
writeFileSync(posts, `${POSTS}\n`);
writeFileSync(empty, '');

function moddesk(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('count never prints a postable empty count', () => {
  it('count on a forum game without --posts: an error naming --posts, exit 1, nothing on stdout', () => {
    const r = moddesk(['count', '--game', game]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^moddesk: count: this game's thread is on phpbb: pass the thread dump with --posts/);
  });
  it('count with an empty dump: an error, exit 1, nothing on stdout', () => {
    const r = moddesk(['count', '--game', game, '--posts', empty]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/the thread dump has no thread posts, so there is nothing to count/);
  });
});

describe('minor CLI items', () => {
  it('--number 1.01 renders 1.01, 03 renders 1.03, abc is refused', () => {
    expect(moddesk(['count', '--game', game, '--posts', posts, '--number', '1.01']).out).toMatch(
      /^\[b\]Vote Count 1\.01\[\/b\]/,
    );
    expect(moddesk(['count', '--game', game, '--posts', posts, '--number', '03']).out).toMatch(
      /^\[b\]Vote Count 1\.03\[\/b\]/,
    );
    const bad = moddesk(['count', '--game', game, '--posts', posts, '--number', 'abc']);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe('');
    expect(bad.err).toMatch(/--number: expected the count number within the day, e.g. 3 or 2\.03, got "abc"/);
    expect(moddesk(['count', '--game', game, '--posts', posts, '--number', '2.01']).err).toMatch(
      /for day 1, not day 2/,
    );
  });

  it('--through accepts thread numbers as well as ids, and the output shows numbers', () => {
    const byNumber = moddesk(['count', '--game', game, '--posts', posts, '--through', '#2', '--format', 'text']);
    const byId = moddesk(['count', '--game', game, '--posts', posts, '--through', '900002', '--format', 'text']);
    expect(byNumber.code).toBe(0);
    expect(byNumber.out).toBe(byId.out);
    expect(byNumber.out).toMatch(/through post #2\b/);
    expect(byNumber.out).not.toMatch(/Ava \(1\)/);
    expect(moddesk(['state', '--game', game, '--posts', posts, '--through', '2']).out).toMatch(
      /"throughPost":"900002"/,
    );
    expect(moddesk(['count', '--game', game, '--posts', posts, '--through', '#9']).err).toMatch(
      /--through "#9": no post with that id or number/,
    );
  });

  it('flags are not glued to the count when stdout and stderr share a terminal', () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" count --game "${game}" --posts "${posts}" 2>&1`], {
      encoding: 'utf8',
    });
    expect(r.stdout).toMatch(/\n\n--- 1 flag\(s\) for the mod, not part of the post ---\nflag /);
  });

  it('no EPIPE stack trace when output is piped to head', () => {
    const many = Array.from({ length: 4000 }, (_, i) =>
      JSON.stringify({
        id: `q${i}`,
        author: 'Ava',
        createdAt: '2026-03-02T01:00:00Z',
        editedAt: null,
        html: `<b>Vote: Nobody${i}</b>`,
      }),
    );
    const big = join(dir, 'big.jsonl');
    writeFileSync(big, `${many.join('\n')}\n`);
    const r = spawnSync(
      'sh',
      ['-c', `"${process.execPath}" "${bin}" state --game "${game}" --posts "${big}" | head -c 20`],
      {
        encoding: 'utf8',
      },
    );
    expect(r.stdout).toHaveLength(20);
    expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
  });

  it('script --night n1 is accepted case-insensitively', () => {
    const obsidian = join(root, 'test', 'games', 'obsidian-sample', 'game.yaml');
    const upper = moddesk(['script', '--game', obsidian, '--night', 'N1']);
    const lower = moddesk(['script', '--game', obsidian, '--night', 'n1']);
    expect(upper.code).toBe(0);
    expect(lower.code).toBe(0);
    expect(lower.out).toBe(upper.out);
  });

  it('parse with the default zone producing an edit before its post warns', () => {
    const page = join(root, 'test', 'fakes', 'pages', 'phpbb-mafiascum.html.txt');
    const r = moddesk(['parse', '--platform', 'phpbb', page]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(
      /warning: 1 post\(s\) were edited before they were posted .* not in UTC \(the default\); pass --time-zone/,
    );
  });

  it('"Today, 09:07 AM" is not taken silently', () => {
    const page = join(root, 'test', 'fakes', 'pages', 'vbulletin4.html.txt');
    const r = moddesk(['parse', '--platform', 'vbulletin', page]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(
      /warning: .*vbulletin4\.html\.txt: 1 post time\(s\) say "Today"\/"Yesterday"; read against the file's modification time/,
    );
  });

  it('MODDESK_TOKEN vs MODDESK_DASHBOARD_TOKEN: one name, the old one accepted with a warning', () => {
    const warnings: string[] = [];
    expect(dashboardToken({ MODDESK_DASHBOARD_TOKEN: 'new-token' }, (s) => warnings.push(s))).toBe('new-token');
    expect(warnings).toEqual([]);
    expect(dashboardToken({ MODDESK_TOKEN: 'old-token' }, (s) => warnings.push(s))).toBe('old-token');
    expect(warnings[0]).toMatch(/MODDESK_TOKEN is the old name; set MODDESK_DASHBOARD_TOKEN/);
  });

  it('the printed link carries ?token=, and watch keeps its database outside the checkout', async () => {
    expect(dashboardLink({ url: 'http://127.0.0.1:5/', token: 'a b' })).toBe('http://127.0.0.1:5/?token=a%20b');
    const checkout = join(dir, 'checkout');
    const data = join(dir, 'data');
    mkdirSync(join(checkout, '.git'), { recursive: true });
    const g = join(checkout, 'game.yaml');
    writeFileSync(g, GAME.replace(/thread: .*\n/, 'thread: { platform: file, url: posts.jsonl }\n'));
    writeFileSync(join(checkout, 'posts.jsonl'), `${POSTS}\n`);
    const r = moddesk(['watch', '--game', g, '--once'], { XDG_DATA_HOME: data });
    expect(r.code).toBe(0);
    expect(readdirSync(checkout).filter((f) => f.includes('.db'))).toEqual([]);
    expect(readdirSync(join(data, 'moddesk')).some((f) => /^game-[0-9a-f]{8}\.db$/.test(f))).toBe(true);
  });

  it('config/app.example.yaml works as shipped (and writes nothing into config/)', () => {
    const home = join(dir, 'home');
    mkdirSync(home, { recursive: true });
    const before = readdirSync(join(root, 'config'));
    const r = moddesk(['watch', '--config', join(root, 'config', 'app.example.yaml'), '--once'], {
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
    });
    expect(r.err).not.toMatch(/ENOENT|error/i);
    expect(r.code).toBe(0);
    expect(readdirSync(join(root, 'config'))).toEqual(before);
    expect(existsSync(join(home, 'data', 'moddesk'))).toBe(true);
  });

  it('raw JSON logs only off a terminal: pretty lines on a TTY', () => {
    const line = JSON.stringify({
      level: 40,
      time: Date.parse('2026-03-02T12:00:03Z'),
      app: 'moddesk',
      msg: 'poll failed; backing off',
      game: 'demo',
      failures: 2,
    });
    expect(prettyLine(`${line}\n`)).toBe('12:00:03 WARN poll failed; backing off game=demo failures=2\n');
    const lines: string[] = [];
    const log = createLogger({ pretty: true, destination: { write: (s: string) => lines.push(s) } });
    log.info({ game: 'demo' }, 'draft created');
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d info draft created game=demo\n$/);
    const json: string[] = [];
    createLogger({ destination: { write: (s: string) => json.push(s) } }).info('x');
    expect(() => JSON.parse(json[0]!)).not.toThrow();
  });
});
