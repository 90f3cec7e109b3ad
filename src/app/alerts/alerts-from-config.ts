import type { Logger } from 'pino';
import { discordWebhook } from '../../adapters/alerts/discord-webhook.js';
import { signedWebhook } from '../../adapters/alerts/signed-webhook.js';
import { smtpEmail } from '../../adapters/alerts/smtp-email.js';
import { ModdeskError } from '../../domain/errors.js';
import type { Instant } from '../../domain/time.js';
import type { AlertsConfig } from '../app-config.js';
import { Alerter, type AlertRoute, type ToldKeys } from './alerter.js';

/** The secret a channel needs, from the environment or the secrets file; its absence is one clear line. */
function secret(env: NodeJS.ProcessEnv, key: string, place: string): string {
  const v = env[key];
  if (v) return v;
  throw new ModdeskError('usage', `alerts.${place} needs ${key} in the environment or the secrets file`, {
    place: `alerts.${place}`,
  });
}

/** The alerter the app config asks for (null: no channel), its channels' secrets read from `env`. */
export function alerterFromConfig(
  cfg: AlertsConfig | undefined,
  env: NodeJS.ProcessEnv,
  o: { now: () => Instant; log: Logger; backoffMs?: number; told?: ToldKeys },
): Alerter | null {
  if (!cfg) return null;
  const timeoutMs = cfg.timeoutSeconds * 1000;
  const routes: AlertRoute[] = [];
  if (cfg.discord)
    routes.push({
      channel: discordWebhook({ url: secret(env, 'MODDESK_DISCORD_WEBHOOK_URL', 'discord'), timeoutMs }),
      kinds: new Set(cfg.discord.kinds),
    });
  if (cfg.webhook)
    routes.push({
      channel: signedWebhook({
        url: cfg.webhook.url,
        secret: secret(env, 'MODDESK_ALERT_WEBHOOK_SECRET', 'webhook'),
        timeoutMs,
      }),
      kinds: new Set(cfg.webhook.kinds),
    });
  if (cfg.email) {
    const e = cfg.email;
    routes.push({
      channel: smtpEmail({
        host: e.host,
        port: e.port,
        secure: e.secure,
        user: e.user,
        password: e.user ? secret(env, 'MODDESK_SMTP_PASSWORD', 'email') : undefined,
        from: e.from,
        to: e.to,
        timeoutMs,
      }),
      kinds: new Set(e.kinds),
    });
  }
  if (routes.length === 0) return null;
  const limits = {
    deadlineHours: cfg.deadlineHours,
    failingMinutes: cfg.failingMinutes,
    draftWaitingMinutes: cfg.draftWaitingMinutes,
  };
  return new Alerter({ limits, routes, now: o.now, log: o.log, backoffMs: o.backoffMs, told: o.told });
}
