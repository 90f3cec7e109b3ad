import { describe, expect, it } from 'vitest';
import { ModdeskError } from '../../domain/errors.js';
import { articleFromUrl, readRedditConfig } from './config.js';
import { createRedditSource } from './index.js';

const creds = { REDDIT_CLIENT_ID: 'id', REDDIT_CLIENT_SECRET: 's', REDDIT_USERNAME: 'TheMod', REDDIT_PASSWORD: 'pw' };

describe('Reddit config', () => {
  it.each([
    ['https://www.reddit.com/r/mafia/comments/1abc2d/day_1_begins/', '1abc2d'],
    ['https://old.reddit.com/r/mafia/comments/1ABC2D/', '1abc2d'],
    ['https://redd.it/1abc2d', '1abc2d'],
    ['http://127.0.0.1:9999/r/x/comments/abc123/t/?sort=old', 'abc123'],
    ['t3_abc123', 'abc123'],
  ])('finds the submission id in %s', (url, id) => {
    expect(articleFromUrl(url)).toBe(id);
  });

  it('rejects a URL that names no thread, quoting it', () => {
    expect(() => articleFromUrl('https://www.reddit.com/r/mafia/')).toThrow(
      /expected a Reddit thread URL .* got "https:\/\/www.reddit.com\/r\/mafia\/"/,
    );
  });

  it('names every missing credential', () => {
    const err = (() => {
      try {
        createRedditSource({ url: 'abc123', env: { REDDIT_CLIENT_ID: 'id', REDDIT_PASSWORD: '' } });
      } catch (e) {
        return e as ModdeskError;
      }
    })();
    expect(err).toBeInstanceOf(ModdeskError);
    expect(err?.message).toMatch(/REDDIT_CLIENT_SECRET, REDDIT_USERNAME, REDDIT_PASSWORD/);
    expect(err?.message).not.toMatch(/REDDIT_CLIENT_ID/);
  });

  it('uses the real hosts by default, the environment when set, and an honest default User-Agent', () => {
    const d = readRedditConfig({ url: 'abc123', env: creds });
    expect(d).toMatchObject({
      apiBase: 'https://oauth.reddit.com',
      authBase: 'https://www.reddit.com',
      userAgent: 'node:moddesk:0.1.0 (by /u/TheMod)',
      politeness: { minGapMs: 1000 },
    });
    const e = readRedditConfig({
      url: 'abc123',
      env: {
        ...creds,
        MODDESK_REDDIT_API_BASE: 'http://127.0.0.1:1/oauth/',
        MODDESK_REDDIT_AUTH_BASE: 'http://127.0.0.1:1/www',
        REDDIT_USER_AGENT: 'ua (by /u/x)',
      },
      userAgent: 'explicit (by /u/TheMod)',
    });
    expect(e).toMatchObject({
      apiBase: 'http://127.0.0.1:1/oauth',
      authBase: 'http://127.0.0.1:1/www',
      userAgent: 'explicit (by /u/TheMod)',
    });
    expect(() => readRedditConfig({ url: 'abc123', env: { ...creds, MODDESK_REDDIT_MIN_GAP_MS: 'soon' } })).toThrow(
      /MODDESK_REDDIT_MIN_GAP_MS/,
    );
  });
});
