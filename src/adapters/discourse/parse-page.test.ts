import { describe, expect, test } from 'vitest';
import { savedPage } from '../../../test/fakes/pages/index.js';
import { ModdeskError } from '../../domain/errors.js';
import { mapDiscourseResponse } from './parse-page.js';
import { discourseTopic, postsJsonUrl, topicJsonUrl } from './urls.js';

describe('Discourse response mapper', () => {
  const topic = mapDiscourseResponse(savedPage('discourse-topic.json'), 'https://meta.example', 'topic.json');

  test('stream, slug and posts; small actions and author-deleted posts are empty', () => {
    expect('stream' in topic && topic.stream).toEqual([90001, 90002, 90003, 90005, 90006]);
    expect(topic.entries.map((e) => [e.id, e.number, e.empty])).toEqual([
      ['90001', 1, false],
      ['90002', 2, false],
      ['90003', 3, false],
      ['90005', 5, true],
      ['90006', 6, true],
    ]);
  });

  test('cooked is the html; times truncated to the second; version > 1 gives editedAt = updated_at', () => {
    const posts = topic.entries.slice(0, 3).map((e) => e.toPost());
    expect(posts.map((p) => [p.author, p.createdAt, p.editedAt])).toEqual([
      ['host', '2024-03-01T18:00:00Z', null],
      ['Richard1', '2024-03-01T18:05:11Z', '2024-03-01T19:00:42Z'],
      ['alice', '2024-03-01T18:09:59Z', null],
    ]);
    expect(posts[1]!.html).toContain('<aside class="quote no-group"');
    expect(posts[1]!.url).toBe('https://meta.example/t/mafia-7-day-2/13113/2');
  });

  test('not JSON, or not a Discourse response: an error naming the input and the place', () => {
    expect(() => mapDiscourseResponse('{"post_stream":', '', 'saved.json')).toThrow(ModdeskError);
    try {
      mapDiscourseResponse('{"post_stream":{"posts":[{"id":"x"}]}}', '', 'saved.json');
    } catch (e) {
      expect((e as ModdeskError).file).toBe('saved.json');
      expect((e as ModdeskError).message).toMatch(/post_stream/);
    }
  });

  test('topic URLs, subfolder installs, JSON endpoints', () => {
    const ref = discourseTopic('https://forum.example/community/t/mafia-7-day-2/13113/45');
    expect(ref).toEqual({ base: 'https://forum.example/community', topicId: 13113, slug: 'mafia-7-day-2' });
    expect(topicJsonUrl(ref, 45)).toBe('https://forum.example/community/t/mafia-7-day-2/13113/45.json');
    expect(postsJsonUrl(ref, ['1', '2'])).toBe(
      'https://forum.example/community/t/13113/posts.json?post_ids[]=1&post_ids[]=2',
    );
    expect(discourseTopic('https://forum.example/t/13113').slug).toBeNull();
    expect(() => discourseTopic('https://forum.example/c/games/5')).toThrow(/Discourse topic URL/);
  });
});
