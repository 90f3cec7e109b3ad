import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signBody } from './signed-webhook.js';

describe('the signed webhook (issue 31)', () => {
  it('signs "<timestamp>.<raw body>" with HMAC-SHA256, as a receiver in any language recomputes it', () => {
    const body = '{"type":"moddesk.alert/1"}';
    const want = createHmac('sha256', 'k3y-secret').update(`1770000000.${body}`).digest('hex');
    expect(signBody('k3y-secret', '1770000000', body)).toBe(`sha256=${want}`);
    // The timestamp is signed: the same body at another time has another signature (a replay is refused).
    expect(signBody('k3y-secret', '1770000001', body)).not.toBe(signBody('k3y-secret', '1770000000', body));
  });
});
