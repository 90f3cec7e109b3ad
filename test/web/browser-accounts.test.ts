import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_ROLE } from '../../src/web/access.js';
import { CHANGE_ROUTES, type ChangeRoute, routeOf } from '../../src/web/post-routes.js';
import { tempDir } from '../desk/helpers.js';
import { type AccountsDesk, openAccountsDesk, PASSWORD, PROXY, PUBLIC_HOST } from './accounts-desk.js';
import { navigating, openBrowser, shot } from './browser.js';
import { csrfOf, request } from './http-client.js';

// Issue 31 item 2: a desk for several people, on the desk `moddesk watch` runs (a real SQLite file, the local forum).

/** One path for every change the router knows: a Record, so a new route without an example does not compile. */
const EXAMPLES: Record<ChangeRoute, string> = {
  'draft-edit': '/drafts/some-draft/edit',
  'draft-approve': '/drafts/some-draft/approve',
  'draft-reject': '/drafts/some-draft/reject',
  'draft-stop': '/drafts/some-draft/stop',
  'draft-correct': '/drafts/some-draft/correct',
  'draft-approve-role-pms': '/drafts/approve-role-pms',
  ruling: '/rulings',
  'ruling-group': '/rulings/group',
  'ruling-undo': '/rulings/undo',
  'night-action': '/night/action',
  'night-console': '/night/console',
  'night-resolve': '/night/console/resolve',
  'mod-kill': '/mod/kill',
  'mod-replace': '/mod/replace',
  'mod-reset': '/mod/reset',
  'mod-phase': '/mod/phase',
  'mod-undo': '/mod/undo',
};

const tmp = tempDir('moddesk-accounts-');
let browser: Browser;
let h: AccountsDesk;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await openBrowser();
  h = await openAccountsDesk(tmp.dir, { hours: 40 });
}, 180_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await h?.close();
  tmp.remove();
});

/** A browser of its own for `name`, signed in through the sign-in page. */
async function signIn(name: keyof typeof PASSWORD, url = h.url): Promise<{ page: Page; cookie: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  await page.goto(`${url}games/demo`);
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.fill('#name', name);
  await page.fill('#password', PASSWORD[name]);
  await navigating(page, () => page.click('#sign-in'));
  expect(new URL(page.url()).pathname).toBe('/games/demo');
  const session = (await context.cookies(url)).find((c) => c.name === 'moddesk_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: false });
  return { page, cookie: `moddesk_session=${session!.value}` };
}

const base = () => `${h.url}games/demo`;
const post = (path: string, cookie: string, csrf: string, extra: Record<string, string> = {}) =>
  request(`${base()}${path}`, { headers: { cookie }, form: { _csrf: csrf, ...extra } });

describe('accounts on one desk', () => {
  it('the route list is the router: every change route has an example that routes to it, and every form posts to one', async () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(Object.keys(CHANGE_ROUTES).sort());
    expect(Object.keys(CHANGE_ROLE).sort()).toEqual(Object.keys(CHANGE_ROUTES).sort());
    for (const [route, path] of Object.entries(EXAMPLES)) expect(routeOf(path)?.route, path).toBe(route);
    const { page } = await signIn('alice');
    const actions = new Set<string>();
    for (const tab of ['', '/drafts', '/flags', '/night', '/mod', '/votes', '/counts', '/missiles']) {
      await page.goto(`${base()}${tab}`);
      for (const a of await page
        .locator('form[method="post"]')
        .evaluateAll((fs) => fs.map((f) => f.getAttribute('action') ?? '')))
        actions.add(a);
    }
    expect(actions.size).toBeGreaterThan(5);
    for (const a of actions) {
      if (a === '/logout') continue;
      expect(a.startsWith('/games/demo/'), a).toBe(true);
      expect(routeOf(a.slice('/games/demo'.length)), a).not.toBeNull();
    }
  }, 120_000);

  it('a moderator rules a flag and a co-moderator approves a draft: the audit log and the overview name each', async () => {
    const alice = await signIn('alice');
    const cleo = await signIn('cleo');
    expect(await alice.page.locator('#who').textContent()).toBe('alice (moderator)');
    expect(await cleo.page.locator('#who').textContent()).toBe('cleo (co-moderator)');

    await alice.page.goto(`${base()}/flags`);
    const ignore = alice.page.locator('form[action$="/rulings"] button[id^="ignore-"]').first();
    await navigating(alice.page, () => ignore.click());
    expect(alice.page.url()).toContain('notice=ruled');

    await cleo.page.goto(`${base()}/drafts`);
    const approve = cleo.page.locator('button[id^="approve-"]').first();
    await navigating(cleo.page, () => approve.click());
    expect(cleo.page.url()).not.toContain('notice=stale');

    const audit = h.running.store.audit.entries('demo');
    expect(audit.find((e) => e.actor === 'alice')?.action).toBe('flag.ignored');
    expect(audit.find((e) => e.actor === 'cleo')?.action).toMatch(/^draft\.(approved|recounted)$/);
    // A reload of the game file is the file's own news (`mod`, a hand edit); no ruling or draft goes unnamed.
    const unnamed = audit.filter(
      (e) => /^(flag|ruling|draft)\./.test(e.action) && !['alice', 'cleo', 'watch', 'config'].includes(e.actor),
    );
    expect(unnamed).toEqual([]);

    await alice.page.goto(base());
    const changes = await alice.page.locator('#changes').textContent();
    expect(changes).toContain('alice');
    expect(changes).toContain('cleo');
    await shot(alice.page, 'accounts-who-did-what');
  }, 120_000);

  it('a viewer reads the public side only, and every change route refuses them, route by route, changing nothing', async () => {
    const vic = await signIn('vic');
    const cleo = await signIn('cleo');
    const alice = await signIn('alice');
    const nav = await vic.page.locator('nav.tabs').textContent();
    expect(nav).toContain('Votes');
    for (const hidden of ['Drafts', 'Flags', 'Night', 'Mod events']) expect(nav).not.toContain(hidden);
    for (const tab of ['/drafts', '/flags', '/night', '/mod']) {
      const r = await request(`${base()}${tab}`, { headers: { cookie: vic.cookie } });
      expect(r.status, tab).toBe(403);
    }
    for (const tab of ['', '/votes', '/counts'])
      expect((await request(`${base()}${tab}`, { headers: { cookie: vic.cookie } })).status, tab).toBe(200);
    // The overview shows no living player's role to a viewer, and no PM or night action.
    const aliveRole = (p: Page) => p.locator('tr.alive td:nth-child(3)').allTextContents();
    await alice.page.goto(base());
    expect((await aliveRole(alice.page)).some((t) => t.trim() !== '—')).toBe(true);
    expect((await aliveRole(vic.page)).every((t) => t.trim() === '—')).toBe(true);
    await shot(vic.page, 'accounts-viewer-overview');
    // No way into a private page from the viewer's pages: no tab, link or form for one.
    const privateLinks =
      'a[href*="/drafts"], a[href*="/flags"], a[href*="/night"], a[href$="/mod"], form[method="post"]:not(.sign-out)';
    expect(await vic.page.locator(privateLinks).count()).toBe(0);
    await vic.page.goto(h.url);
    expect(await vic.page.locator(privateLinks).count()).toBe(0);
    await vic.page.goto(base());

    const csrf = async (who: { page: Page }) => csrfOf(await who.page.content());
    const before = JSON.stringify({
      audit: h.running.store.audit.entries().length,
      drafts: h.running.store.drafts.list('demo').map((d) => d.status),
    });
    const statuses: Record<string, Record<string, number>> = { vic: {}, cleo: {}, alice: {} };
    for (const [route, path] of Object.entries(EXAMPLES) as [ChangeRoute, string][]) {
      statuses.vic![route] = (await post(path, vic.cookie, await csrf(vic), { confirm: '1' })).status;
      statuses.cleo![route] = (await post(path, cleo.cookie, await csrf(cleo), { text: 'x' })).status;
    }
    expect(
      JSON.stringify({
        audit: h.running.store.audit.entries().length,
        drafts: h.running.store.drafts.list('demo').map((d) => d.status),
      }),
    ).toBe(before);
    for (const route of Object.keys(EXAMPLES) as ChangeRoute[]) {
      expect(statuses.vic![route], `viewer ${route}`).toBe(403);
      const moderatorOnly = CHANGE_ROLE[route] === 'moderator';
      if (moderatorOnly) expect(statuses.cleo![route], `co-moderator ${route}`).toBe(403);
      else expect(statuses.cleo![route], `co-moderator ${route}`).not.toBe(403);
    }
    // The moderator reaches every route: refused for its missing fields maybe, never for the role or as unknown.
    for (const path of Object.values(EXAMPLES).filter((p) => p.startsWith('/mod/'))) {
      const r = await post(path, alice.cookie, await csrf(alice));
      expect([403, 404, 401], path).not.toContain(r.status);
    }
    expect(['mod-kill', 'night-resolve'].every((r) => CHANGE_ROLE[r as ChangeRoute] === 'moderator')).toBe(true);
  }, 180_000);

  it('a session cookie from another desk on this machine is refused, in the browser and by POST', async () => {
    const other = tempDir('moddesk-accounts-b-');
    const b = await openAccountsDesk(other.dir, { forum: h.forum, accounts: ['alice'] });
    try {
      const there = await signIn('alice', b.url);
      // Cookies are not kept apart by port: the browser sends desk B's cookie to this desk, which knows no such session.
      await there.page.goto(`${base()}/drafts`);
      expect(new URL(there.page.url()).pathname).toBe('/login');
      const r = await post('/rulings', there.cookie, csrfOf(await there.page.content()));
      expect(r.status).toBe(401);
    } finally {
      await b.close();
      other.remove();
    }
  }, 120_000);

  it('X-Forwarded-For/-Proto/-Host count only from the trusted proxy (a Secure cookie behind https; the Host check holds)', async () => {
    const port = new URL(h.url).port;
    const login = (from: string | undefined) =>
      request(`${h.url}login`, {
        localAddress: from,
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9', host: `127.0.0.1:${port}` },
        form: { name: 'cleo', password: PASSWORD.cleo },
      });
    const direct = await login(undefined);
    expect(direct.status).toBe(303);
    expect(String(direct.headers['set-cookie'])).not.toMatch(/Secure/);
    const proxied = await login(PROXY);
    expect(proxied.status).toBe(303);
    expect(String(proxied.headers['set-cookie'])).toMatch(
      /moddesk_session=[\w-]+; HttpOnly; SameSite=Strict; Path=\/; Max-Age=43200; Secure/,
    );
    const from = h.running.store.audit
      .entries()
      .filter((e) => e.action === 'account.signed-in' && e.actor === 'cleo')
      .slice(-2)
      .map((e) => e.detail.address);
    expect(from).toEqual(['127.0.0.1', '203.0.113.9']);

    const page = (from: string | undefined, headers: Record<string, string>) =>
      request(`${h.url}login`, { localAddress: from, headers });
    expect((await page(undefined, { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'evil.example' })).status).toBe(200);
    expect((await page(PROXY, { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'evil.example' })).status).toBe(421);
    expect((await page(PROXY, { host: `127.0.0.1:${port}`, 'x-forwarded-host': PUBLIC_HOST })).status).toBe(200);
    expect((await page(PROXY, { host: PUBLIC_HOST })).status).toBe(200);
    expect((await page(undefined, { host: PUBLIC_HOST })).status).toBe(421);
  }, 120_000);

  it('sign-in throttling: the 6th try after 5 wrong passwords is refused (429) with the right one, until 15 minutes pass; a session ends after 12 hours', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${h.url}login`);
    const attempt = async (password: string) => {
      await page.fill('#name', 'alice');
      await page.fill('#password', password);
      const [response] = await Promise.all([page.waitForNavigation(), page.click('#sign-in')]);
      return response!.status();
    };
    for (let i = 0; i < 5; i++) {
      expect(await attempt(`wrong password ${i}`)).toBe(401);
      expect(await page.locator('#refusal').textContent()).toBe('Wrong account name or password.');
    }
    expect(await attempt(PASSWORD.alice)).toBe(429);
    expect(await page.locator('#refusal').textContent()).toMatch(/^Too many failed sign-ins: try again in 15 min\.$/);
    await shot(page, 'accounts-throttled');
    h.webClock.now += 14 * 60_000;
    expect(await attempt(PASSWORD.alice)).toBe(429);
    h.webClock.now += 60_000;
    expect(await attempt(PASSWORD.alice)).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
    h.webClock.now += 12 * 3_600_000;
    await page.goto(`${base()}/drafts`);
    expect(new URL(page.url()).pathname).toBe('/login');
  }, 120_000);

  it('sign-out ends the session on the desk, not only in the browser', async () => {
    const cleo = await signIn('cleo');
    await navigating(cleo.page, () => cleo.page.click('#sign-out'));
    expect(new URL(cleo.page.url()).pathname).toBe('/login');
    expect((await request(`${base()}/drafts`, { headers: { cookie: cleo.cookie } })).status).toBe(303);
  }, 60_000);
});
