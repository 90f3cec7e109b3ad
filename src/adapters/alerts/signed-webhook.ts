import { createHmac } from 'node:crypto';
import { postJson } from './http-post.js';
import type { AlertChannel, AlertMessage } from './types.js';

export const SIGNATURE_HEADER = 'x-moddesk-signature';
export const TIMESTAMP_HEADER = 'x-moddesk-timestamp';

/**
 * The signature a receiver checks: HMAC-SHA256 with the shared secret over `<timestamp>.<raw body>`, as
 * `sha256=<hex>`. The timestamp (Unix seconds) is signed too, so a receiver that refuses old ones stops replays.
 */
export function signBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The generic JSON webhook: the alert as JSON (`moddesk.alert/1`), signed. */
export function signedWebhook(o: { url: string; secret: string; timeoutMs: number; now?: () => number }): AlertChannel {
  return {
    name: 'webhook',
    async send(a: AlertMessage) {
      const body = JSON.stringify({ type: 'moddesk.alert/1', ...a });
      const timestamp = String(Math.floor((o.now ?? Date.now)() / 1000));
      await postJson(
        o.url,
        body,
        { [SIGNATURE_HEADER]: signBody(o.secret, timestamp, body), [TIMESTAMP_HEADER]: timestamp },
        o.timeoutMs,
      );
    },
  };
}
