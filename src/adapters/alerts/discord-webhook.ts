import { postJson } from './http-post.js';
import { type AlertChannel, type AlertMessage, alertText } from './types.js';

/** Discord's limit on a message's `content`. */
const DISCORD_CONTENT_MAX = 2000;

/**
 * A Discord webhook: the alert as `content` (no mentions are parsed: a player's name cannot ping anyone). A 429
 * carries Discord's `retry_after`, which the outbox waits.
 */
export function discordWebhook(o: { url: string; timeoutMs: number }): AlertChannel {
  return {
    name: 'discord',
    async send(a: AlertMessage) {
      let content = alertText(a);
      if (content.length > DISCORD_CONTENT_MAX) content = `${content.slice(0, DISCORD_CONTENT_MAX - 1)}…`;
      await postJson(o.url, JSON.stringify({ content, allowed_mentions: { parse: [] } }), {}, o.timeoutMs);
    },
  };
}
