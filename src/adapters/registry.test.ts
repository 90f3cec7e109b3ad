import { describe, expect, test } from 'vitest';
import { ModdeskError } from '../domain/errors.js';
import { createSource } from './registry.js';

describe('adapter registry', () => {
  test('every platform of interfaces §3 has an adapter', async () => {
    const urls: Record<string, string> = {
      phpbb: 'https://forum.example/viewtopic.php?t=1',
      xenforo: 'https://forum.example/threads/game.1/',
      vbulletin: 'https://forum.example/showthread.php?t=1',
      discourse: 'https://forum.example/t/game/1',
      file: '/tmp/posts.jsonl',
    };
    for (const [platform, url] of Object.entries(urls)) {
      const src = createSource(platform, { url, env: {} });
      expect(src.platform).toBe(platform);
      await src.close?.();
    }
    const reddit = createSource('reddit', {
      url: 'https://www.reddit.com/r/mafia/comments/abc123/game/',
      env: {
        REDDIT_CLIENT_ID: 'id',
        REDDIT_CLIENT_SECRET: 's',
        REDDIT_USERNAME: 'u',
        REDDIT_PASSWORD: 'p',
        REDDIT_USER_AGENT: 'test:moddesk:0.1 (by /u/u)',
      },
    });
    expect(reddit.platform).toBe('reddit');
  });

  test('an unknown platform names it and lists the valid ones', () => {
    try {
      createSource('invision', { url: 'x', env: {} });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ModdeskError);
      expect((e as ModdeskError).code).toBe('platform-unknown');
      expect((e as Error).message).toBe(
        'unknown platform "invision"; expected one of reddit, phpbb, xenforo, vbulletin, discourse, file',
      );
    }
  });

  test('a bad thread URL is a usage error with an example', () => {
    expect(() => createSource('phpbb', { url: 'https://forum.example/index.php', env: {} })).toThrow(
      /viewtopic\.php\?t=123/,
    );
  });
});
