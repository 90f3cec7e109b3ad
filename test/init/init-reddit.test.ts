import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSource } from '../../src/adapters/registry.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { main } from '../../src/cli/main.js';
import { redirectOutput } from '../../src/cli/output.js';
import { localRedditEnv } from '../fakes/local-reddit-env.js';
import { tempDir } from '../temp-dir.js';
import { repoFile } from '../web/games.js';

// `moddesk init` on a Reddit thread: the roster is in the submission's text, which the adapter now returns as the
// read's `opening` post. The answer served is Reddit's real `/comments` answer that praw recorded
// (test/fixtures/pages/reddit/comments-2gmzqe.json, origin and licence in the README beside it), from a local
// Reddit on 127.0.0.1. No real Reddit mafia opening post with a licence to keep was found (the shared eval-data
// README says the same), so the roster test puts an invented roster into that real answer's selftext fields,
// here in the test where it can be seen; everything else in the answer stays as Reddit sent it.
const REAL = JSON.parse(readFileSync(repoFile('test/fixtures/pages/reddit/comments-2gmzqe.json'), 'utf8'));
const ARTICLE = '2gmzqe';
const URL_ = 'https://www.reddit.com/r/redditdev/comments/2gmzqe/praw_https_enabled_praw_testing_needed/';

const ROSTER_MD =
  'Welcome to the game! Day 1 ends Friday.\n\n**Players:**\n\n1. /u/alice_w\n2. ~~bobcat~~ brandon\n3. u/Cleo_77\n4. dan-the-man\n\nVote in bold.';
const ROSTER_HTML =
  '<!-- SC_OFF --><div class="md"><p>Welcome to the game! Day 1 ends Friday.</p>\n\n<p><strong>Players:</strong></p>\n\n<ol>\n<li><a href="/u/alice_w">/u/alice_w</a></li>\n<li><del>bobcat</del> brandon</li>\n<li><a href="/u/Cleo_77">u/Cleo_77</a></li>\n<li>dan-the-man</li>\n</ol>\n\n<p>Vote in bold.</p>\n</div><!-- SC_ON -->';

function withRoster(): unknown {
  const copy = structuredClone(REAL);
  Object.assign(copy[0].data.children[0].data, { selftext: ROSTER_MD, selftext_html: ROSTER_HTML });
  return copy;
}

/** A Reddit on 127.0.0.1: the token, the recorded `/comments` answer, an empty inbox. */
async function localReddit(answer: unknown): Promise<{ server: Server; env: NodeJS.ProcessEnv; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    seen.push(`${req.method} ${path}`);
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && path === '/www/api/v1/access_token')
      return json({ access_token: 'local-token', token_type: 'bearer', expires_in: 3600, scope: '*' });
    if (path === `/oauth/comments/${ARTICLE}`) return json(answer);
    if (path === '/oauth/message/inbox') return json({ kind: 'Listing', data: { children: [], after: null } });
    json({ message: 'Not Found', error: 404 }, 404);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = localRedditEnv(base, 'bboe');
  return { server, env, seen };
}

describe('moddesk init --url on Reddit: the roster from the submission', () => {
  const out = tempDir('moddesk-init-reddit-');
  const saved = { ...process.env };
  let printed = '';
  let errors = '';
  let local: Awaited<ReturnType<typeof localReddit>> | null = null;
  let restore = () => {};
  beforeAll(() => {
    restore = redirectOutput({
      out: (s) => {
        printed += s;
      },
      err: (s) => {
        errors += s;
      },
    });
  });
  afterEach(async () => {
    process.env = { ...saved };
    await new Promise((r) => local?.server.close(r));
    local = null;
  });
  afterAll(() => restore());

  it("the adapter returns the real submission's text as the opening post, apart from the replies", async () => {
    local = await localReddit(REAL);
    const source = createSource('reddit', { url: URL_, env: local.env });
    const r = await source.read(null);
    await source.close?.();
    const sub = REAL[0].data.children[0].data;
    expect(r.opening).toMatchObject({
      id: 't3_2gmzqe',
      author: 'bboe',
      createdAt: '2014-09-17T06:34:31Z',
      editedAt: null,
      channel: 'thread',
      threadTitle: sub.title,
      url: `https://www.reddit.com${sub.permalink}`,
    });
    expect(r.opening!.html).toMatch(/^<div class="md"><p>PRAW client developers,<\/p>/);
    expect(r.opening!.html).not.toContain('SC_OFF');
    // The replies are the two comments only: the submission is never replayed as a post.
    expect(r.posts.map((p) => p.id)).not.toContain('t3_2gmzqe');
    expect(r.posts.filter((p) => p.channel === 'thread')).toHaveLength(2);
  });

  it('writes a game file whose players are the roster of the opening post (not the first comment)', async () => {
    local = await localReddit(withRoster());
    Object.assign(process.env, local.env);
    const file = join(out, 'game.yaml');
    printed = '';
    expect(await main(['init', '--url', URL_, '--out', file, '--ruleset', 'vanilla'])).toBe(0);
    const game = loadGameFile(file);
    expect(game.players.map((p) => p.name)).toEqual(['alice_w', 'bobcat', 'Cleo_77', 'dan-the-man']);
    expect(game.moderator).toBe('bboe');
    expect(game.thread).toEqual({ platform: 'reddit', url: URL_ });
    expect(game.title).toBe(REAL[0].data.children[0].data.title);
    expect(game.phases[0]!.start).toBe('2014-09-17T06:34:31Z');
    expect(printed).toContain('4 players from the opening post by bboe (reddit)');
    expect(local.seen).toContain(`GET /oauth/comments/${ARTICLE}`);
  });

  it('the real submission has no roster: init says so, names the author, and writes nothing', async () => {
    local = await localReddit(REAL);
    Object.assign(process.env, local.env);
    const file = join(out, 'none.yaml');
    errors = '';
    expect(await main(['init', '--url', URL_, '--out', file])).toBe(1);
    expect(errors).toMatch(/no roster found in the opening post by bboe/);
    expect(() => readFileSync(file)).toThrow();
  });
});
