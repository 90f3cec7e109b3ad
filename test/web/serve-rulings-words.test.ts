import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import { openDesk, type TestDesk } from './desk.js';
import { post, smallGame } from './games.js';
import { csrfOf, request } from './http-client.js';
import { openWatchDesk } from './watch-desk.js';

// Issue 32, m7: `serve` writes nothing to the game file, yet its Flags page said a ruling "is kept as a game-file
// event, so every replay keeps it", and its notices said "recorded in the game file". A restart lost the ruling.
const TOKEN = 'test-token-1234567890';
const cookie = { cookie: `moddesk_token=${TOKEN}` };
const D1 = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');
const posts = () => [
  post('Alice', D1(1), { action: 'Vote: Bob', id: 'p1' }),
  post('Dan', D1(2), { action: 'Vote: Jelly', id: 'p2' }),
];

let open: { desk: TestDesk; server: WebServer } | null = null;
afterEach(async () => {
  await open?.server.close();
  await open?.desk.close();
  open = null;
});

async function dashboard(desk: TestDesk) {
  const server = await startWebServer(desk.desk, { token: TOKEN });
  open = { desk, server };
  const base = `${server.url}games/${desk.id}`;
  const get = async (path: string) => (await request(`${base}${path}`, { headers: cookie })).body;
  const postForm = (path: string, form: Record<string, string>) => request(`${base}${path}`, { form, headers: cookie });
  return { base, get, postForm };
}

describe('m7: where rulings are kept, said as it is', () => {
  it('m7: serve says rulings last until you stop serve, on Flags, Mod events and in its notices, and the file stays as it was', async () => {
    const desk = await openDesk(smallGame(), posts());
    const gameFile = desk.running.watcher.runners.get(desk.id)!.gameFile;
    const before = readFileSync(gameFile, 'utf8');
    const { get, postForm } = await dashboard(desk);
    const flags = await get('/flags');
    expect(flags).toContain('serve writes nothing to the game file: rulings last until you stop serve.');
    expect(flags).not.toMatch(/every replay keeps it|game-file event/);
    const mod = await get('/mod');
    expect(mod).toContain('serve writes nothing to the game file: these events last until you stop serve.');
    expect(mod).not.toMatch(/into the game file/);

    const csrf = csrfOf(flags);
    const ruled = await postForm('/rulings', { kind: 'ignore', postId: 'p2', _csrf: csrf });
    expect(ruled.status).toBe(303);
    const kill = await postForm('/mod/kill', { player: 'Eve', cause: 'modkill', confirm: '1', _csrf: csrf });
    expect(kill.headers.location).toContain('notice=mod-kill');
    const after = await get(`/mod?notice=mod-kill`);
    expect(after).toContain('Kill recorded until you stop serve');
    expect(after).not.toContain('in the game file');
    expect(readFileSync(gameFile, 'utf8')).toBe(before);
  });

  it('m7: watch says a ruling is written into the game file, and it is', async () => {
    const desk = await openWatchDesk(smallGame(), posts());
    const { get, postForm } = await dashboard(desk);
    const flags = await get('/flags');
    expect(flags).toContain('is written into the game file as an event, so every replay keeps it.');
    expect(flags).not.toContain('until you stop serve');
    const ruled = await postForm('/rulings', { kind: 'ignore', postId: 'p2', _csrf: csrfOf(flags) });
    expect(ruled.status).toBe(303);
    expect(loadGameFile(desk.gameFile).events).toContainEqual({ post: 'p2', ignore: true });
    expect(await get('/mod?notice=mod-kill')).toContain('Kill recorded in the game file');
  });
});
