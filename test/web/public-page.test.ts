import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/domain/post.js';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import { openDesk, type TestDesk } from './desk.js';
import { post, smallGame } from './games.js';
import { csrfOf, type Reply, request } from './http-client.js';
import { PAYLOADS, XSS_NAMES } from './xss-game.js';

// Issue 31 item 3: a public count page for players: opt-in per game, read-only, no login, cacheable, and nothing
// private on it. Markers are planted in everything private; none may reach the page's HTML or headers.
const MARK = {
  flag: 'FLAGMARKq71',
  pm: 'PM-MARK-72',
  ruling: 'RULING-MARK-74',
  draft: 'DRAFT-MARK-75',
  rejected: 'REJECTED-MARK-78',
  role: 'ROLE-MARK-76',
  role2: 'ROLE-MARK-77',
};
const LONG = `Long${'o'.repeat(180)}name`;
const RTL = '\u202Eevil\u202C Rtl';
const NAMES = [...XSS_NAMES, `"Quote'Break`, 'javascript:alert(1)', LONG, RTL, 'Cal', 'Dee'];
const TOKEN = 'public-page-token-5f0c2a';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const at = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');

function hostileGame(publicPage: boolean) {
  const game = smallGame(NAMES, {
    title: '<script>window.__xss=1</script> "Public" Mafia',
    players: NAMES.map((name, i) => ({
      name,
      faction: i === 1 ? 'mafia' : 'town',
      ...(i === 1 ? { role: `${MARK.role} Godfather` } : i === 2 ? { role: `${MARK.role2} Cop` } : {}),
    })),
    ...(publicPage ? { publicPage: true } : {}),
  });
  const posts: Post[] = [
    post('Cal', at(1), { html: `<p><strong>Vote: Dee</strong></p>` }),
    post(XSS_NAMES[0]!, at(2), { html: `<p><strong>Vote: Dee</strong></p>` }),
    post(RTL, at(3), { html: `<p><strong>Vote: ${escapeHtml(LONG)}</strong></p>` }),
    post('javascript:alert(1)', at(4), {
      html: `<p><a href="javascript:alert(1)">x</a> <strong>Vote: Cal</strong></p>`,
    }),
    // A vote for nobody: a flag the mod rules on, with a note.
    post('Dee', at(5), { html: `<p><strong>Vote: ${MARK.flag}</strong></p>`, id: 'pflag' }),
    ...PAYLOADS.map((p, i) =>
      post('Plain', at(6 + i / 10), { html: `<p>${p} <strong>Vote: ${escapeHtml(p)}</strong></p>` }),
    ),
  ];
  return { game, posts };
}

/** Night 1: a kill by PM, its text private. */
function nightPm(): Post {
  const pm = post(XSS_NAMES[1]!, '2026-05-06T19:00:00Z', {
    html: `<p>${MARK.pm} <strong>Kill: Cal</strong></p>`,
    channel: 'pm',
    id: 'pm1',
  });
  return { ...pm, to: 'Mod' };
}

/** Every header's value and the body, as one text to search. */
const whole = (r: Reply) => `${JSON.stringify(r.headers)}\n${r.body}`;

describe('the public count page (/public/<game id>)', () => {
  let desk: TestDesk;
  let off: TestDesk;
  let server: WebServer;
  let offServer: WebServer;
  let url: string;
  let csrf = '';
  beforeAll(async () => {
    const g = hostileGame(true);
    desk = await openDesk(g.game, g.posts);
    server = await startWebServer(desk.desk, { token: TOKEN });
    url = `${server.url}public/${encodeURIComponent(desk.id)}`;
    // Private things the desk holds: a ruling with a note, an approved count, a pending draft edited, a rejected one.
    await desk.desk.rule(desk.id, { kind: 'ignore', postId: 'pflag', note: MARK.ruling });
    const count = (await desk.desk.drafts(desk.id)).find((d) => d.kind === 'vote-count' && d.status === 'pending');
    await desk.desk.approveDraft(desk.id, count!.id, { confirm: true });
    await desk.addPosts([post('Dee', at(8), { html: '<p><strong>Vote: Cal</strong></p>' })]);
    const next = (await desk.desk.drafts(desk.id)).find((d) => d.kind === 'vote-count' && d.status === 'pending');
    await desk.desk.editDraft(desk.id, next!.id, `${next!.text}\n${MARK.draft}`);
    await desk.addPosts([nightPm()]);
    const dayEnd = (await desk.desk.drafts(desk.id)).find((d) => d.kind === 'day-end' && d.status === 'pending');
    await desk.desk.editDraft(desk.id, dayEnd!.id, `${dayEnd!.text}\n${MARK.rejected}`);
    await desk.desk.rejectDraft(desk.id, dayEnd!.id, MARK.rejected);
    const home = await request(server.url, { headers: { cookie: `moddesk_token=${TOKEN}` } });
    csrf = csrfOf(home.body);
    const h = hostileGame(false);
    off = await openDesk(h.game, h.posts);
    offServer = await startWebServer(off.desk, { token: TOKEN });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await offServer?.close();
    await desk?.close();
    await off?.close();
  });

  it('issue 31: the desk did hold every private thing the page must leave out', async () => {
    const state = await desk.desk.state(desk.id);
    expect(state.phase?.name).toBe('N1');
    expect(state.nightActions?.length).toBeGreaterThan(0);
    expect(state.players.some((p) => p.role?.includes(MARK.role))).toBe(true);
    const flags = await desk.desk.flags(desk.id);
    expect(flags.some((f) => f.postId === 'pflag')).toBe(true);
    const drafts = await desk.desk.drafts(desk.id);
    expect(drafts.some((d) => d.status !== 'posted' && d.text.includes(MARK.draft))).toBe(true);
    expect(drafts.some((d) => d.status === 'rejected' && d.text.includes(MARK.rejected))).toBe(true);
    expect(drafts.some((d) => d.kind === 'vote-count' && ['approved', 'posted'].includes(d.status))).toBe(true);
    expect(csrf.length).toBeGreaterThan(10);
  });

  it('issue 31: no marker of a flag, PM, night action, ruling, draft, role, token or CSRF in the HTML or headers', async () => {
    const r = await request(url);
    expect(r.status).toBe(200);
    const text = whole(r);
    for (const m of [...Object.values(MARK), TOKEN, csrf]) expect(text, m).not.toContain(m);
    // Nor the night action itself: who sent it, and that there was one.
    expect(r.body).not.toMatch(/Kill|night action/i);
    expect(r.headers['set-cookie']).toBeUndefined();
    // What the page is for: the live count, the approved count, the wagon chart.
    const $ = load(r.body);
    expect($('ul.public-count li').length).toBeGreaterThan(0);
    expect($('article.public-count-post').length).toBeGreaterThan(0);
    expect($('svg.timeline text').length).toBeGreaterThan(0);
  });

  it('issue 31: hostile names and posts are text: no script, no handler, no javascript: link; RTL names isolated', async () => {
    const r = await request(url);
    const $ = load(r.body);
    expect($('script, iframe, img, object, embed, form, style, base').length).toBe(0);
    $('*').each((_, el) => {
      if (el.type !== 'tag') return;
      for (const [attr, value] of Object.entries(el.attribs)) {
        expect(attr, el.name).not.toMatch(/^on/i);
        if (['href', 'src', 'xlink:href', 'action'].includes(attr))
          expect(value).not.toMatch(/^\s*(javascript|data):/i);
      }
    });
    expect($('link').attr('href')).toBe('/assets/app.css');
    const shown = $('main').text();
    for (const name of ['"><script>window.__xss=1</script>', `"Quote'Break`, LONG]) expect(shown).toContain(name);
    expect($('bdi').filter((_, e) => $(e).text() === RTL).length).toBeGreaterThan(0);
    expect(r.body).not.toContain('<script>window');
  });

  it('issue 31: headers: strict CSP with no script, no framing, no referrer, cacheable with an ETag; 304 on If-None-Match', async () => {
    const r = await request(url);
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['cache-control']).toMatch(/^public, max-age=(\d+)$/);
    expect(Number(/max-age=(\d+)/.exec(String(r.headers['cache-control']))![1])).toBeLessThanOrEqual(60);
    const etag = String(r.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await request(url, { headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
    const head = await request(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(etag);
  });

  it('issue 31: read-only: every method but GET and HEAD is 405, with or without the token and CSRF', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const r = await request(url, {
        method,
        headers: { cookie: `moddesk_token=${TOKEN}`, 'x-csrf-token': csrf, 'content-type': 'text/plain' },
      });
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('GET, HEAD');
    }
  });

  it('issue 31: a game without publicPage, an unknown game and a bare /public answer the same 404, with no hint', async () => {
    const replies = [
      await request(`${offServer.url}public/${encodeURIComponent(off.id)}`),
      await request(`${server.url}public/no-such-game`),
      await request(`${server.url}public/`),
      await request(`${server.url}public/${encodeURIComponent(desk.id)}/drafts`),
    ];
    for (const r of replies) {
      expect(r.status).toBe(404);
      expect(r.body).toBe('Not found.\n');
      expect(whole(r)).not.toContain(off.id);
    }
    // The dashboard's overview links the page of a game that has one, and only then.
    const cookie = { cookie: `moddesk_token=${TOKEN}` };
    const overview = await request(`${server.url}games/${encodeURIComponent(desk.id)}`, { headers: cookie });
    expect(load(overview.body)('#public-link').attr('href')).toBe(`/public/${encodeURIComponent(desk.id)}`);
    const offOverview = await request(`${offServer.url}games/${encodeURIComponent(off.id)}`, { headers: cookie });
    expect(load(offOverview.body)('#public-link').length).toBe(0);
    // The token still guards the dashboard itself.
    expect((await request(`${server.url}games/${encodeURIComponent(desk.id)}`)).status).toBe(401);
  });

  it("issue 31: an open day's page is the same while nothing happens (a 304 ten minutes on), and changes with a vote", async () => {
    const day = await openDesk(smallGame(undefined, { publicPage: true }), [
      post('Alice', at(1), { action: 'Vote: Bob' }),
    ]);
    const s = await startWebServer(day.desk, { token: TOKEN });
    try {
      const page = `${s.url}public/${encodeURIComponent(day.id)}`;
      const first = await request(page);
      expect(load(first.body)('svg.timeline text').length).toBeGreaterThan(0);
      day.clock.set(Date.parse(at(1)) + 10 * 60_000);
      expect((await day.desk.state(day.id)).at).not.toBe((await day.desk.state(day.id, at(1))).at);
      const later = await request(page, { headers: { 'if-none-match': String(first.headers.etag) } });
      expect(later.status).toBe(304);
      await day.addPosts([post('Cleo', at(2), { action: 'Vote: Bob' })]);
      const moved = await request(page, { headers: { 'if-none-match': String(first.headers.etag) } });
      expect(moved.status).toBe(200);
      expect(load(moved.body)('ul.public-count').text()).toContain('Bob (2)');
    } finally {
      await s.close();
      await day.close();
    }
  });
});
