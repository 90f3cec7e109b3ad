import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGameFile } from '../../src/app/load-game-file.js';
import type { StateJson } from '../../src/domain/state.js';
import { RULESETS } from '../../src/reporter/rulesets.js';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import { runMain } from '../helpers/run-main.js';
import { openDesk, type TestDesk } from '../web/desk.js';
import { REPO } from '../web/games.js';
import { request } from '../web/http-client.js';
import { oneDay } from './one-day/index.js';

// Adding a ruleset is its folder and one registry line: this is the line (src/reporter/rulesets.ts has the others).
RULESETS.add(oneDay);

const yaml = `ruleset: one-day
title: One Day
moderator: Mod
thread: { platform: phpbb, url: "https://forum.example/viewtopic.php?t=9" }
players:
  - { name: Ann, faction: town }
  - { name: Ben, faction: mafia }
  - { name: Cy, faction: town }
  - { name: Di, faction: town }
phases:
  - { name: D1, start: "2026-05-04T18:00:00Z", deadline: "2026-05-05T18:00:00Z" }
`;
const vote = (id: string, author: string, hour: number, target: string) => ({
  id,
  author,
  createdAt: new Date(Date.parse('2026-05-04T18:00:00Z') + hour * 3_600_000).toISOString().replace('.000Z', 'Z'),
  editedAt: null,
  html: `<p><strong>Vote: ${target}</strong></p>`,
  channel: 'thread' as const,
});
const posts = [vote('p1', 'Ann', 1, 'Ben'), vote('p2', 'Cy', 2, 'Ben'), vote('p3', 'Ben', 3, 'Ann')];
const afterDeadline = '2026-05-05T19:00:00Z';

let dir: string;
let out: string[];
const run = async (args: string[]) => {
  const r = await runMain(args);
  out = [r.out];
  return r.code;
};
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'moddesk-one-day-'));
  writeFileSync(join(dir, 'game.yaml'), yaml);
  writeFileSync(join(dir, 'posts.jsonl'), posts.map((p) => `${JSON.stringify(p)}\n`).join(''));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a ruleset in its folder and one registry line (test/rulesets/one-day/)', () => {
  it('no file in src/ names it: the registry is the only place a ruleset is listed', () => {
    const named = readdirSync(join(REPO, 'src'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts'))
      .filter((e) => readFileSync(join(e.parentPath, e.name), 'utf8').includes('one-day'));
    expect(named).toEqual([]);
    expect(RULESETS.names()).toEqual(['vanilla', 'defcon', 'obsidian', 'one-day']);
  });

  it("loads as a game file, and an unregistered name is the file's error at its line", () => {
    expect(parseGameFile(yaml, 'g.yaml').ruleset).toBe('one-day');
    expect(() => parseGameFile(yaml.replace('one-day', 'two-day'), 'g.yaml')).toThrow(
      'unknown ruleset "two-day"; expected one of: vanilla, defcon, obsidian, one-day',
    );
  });

  it('moddesk state: its defaults (no threshold) keep the day open, and the deadline ends it by plurality', async () => {
    const game = join(dir, 'game.yaml');
    const postsFile = join(dir, 'posts.jsonl');
    expect(await run(['state', '--game', game, '--posts', postsFile])).toBe(0);
    const open = JSON.parse(out.join('')) as StateJson;
    expect(open).toMatchObject({ ruleset: 'one-day', machine: 'day.open', result: { status: 'ongoing' } });
    expect(open.votes.threshold).toBeNull();
    expect(await run(['state', '--game', game, '--posts', postsFile, '--at', afterDeadline])).toBe(0);
    const over = JSON.parse(out.join('')) as StateJson;
    expect(over).toMatchObject({ machine: 'over', result: { status: 'over', winner: 'town' } });
    expect(over.eliminations).toMatchObject([{ name: 'Ben', cause: 'lynch', phase: 'D1' }]);
  });

  it('moddesk count: the shared vote count, with no "to lynch" line', async () => {
    expect(await run(['count', '--game', join(dir, 'game.yaml'), '--posts', join(dir, 'posts.jsonl')])).toBe(0);
    const text = out.join('');
    expect(text).toMatch(/Ben \(2\)/);
    expect(text).not.toMatch(/to lynch/i);
  });

  describe('the desk and the dashboard', () => {
    let h: TestDesk;
    let web: WebServer;
    beforeAll(async () => {
      h = await openDesk(parseGameFile(yaml, 'g.yaml'), posts, { at: Date.parse(afterDeadline) });
      web = await startWebServer(h.desk, { port: 0, token: 'one-day-token' });
    });
    afterAll(async () => {
      await web?.close();
      await h?.close();
    });

    it('drafts its own day-end post between the previous and the next state, then the shared game over', async () => {
      const drafts = await h.desk.drafts(h.id);
      const dayEnd = drafts.find((d) => d.kind === 'day-end');
      expect(dayEnd).toMatchObject({ phase: 'D1', text: '[b]Ben[/b] has the most votes and is out.\n' });
      expect(drafts.map((d) => d.kind)).toEqual(expect.arrayContaining(['vote-count', 'day-end', 'game-over']));
    });

    it('has every shared page and no tab it does not declare', async () => {
      const get = (path: string) =>
        request(new URL(`/games/${h.id}${path}`, web.url).href, { headers: { authorization: `Bearer ${web.token}` } });
      const overview = await get('');
      expect(overview.status).toBe(200);
      expect(overview.body).toContain('One Day');
      expect(overview.body).not.toContain('/missiles');
      for (const path of ['/drafts', '/flags', '/night', '/votes']) expect((await get(path)).status).toBe(200);
    });
  });
});
