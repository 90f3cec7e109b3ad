import { load } from 'cheerio';
import { describe, expect, test } from 'vitest';
import { donbotPosts } from '../../../test/adapters/eval-data.js';
import { savedPage } from '../../../test/fakes/pages/index.js';
import { renderPhpbbPage } from '../../../test/fakes/render/phpbb.js';
import { ModdeskError } from '../../domain/errors.js';
import { parsePhpbbPage } from './parse-page.js';
import { phpbbPageUrl, phpbbThreadUrl } from './urls.js';

const ctx = {
  pageUrl: 'https://forum.mafiascum.net/viewtopic.php?t=90001&start=25',
  timeZone: 'America/New_York',
  now: Date.UTC(2024, 0, 3),
};

describe('phpBB page mapper (MafiaScum variant)', () => {
  const page = parsePhpbbPage(savedPage('phpbb-mafiascum.html.txt'), ctx);
  const posts = page.entries.map((e) => e.toPost());

  test('reads ids, #N post numbers, authors (plain, coloured, guest) and UTC times from time[datetime]', () => {
    expect(posts.map((p) => [p.id, p.number, p.author, p.createdAt])).toEqual([
      ['12345678', 42, 'PlayerA', '2024-01-01T15:00:00Z'],
      ['12345690', 43, 'PlayerB', '2024-01-01T15:05:09Z'],
      ['12345701', 44, 'Guest Host', '2024-01-02T04:59:59Z'],
    ]);
  });

  test('the edit notice gives editedAt in the board zone; its text and the signature stay out of html', () => {
    expect(posts[1]!.editedAt).toBe('2024-01-01T15:20:00Z');
    expect(posts[0]!.editedAt).toBeNull();
    expect(posts[1]!.html).not.toMatch(/Last edited|Signature Guy/);
  });

  test('html is the whole div.content: quotes, bbvote tags, inline and titled spoilers, [area] boxes kept for the parser', () => {
    expect(posts[0]!.html).toMatch(/^<blockquote cite=/);
    expect(posts[0]!.html).toContain('<div style="display: inline; font-weight: bold">VOTE: PlayerB</div>');
    expect(posts[1]!.html).toContain('<span class="bbvote" title="This is an official vote.">VOTE: PlayerC</span>');
    expect(posts[1]!.html).toContain('title="This text is hidden to prevent spoilers');
    expect(posts[1]!.html).toContain('<div class="quotecontent">');
    expect(posts[1]!.html).toContain('<fieldset><legend>Notes</legend>My own list</fieldset>');
    expect(posts[2]!.html).toContain('<div class="codebox">');
  });

  test('links are resolved against the page; pagination gives page, count, size and total', () => {
    expect(posts[0]!.url).toBe('https://forum.mafiascum.net/viewtopic.php?p=12345678#p12345678');
    expect(page).toMatchObject({ page: 2, pageCount: 5, perPage: 25, total: 112 });
  });

  test('the content hash changes with the body only', () => {
    const again = parsePhpbbPage(
      savedPage('phpbb-mafiascum.html.txt').replace('Mon Jan 01, 2024 10:00 am', 'Tue'),
      ctx,
    );
    expect(again.entries.map((e) => e.hash)).toEqual(page.entries.map((e) => e.hash));
    const edited = parsePhpbbPage(savedPage('phpbb-mafiascum.html.txt').replace('No way.', 'No way!'), ctx);
    expect(edited.entries[0]!.hash).not.toBe(page.entries[0]!.hash);
  });
});

describe('phpBB 3.0 (no time element)', () => {
  test('printed dates are read in the forum time zone', () => {
    const page = parsePhpbbPage(savedPage('phpbb-3.0.html.txt'), {
      pageUrl: 'http://old.example/viewtopic.php?t=5',
      timeZone: 'Europe/London',
      now: 0,
    });
    expect(page.entries.map((e) => e.toPost()).map((p) => [p.id, p.author, p.createdAt])).toEqual([
      ['101', 'Alice', '2010-12-07T21:15:00Z'],
      ['102', 'Bob', '2011-03-13T02:30:00Z'],
    ]);
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 2 });
  });
});

describe('real MafiaScum posts (eval-data thread 71047) in a rendered page', () => {
  const real = donbotPosts('71047').slice(100, 125);
  const html = renderPhpbbPage({
    variant: 'mafiascum',
    topicId: 71047,
    forumId: 53,
    title: 'Mini 1893',
    posts: real.map((p) => ({
      number: p.number,
      post: {
        id: Number(p.id),
        author: p.user,
        authorId: Number(p.user_id),
        createdAt: Date.UTC(2017, 0, 1) + p.number * 60_000,
        html: p.content,
        editedAt: null,
        editCount: 0,
        deleted: false,
      },
    })),
    page: 5,
    pageCount: 120,
    perPage: 25,
    total: 3000,
    timeZone: 'America/New_York',
  });
  const page = parsePhpbbPage(html, {
    pageUrl: 'https://forum.mafiascum.net/viewtopic.php?t=71047&start=100',
    timeZone: 'UTC',
    now: 0,
  });

  test('every post comes back with its id, number, author and body', () => {
    const posts = page.entries.map((e) => e.toPost());
    expect(posts.map((p) => [p.id, p.number, p.author])).toEqual(real.map((p) => [p.id, p.number, p.user]));
    for (const [i, p] of posts.entries())
      expect(p.html).toBe(load(`<div>${real[i]!.content}</div>`)('div').first().html());
    expect(page).toMatchObject({ page: 5, pageCount: 120, perPage: 25, total: 3000 });
  });
});

describe('phpBB errors and URLs', () => {
  test('a page without posts (login, challenge) is a clear error naming the page', () => {
    const err = (() => {
      try {
        parsePhpbbPage('<html><head><title>Login</title></head><body></body></html>', ctx);
      } catch (e) {
        return e as ModdeskError;
      }
    })();
    expect(err).toBeInstanceOf(ModdeskError);
    expect(err?.file).toBe(ctx.pageUrl);
    expect(err?.message).toMatch(/Login/);
  });

  test('a post without a time names the post', () => {
    const broken = savedPage('phpbb-mafiascum.html.txt').replace(
      '<time datetime="2024-01-01T15:00:00+00:00">Mon Jan 01, 2024 10:00 am</time>',
      '',
    );
    const entry = parsePhpbbPage(broken.replace(/» Mon Jan 01, 2024 10:00 am/, ''), ctx).entries[0]!;
    expect(() => entry.toPost()).toThrow(/post 12345678: createdAt/);
  });

  test('topic URLs keep t, f and ppp; pages go by start=', () => {
    const t = phpbbThreadUrl('https://forum.mafiascum.net/viewtopic.php?f=84&t=90001&ppp=50&start=150#p1');
    expect(t).toBe('https://forum.mafiascum.net/viewtopic.php?f=84&t=90001&ppp=50');
    expect(phpbbPageUrl(t, 3, null)).toBe('https://forum.mafiascum.net/viewtopic.php?f=84&t=90001&ppp=50&start=100');
    expect(phpbbPageUrl(t, 1, 50)).toBe(t);
    expect(() => phpbbThreadUrl('https://forum.example/viewforum.php?f=2')).toThrow(/viewtopic\.php\?t=123/);
  });
});
