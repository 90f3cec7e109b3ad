import { describe, expect, test } from 'vitest';
import { savedPage } from '../../../test/fakes/pages/index.js';
import { parseXenforoPage } from './parse-page.js';
import { xenforoPageUrl, xenforoThreadUrl } from './urls.js';

const ctx = { pageUrl: 'https://forum.example/threads/mafia-game.99/page-3', timeZone: 'UTC', now: 0 };

describe('XenForo 2 page mapper', () => {
  const page = parseXenforoPage(savedPage('xenforo-2.0.html.txt'), ctx);
  const posts = page.entries.map((e) => e.toPost());

  test('ids from data-content, authors from data-author (entities decoded), #N positions', () => {
    expect(posts.map((p) => [p.id, p.author, p.number])).toEqual([
      ['123456', 'Alice', 17],
      ['123460', 'Bob & Co', 18],
    ]);
  });

  test('datetime with a colon-less offset, and XF 2.3 data-timestamp when there is no datetime', () => {
    expect(posts[0]!.createdAt).toBe('2022-10-26T11:44:06Z');
    expect(posts[1]!.createdAt).toBe('2022-10-26T13:13:20Z');
  });

  test('the last-edit line gives editedAt; it and the signature stay out of html', () => {
    expect(posts[0]!.editedAt).toBe('2022-10-26T12:01:30Z');
    expect(posts[1]!.editedAt).toBeNull();
    expect(posts[0]!.html).not.toMatch(/Signature|Last edited/);
    expect(posts[0]!.html).toContain('bbCodeBlock--quote');
    expect(posts[0]!.html).toContain('bbCodeSpoiler');
    expect(posts[0]!.html).toContain('<span class="bbCodeInlineSpoiler"');
    expect(posts[1]!.html).toContain('bbCodeBlock--code');
  });

  test('post links resolved; page 3 of 9 from the page nav', () => {
    expect(posts[0]!.url).toBe('https://forum.example/threads/mafia-game.99/post-123456');
    expect(page).toMatchObject({ page: 3, pageCount: 9, perPage: null, total: null });
  });

  test('thread URLs: path and index.php styles, page-N and post links stripped', () => {
    expect(xenforoThreadUrl('https://forum.example/threads/mafia-game.99/page-4#post-1')).toBe(
      'https://forum.example/threads/mafia-game.99/',
    );
    expect(xenforoThreadUrl('https://forum.example/community/threads/99/post-123')).toBe(
      'https://forum.example/community/threads/99/',
    );
    const q = xenforoThreadUrl('https://forum.example/index.php?threads/mafia-game.99/page-2');
    expect(q).toBe('https://forum.example/index.php?threads/mafia-game.99/');
    expect(xenforoPageUrl(q, 5)).toBe('https://forum.example/index.php?threads/mafia-game.99/page-5');
    expect(xenforoPageUrl('https://forum.example/threads/mafia-game.99/', 2)).toBe(
      'https://forum.example/threads/mafia-game.99/page-2',
    );
    expect(() => xenforoThreadUrl('https://forum.example/forums/games.3/')).toThrow(/XenForo thread URL/);
  });
});
