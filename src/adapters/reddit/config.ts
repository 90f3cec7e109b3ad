import { ModdeskError, quote } from '../../domain/errors.js';
import { trimEndWhile } from '../../domain/long-text.js';
import { DEFAULT_LINK_BASE } from './parse-page.js';
import { DEFAULT_POLITENESS, type PoliteOptions } from './polite-queue.js';

/** Everything the Reddit adapter needs, read from the thread URL and the environment (interfaces §4). */
export interface RedditConfig {
  article: string;
  apiBase: string;
  authBase: string;
  /** Base of the public links written into posts (`url`): always reddit.com, whatever host the API goes through. */
  linkBase: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  userAgent: string;
  timeoutMs: number;
  politeness: PoliteOptions;
}

export const REQUIRED_ENV = ['REDDIT_CLIENT_ID', 'REDDIT_CLIENT_SECRET', 'REDDIT_USERNAME', 'REDDIT_PASSWORD'] as const;
const VERSION = '0.1.0';

export function readRedditConfig(opts: { url: string; env: NodeJS.ProcessEnv; userAgent?: string }): RedditConfig {
  const { env } = opts;
  const article = articleFromUrl(opts.url);
  const missing = REQUIRED_ENV.filter((k) => !env[k]?.trim());
  if (missing.length > 0) {
    throw new ModdeskError(
      'usage',
      `Reddit credentials missing: set ${missing.join(', ')} (a "script" app's id and secret, and the account it runs as)`,
      { place: 'environment' },
    );
  }
  const username = env.REDDIT_USERNAME!.trim();
  return {
    article,
    apiBase: base(env, 'MODDESK_REDDIT_API_BASE', 'https://oauth.reddit.com'),
    authBase: base(env, 'MODDESK_REDDIT_AUTH_BASE', 'https://www.reddit.com'),
    linkBase: DEFAULT_LINK_BASE,
    clientId: env.REDDIT_CLIENT_ID!.trim(),
    clientSecret: env.REDDIT_CLIENT_SECRET!,
    username,
    password: env.REDDIT_PASSWORD!,
    userAgent: opts.userAgent ?? (env.REDDIT_USER_AGENT?.trim() || `node:moddesk:${VERSION} (by /u/${username})`),
    timeoutMs: num(env, 'MODDESK_REDDIT_TIMEOUT_MS', 30_000),
    politeness: {
      ...DEFAULT_POLITENESS,
      minGapMs: num(env, 'MODDESK_REDDIT_MIN_GAP_MS', DEFAULT_POLITENESS.minGapMs),
      backoffMs: num(env, 'MODDESK_REDDIT_BACKOFF_MS', DEFAULT_POLITENESS.backoffMs),
    },
  };
}

/** The submission's ID36 from a thread URL (`…/comments/{id}/…`, `redd.it/{id}`), a bare id or a `t3_` fullname. */
export function articleFromUrl(url: string): string {
  const text = url.trim();
  const bare = /^(?:t3_)?([a-z0-9]{1,13})$/i.exec(text);
  if (bare) return bare[1]!.toLowerCase();
  const m =
    /\/comments\/([a-z0-9]{1,13})(?:[/?#]|$)/i.exec(text) ?? /^https?:\/\/redd\.it\/([a-z0-9]{1,13})\/?$/i.exec(text);
  if (m) return m[1]!.toLowerCase();
  throw new ModdeskError(
    'usage',
    `expected a Reddit thread URL such as https://www.reddit.com/r/sub/comments/abc123/title/, got ${quote(text)}`,
    { place: '--url' },
  );
}

function base(env: NodeJS.ProcessEnv, key: string, fallback: string): string {
  const v = env[key]?.trim();
  if (!v) return fallback;
  if (!/^https?:\/\/[^/]+/.test(v))
    throw new ModdeskError('usage', `expected ${key} to be a URL such as ${fallback}, got ${quote(v)}`, { place: key });
  return trimEndWhile(v, (ch) => ch === '/');
}

function num(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const v = env[key]?.trim();
  if (!v) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0)
    throw new ModdeskError('usage', `expected ${key} to be a number of milliseconds, got ${quote(v)}`, { place: key });
  return n;
}
