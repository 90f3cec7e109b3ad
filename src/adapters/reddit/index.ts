import type { ThreadSink, ThreadSource } from '../types.js';
import { createRedditAdapter } from './adapter.js';
import { readRedditConfig } from './config.js';

/**
 * The Reddit adapter (README.md here): reads a thread and the moderator's inbox, posts replies and PMs.
 * Hosts come from MODDESK_REDDIT_API_BASE / MODDESK_REDDIT_AUTH_BASE, credentials from REDDIT_* (interfaces §4).
 */
export function createRedditSource(opts: {
  url: string;
  env: NodeJS.ProcessEnv;
  userAgent?: string;
  gateway?: 'undici' | 'snoowrap';
}): ThreadSource & ThreadSink {
  return createRedditAdapter(readRedditConfig(opts), opts.gateway ?? 'undici');
}
