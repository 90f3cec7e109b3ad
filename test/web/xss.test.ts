import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import { inPhase, obsidianGame, ROSTER } from '../obsidian/helpers.js';
import { openDesk, type TestDesk } from './desk.js';
import { csrfOf, request } from './http-client.js';
import { PAYLOADS, XSS_NAMES, xssGame } from './xss-game.js';

const TOKEN = 'xss-token';
const cookie = { cookie: `moddesk_token=${TOKEN}` };

/** Everything in a page that could run script or load something: none of it may come from the game. */
function activeParts(page: string): string[] {
  const $ = load(page);
  const found: string[] = [];
  $('*').each((_, el) => {
    if (el.type !== 'tag') return;
    const name = el.name.toLowerCase();
    for (const [attr, value] of Object.entries(el.attribs)) {
      if (/^on/i.test(attr)) found.push(`${name}[${attr}]`);
      if (
        ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attr) &&
        /^\s*(javascript|data|vbscript):/i.test(value)
      )
        found.push(`${name}[${attr}=${value}]`);
    }
    if (name === 'script' && el.attribs.src !== '/assets/app.js') found.push('script');
    if (
      ['iframe', 'object', 'embed', 'img', 'style', 'base', 'frame', 'math', 'form'].includes(name) &&
      !(
        name === 'form' &&
        ['post', 'get'].includes(el.attribs.method ?? '') &&
        el.attribs.action?.startsWith('/games/')
      )
    )
      found.push(name);
    if (name === 'link' && el.attribs.href !== '/assets/app.css') found.push('link');
    if (name === 'meta' && el.attribs['http-equiv']) found.push('meta[http-equiv]');
  });
  return found;
}

for (const platform of ['phpbb', 'reddit'] as const) {
  describe(`XSS: names and posts are text on every page (${platform === 'reddit' ? 'markdown' : 'bbcode'} drafts)`, () => {
    let desk: TestDesk;
    let server: WebServer;
    let base: string;
    beforeAll(async () => {
      const { game, posts } = xssGame(platform);
      desk = await openDesk(game, posts);
      server = await startWebServer(desk.desk, { token: TOKEN });
      base = `${server.url}games/${desk.id}`;
    });
    afterAll(async () => {
      await server.close();
      await desk.close();
    });

    const pages = ['', '/drafts', '/flags', '/night', '/votes', '/votes?day=D1', '/missiles', '/counts'];

    it('no page carries a script, handler or active URL from the game', async () => {
      for (const path of [...pages.map((p) => `${base}${p}`), server.url]) {
        const r = await request(path, { headers: cookie });
        expect(r.status, path).toBe(200);
        expect(activeParts(r.body), path).toEqual([]);
      }
    });

    it('every player name shows as the text it is', async () => {
      const $ = load((await request(base, { headers: cookie })).body);
      const text = $('main').text();
      for (const name of XSS_NAMES) expect(text, name).toContain(name);
      expect($('title').text()).toBe('Overview · <script>window.__xss=1</script> Mafia · moddesk');
    });

    it('the quoted posts show each payload typed in a post as text', async () => {
      const $ = load((await request(`${base}/flags`, { headers: cookie })).body);
      const quoted = $('blockquote.quote-post').text();
      for (const payload of PAYLOADS) expect(quoted, payload).toContain(payload);
    });

    it('an approved draft ready to paste keeps its text inert inside the textarea', async () => {
      const drafts = await desk.desk.drafts(desk.id);
      const draft = drafts.find((d) => d.status === 'pending');
      const csrf = csrfOf((await request(`${base}/drafts`, { headers: cookie })).body);
      await request(`${base}/drafts/${draft!.id}/edit`, {
        form: { _csrf: csrf, text: `${draft!.text}\n${PAYLOADS.join('\n')}` },
        headers: cookie,
      });
      await request(`${base}/drafts/${draft!.id}/approve`, { form: { _csrf: csrf, confirm: '1' }, headers: cookie });
      const page = (await request(`${base}/drafts?copy=${draft!.id}`, { headers: cookie })).body;
      expect(activeParts(page)).toEqual([]);
      expect(load(page)('#ready-text').text()).toBe(`${draft!.text}\n${PAYLOADS.join('\n')}`);
    });
  });
}

describe('XSS: the guided night console shows attacker-named nodes as text', () => {
  it('cues, wake lines, target buttons and recorded picks carry no script from the names', async () => {
    // The Obsidian roster with hostile names on the Leader, the Scanner, the Infiltrator and the Analyst.
    const roster = ROSTER.map((p, i) => (i < 4 ? { ...p, name: XSS_NAMES[i] as string } : p));
    const desk = await openDesk(obsidianGame({}, roster), [], { at: Date.parse(inPhase('N1', 0.5)) });
    const server = await startWebServer(desk.desk, { token: TOKEN });
    try {
      const night = `${server.url}games/${desk.id}/night`;
      const get = async () => (await request(night, { headers: cookie })).body;
      const csrf = csrfOf(await get());
      const step = (form: Record<string, string>) =>
        request(`${night}/console`, { form: { _csrf: csrf, ...form }, headers: cookie });
      await step({ op: 'next' });
      // The Enforcer points at the Scanner, whose name is a script tag.
      expect((await step({ op: 'record', target: XSS_NAMES[1] as string })).status).toBe(303);
      const page = await get();
      expect(activeParts(page)).toEqual([]);
      const $ = load(page);
      expect($('.cue-list').text()).toContain(`The Enforcer (Ren): ${XSS_NAMES[1]}`);
      expect(
        $('#console .targets button')
          .map((_, b) => $(b).text())
          .get(),
      ).toEqual(expect.arrayContaining(XSS_NAMES.slice(0, 4)));
    } finally {
      await server.close();
      await desk.close();
    }
  });
});
