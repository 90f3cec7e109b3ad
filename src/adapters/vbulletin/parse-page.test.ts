import { describe, expect, test } from 'vitest';
import { savedPage } from '../../../test/fakes/pages/index.js';
import { parseVbulletinPage } from './parse-page.js';
import { vbulletinPageUrl, vbulletinThreadUrl } from './urls.js';

describe('vBulletin 4 page mapper', () => {
  // The page was served on 2026-02-10 at 15:00 UTC (10:00 in New York): "Today" is that day there.
  const ctx = {
    pageUrl: 'https://forum.example/showthread.php?t=777&page=2',
    timeZone: 'America/New_York',
    now: Date.UTC(2026, 1, 10, 15),
  };
  const page = parseVbulletinPage(savedPage('vbulletin4.html.txt'), ctx);
  const posts = page.entries.map((e) => e.toPost());

  test('printed dates ("12-25-2009, 01:51 PM", "Today, 09:07 AM") are read in the board zone', () => {
    expect(posts.map((p) => [p.id, p.author, p.createdAt])).toEqual([
      ['8556884', 'Alice', '2009-12-25T18:51:00Z'],
      ['8556890', 'Bob', '2026-02-10T14:07:00Z'],
    ]);
  });

  test('edit note, post numbers (data-postnumber, postcounter), body without signature', () => {
    expect(posts[0]!.editedAt).toBe('2009-12-25T19:05:00Z');
    expect(posts.map((p) => p.number)).toEqual([11, 12]);
    expect(posts[0]!.html).toMatch(/^<div class="bbcode_container">/);
    expect(posts[0]!.html).not.toMatch(/Signature|Last edited/);
    expect(posts[0]!.url).toBe('https://forum.example/showthread.php?p=8556884#post8556884');
  });

  test('"Page 2 of 5" and "Results 11 to 20 of 47"', () => {
    expect(page).toMatchObject({ page: 2, pageCount: 5, perPage: 10, total: 47 });
  });

  test('day-first boards', () => {
    const dmy = parseVbulletinPage(savedPage('vbulletin4.html.txt').replace('12-25-2009', '05-11-2009'), {
      ...ctx,
      dateOrder: 'dmy' as const,
    });
    expect(dmy.entries[0]!.toPost().createdAt).toBe('2009-11-05T18:51:00Z');
  });
});

describe('vBulletin 5 page mapper', () => {
  const page = parseVbulletinPage(savedPage('vbulletin5.html.txt'), {
    pageUrl: 'https://forum.example/forum/games/4000-mafia-13/page2',
    timeZone: 'America/Los_Angeles',
    now: 0,
  });

  test('time[datetime] without an offset is the board zone', () => {
    const [p] = page.entries.map((e) => e.toPost());
    expect(p).toMatchObject({
      id: '4009',
      author: 'Alice',
      createdAt: '2014-10-24T16:00:03Z',
      editedAt: null,
      number: 11,
    });
    expect(p!.url).toBe('https://forum.example/forum/games/4000-mafia-13/page2#post4009');
    expect(p!.html).toContain('bbcode_container');
    expect(page).toMatchObject({ page: 2, pageCount: 3 });
  });
});

describe('vBulletin URLs', () => {
  test('t= style pages with page=; SEO and vB5 styles with /pageN', () => {
    const t = vbulletinThreadUrl('https://forum.example/showthread.php?t=777&page=3&p=5#post5');
    expect(t).toBe('https://forum.example/showthread.php?t=777');
    expect(vbulletinPageUrl(t, 2)).toBe('https://forum.example/showthread.php?t=777&page=2');
    const seo = vbulletinThreadUrl('https://forum.example/showthread.php?777-Mafia-XII/page4');
    expect(seo).toBe('https://forum.example/showthread.php?777-Mafia-XII');
    expect(vbulletinPageUrl(seo, 2)).toBe('https://forum.example/showthread.php?777-Mafia-XII/page2');
    const vb5 = vbulletinThreadUrl('https://forum.example/forum/games/4000-mafia-13/page2');
    expect(vb5).toBe('https://forum.example/forum/games/4000-mafia-13');
    expect(vbulletinPageUrl(vb5, 3)).toBe('https://forum.example/forum/games/4000-mafia-13/page3');
    expect(() => vbulletinThreadUrl('https://forum.example/forumdisplay.php?f=2')).toThrow(/vBulletin thread URL/);
  });
});
