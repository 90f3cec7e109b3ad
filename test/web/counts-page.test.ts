import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGameFile } from '../../src/app/load-game-file.js';
import type { Post } from '../../src/domain/post.js';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import { openDesk, type TestDesk } from './desk.js';
import { request } from './http-client.js';

// H-VC6 (docs/rules/house-rules.md): the dashboard's Counts page lists each count the moderator posted by hand with
// what differs from moddesk's count, in words, the thread's text escaped.
const TOKEN = 'counts-token';
const cookie = { cookie: `moddesk_token=${TOKEN}` };

const GAME = parseGameFile(
  `ruleset: vanilla
title: Counts Check Mafia
moderator: Host
thread: { platform: file, url: posts.jsonl }
players:
  - { name: Ann }
  - { name: Bob }
  - { name: Carl }
  - { name: Dee }
  - { name: "<i>Eve</i>" }
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-09T00:00:00Z" }
`,
  'counts.yaml',
);

const post = (id: string, author: string, at: string, html: string, number: number): Post => ({
  id,
  author,
  createdAt: `2026-03-02T${at}:00Z`,
  editedAt: null,
  html,
  channel: 'thread',
  number,
});
const vote = (name: string) => `<span class="bbvote" title="This is an official vote.">VOTE: ${name}</span>`;
const POSTS = [
  post('p1', 'Ann', '10:00', vote('Bob'), 1),
  post('p2', '<i>Eve</i>', '10:30', vote('Carl'), 2),
  post(
    'p3',
    'Host',
    '14:30',
    'Vote Count 1.1<br>Bob (1): Ann<br>Not voting: Bob, Carl, Dee, &lt;i&gt;Eve&lt;/i&gt;',
    3,
  ),
  post('p4', 'Host', '15:00', 'Vote Count 1.2<br>Bob (1): Ann<br>Carl (1): &lt;i&gt;Eve&lt;/i&gt;', 4),
];

describe('H-VC6 the Counts page', () => {
  let desk: TestDesk;
  let server: WebServer;
  beforeAll(async () => {
    desk = await openDesk(GAME, POSTS, { at: Date.parse('2026-03-02T16:00:00Z') });
    server = await startWebServer(desk.desk, { token: TOKEN });
  });
  afterAll(async () => {
    await server.close();
    await desk.close();
  });

  it('H-VC6 lists each moderator count, newest first, with its differences in words and a name with markup as text', async () => {
    const r = await request(`${server.url}games/${desk.id}/counts`, { headers: cookie });
    expect(r.status).toBe(200);
    const $ = load(r.body);
    expect($('nav.tabs a[aria-current="page"]').text()).toBe('Counts');
    const rows = $('main table tbody tr')
      .map((_, tr) => $(tr).find('td').first().text())
      .get();
    expect(rows).toEqual(['#4', '#3']);
    const differing = $('main tr.count-differs li')
      .map((_, li) => $(li).text())
      .get();
    expect(differing).toEqual(["count #3 leaves out <i>Eve</i>'s vote for Carl in #2, posted 4 h earlier"]);
    expect($('main i').length).toBe(0);
    expect($('main').text()).toContain("Matches moddesk's count.");
  });
});
