import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseSavedPage } from '../../src/adapters/saved-pages.js';
import type { Post } from '../../src/domain/post.js';
import { scanHtml } from '../../src/parser/html-scan.js';

/**
 * Real pages that real forums served (test/fixtures/pages/README.md gives each one's origin): every post's id,
 * number, author, times and body as the forum shows them; quotes stay in the body where the parser skips them;
 * signatures, user titles and join dates stay out.
 */
const dir = fileURLToPath(new URL('../fixtures/pages/', import.meta.url));

function read(platform: string, file: string, timeZone = 'UTC'): Post[] {
  const path = `${dir}${file}`;
  if (!statSync(path, { throwIfNoEntry: false })) throw new Error(`real page missing: ${path}`);
  return parseSavedPage(platform, path, readFileSync(path, 'utf8'), { timeZone });
}

const facts = (posts: Post[]) => posts.map((p) => [p.id, p.number ?? null, p.author, p.createdAt, p.editedAt]);
/** The poster's own words: what the parser reads for actions (quotes, spoilers, code and signatures left out). */
const own = (p: Post) => scanHtml(p.html, true).text.replace(/\s+/g, ' ');

describe('XenForo 1 (Sufficient Velocity)', () => {
  const posts = read('xenforo', 'xenforo/xenforo1-sufficientvelocity.html.txt', 'America/New_York');
  test('li.message#post-N is read: data-author, #N, the DateTime title in the forum zone, the edit date', () => {
    expect(facts(posts)).toEqual([
      ['2146286', 1326, 'TheBleachDoctor', '2014-10-31T02:48:00Z', null],
      ['2146297', 1327, 'Crow', '2014-10-31T02:49:00Z', null],
      ['2146541', 1344, 'Higure', '2014-10-31T03:35:00Z', '2014-12-04T07:29:00Z'],
      ['2146551', 1345, 'TheBleachDoctor', '2014-10-31T03:38:00Z', null],
    ]);
    expect(posts[0]!.url).toBe(
      'https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/posts/2146286/',
    );
  });
  test('quotes stay in the body and out of the poster’s words; signature, user title and end marker stay out', () => {
    expect(posts[1]!.html).toContain('class="bbCodeBlock bbCodeQuote" data-author="Higure"');
    expect(own(posts[1]!)).toContain('OOC behavior? which part?');
    expect(own(posts[1]!)).not.toContain('Okay, I need rolls');
    for (const p of posts) expect(p.html).not.toMatch(/Meow Quest|GM of|Secretly a Cat|messageTextEndMarker/);
  });
});

describe('XenForo 2 (xenforo.com community)', () => {
  const posts = read('xenforo', 'xenforo/xenforo2-xenforo-community.html.txt');
  test('ids, #N, authors and epoch times', () => {
    expect(facts(posts)).toEqual([
      ['114210', 1, 'dieketzer', '2010-11-21T10:51:58Z', null],
      ['114243', 2, 'krstep', '2010-11-21T13:24:47Z', null],
      ['114249', 3, 'dieketzer', '2010-11-21T13:39:28Z', null],
      ['1091229', 6, 'Azofan', '2016-08-21T06:09:15Z', null],
    ]);
    expect(posts[2]!.html).toContain('<b>OPTION </b>');
  });
});

describe('vBulletin 3.8 (AnimeSuki)', () => {
  const posts = read('vbulletin', 'vbulletin/vbulletin3-animesuki.html.txt');
  test('#post_message_N and a.bigusername are read; the user title and join date stay out of the author', () => {
    expect(facts(posts)).toEqual([
      ['5768670', 3021, 'Shirohige', '2016-02-01T02:21:00Z', null],
      ['5768683', 3023, 'Romanticide', '2016-02-01T02:44:00Z', null],
      ['5768696', 3024, 'Shirohige', '2016-02-01T03:20:00Z', '2016-02-01T03:31:00Z'],
    ]);
  });
  test('its class-less quote boxes are marked so the parser skips them; the edit note stays out', () => {
    expect(posts[0]!.html.match(/class="bbcode_quote"/g)).toHaveLength(4);
    expect(own(posts[0]!)).toContain('Let me reword it from lesbians');
    expect(own(posts[0]!)).not.toContain('Originally Posted by');
    expect(own(posts[0]!)).not.toContain("Well, what's offensive to me");
    expect(posts[2]!.html).not.toContain('Last edited by');
  });
});

describe('vBulletin 4.2 (Military Times)', () => {
  const posts = read('vbulletin', 'vbulletin/vbulletin4-militarytimes.html.txt', 'America/New_York');
  test('ids, numbers, authors and the printed dates in the forum zone', () => {
    expect(facts(posts)).toEqual([
      ['365266', 1, 'Rainmaker', '2016-06-15T19:03:00Z', null],
      ['365267', 2, 'Mjölnir', '2016-06-15T21:21:00Z', null],
      ['365272', 5, 'Rainmaker', '2016-06-16T00:15:00Z', null],
    ]);
  });
  test('signature and user title out; the quote in the body, out of the poster’s words', () => {
    expect(posts[1]!.html).not.toContain('most important six inches');
    for (const p of posts) expect(p.author).not.toMatch(/Member|Administrator/);
    expect(posts[2]!.html).toContain('bbcode_quote');
    expect(own(posts[2]!)).not.toContain('two spaces after a period');
  });
});

describe('vBulletin 5.5 (Fandom Post)', () => {
  const posts = read('vbulletin', 'vbulletin/vbulletin5-fandompost.html.txt', 'Europe/Berlin');
  test('the author is the name alone, not "Buckeye Stub Hoarder Join Date: May 2011 Posts: 29036"', () => {
    expect(posts.map((p) => p.author)).toEqual(['Buckeye', 'Buckeye', 'General Hentai']);
  });
  test('the minute from the printed time in the forum zone, the seconds from datetime', () => {
    // datetime="2019-04-09T11:40:18" is printed "04-09-2019, 01:40 PM": the page's datetime is not the board's zone.
    expect(facts(posts)).toEqual([
      ['727744', 1, 'Buckeye', '2019-04-09T08:37:23Z', null],
      ['727754', 2, 'Buckeye', '2019-04-09T09:55:39Z', null],
      ['727761', 3, 'General Hentai', '2019-04-09T11:40:18Z', null],
    ]);
  });
  test('quote in the body and out of the poster’s words; signature out', () => {
    expect(own(posts[2]!)).toContain('O.M.G.');
    expect(own(posts[2]!)).not.toContain('Four-in-one');
    for (const p of posts) expect(p.html).not.toMatch(/My Avatar:|Join Date|Stub Hoarder/);
  });
});

describe('phpBB 3.0 prosilver (ILovePhilosophy)', () => {
  const posts = read('phpbb', 'phpbb/phpbb3.0-ilovephilosophy.html.txt', 'America/New_York');
  test('ids, authors, printed times and edit notices in the board zone', () => {
    expect(facts(posts)).toEqual([
      ['2729870', null, 'Jakob', '2019-05-26T20:34:00Z', null],
      ['2729875', null, 'Jakob', '2019-05-26T21:28:00Z', null],
      ['2729877', null, 'Jakob', '2019-05-26T21:33:00Z', '2019-05-26T21:35:00Z'],
      ['2729880', null, 'Jakob', '2019-05-26T21:39:00Z', '2019-05-26T21:42:00Z'],
    ]);
  });
  test('quotes in the body and out of the poster’s words; signature, rank and edit notice out', () => {
    expect(posts[1]!.html).toContain('<blockquote class="uncited">');
    expect(own(posts[1]!)).not.toContain('vocaroo');
    for (const p of posts) expect(p.html).not.toMatch(/acts of love and pleasure|ILP Legend|Last edited by/);
  });
});

describe('Discourse topic JSON (try.discourse.org)', () => {
  const posts = read('discourse', 'discourse/topic-57-try-discourse.json');
  test('ids, post numbers, usernames (not display names), times with offsets (to the second), edits from version > 1', () => {
    expect(facts(posts)).toEqual([
      ['83', 1, 'samsaffron', '2013-02-04T20:26:26Z', '2013-04-30T18:33:37Z'],
      ['84', 2, 'samsaffron', '2013-02-04T20:26:32Z', null],
      ['86', 3, 'stienman', '2013-02-04T20:29:00Z', null],
      ['226', 14, 'splattne', '2013-02-05T17:14:17Z', null],
    ]);
  });
});

describe('Reddit comments JSON (praw’s recorded answer)', () => {
  const posts = read('reddit', 'reddit/comments-2gmzqe.json');
  test('comments with their authors, UTC times and escaped-then-unescaped body HTML', () => {
    expect(posts.map((p) => [p.id, p.author, p.createdAt])).toEqual([
      ['cklfmye', 'paneer_burrito', '2014-09-18T01:51:52Z'],
      ['cklhv0f', 'bboe', '2014-09-18T03:13:54Z'],
    ]);
    expect(posts[0]!.html).toMatch(/^<div class="md"><p>Quick question/);
  });
});

describe('a page of an engine this platform cannot read', () => {
  const path = (f: string) => `${dir}${f}`;
  const attempt = (platform: string, file: string) => () =>
    parseSavedPage(platform, path(file), readFileSync(path(file), 'utf8'), { timeZone: 'UTC' });
  test('names what was expected and what the page looks like', () => {
    expect(attempt('xenforo', 'vbulletin/vbulletin5-fandompost.html.txt')).toThrow(
      /no XenForo posts on this page: expected article\.message--post.* or li\.message#post-N \(XenForo 1\); got a page titled .*, which looks like vBulletin 5\.5\.2/,
    );
    expect(attempt('phpbb', 'xenforo/xenforo1-sufficientvelocity.html.txt')).toThrow(
      /no phpBB posts on this page: expected div\.post#pNNN blocks; got a page titled "Renascence: A Homura Quest \| Page 54 \| Sufficient Velocity", which looks like XenForo 1/,
    );
    expect(attempt('vbulletin', 'phpbb/phpbb3.0-ilovephilosophy.html.txt')).toThrow(/which looks like phpBB/);
  });
});
