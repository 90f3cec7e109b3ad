import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { alerterFromConfig } from '../../src/app/alerts/alerts-from-config.js';
import { parseAppConfig } from '../../src/app/app-config.js';
import { ROOT } from '../desk/helpers.js';

const log = pino({ level: 'silent' });
const now = () => 0;

describe('the app config’s alerts (issue 31)', () => {
  it('the example’s alerts section, uncommented, loads: every channel, each with its kinds', () => {
    const text = readFileSync(join(ROOT, 'config', 'app.example.yaml'), 'utf8').replace(/^# (alerts:| {2}\S)/gm, '$1');
    const cfg = parseAppConfig(text, join(ROOT, 'config', 'app.yaml'));
    expect(cfg.alerts).toMatchObject({ deadlineHours: 2, webhook: { url: 'https://example.org/moddesk-hook' } });
    expect(cfg.alerts?.discord?.kinds).toEqual(['day-ended', 'hammer-held', 'count-requested', 'deadline-near']);
    expect(cfg.alerts?.webhook?.kinds).toContain('night-action');
    const env = {
      MODDESK_DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/1/x',
      MODDESK_ALERT_WEBHOOK_SECRET: 's3cret-value',
      MODDESK_SMTP_PASSWORD: 'pw-value',
    };
    expect(
      alerterFromConfig(cfg.alerts, env, { now, log })
        ?.channels()
        .map((c) => c.name),
    ).toEqual(['discord', 'webhook', 'email']);
  });

  it('a channel without its secret is one clear line naming the key; an unknown kind names the place', () => {
    const cfg = parseAppConfig(
      'games: [{ file: g.yaml }]\nalerts: { webhook: { url: "https://h.example/x" } }\n',
      'a.yaml',
    );
    expect(() => alerterFromConfig(cfg.alerts, {}, { now, log })).toThrow(
      'alerts.webhook needs MODDESK_ALERT_WEBHOOK_SECRET in the environment or the secrets file',
    );
    expect(() =>
      parseAppConfig('games: [{ file: g.yaml }]\nalerts: { discord: { kinds: [hammer] } }\n', 'a.yaml'),
    ).toThrow(/alerts\.discord\.kinds\[0\]: expected one of/);
  });
});
