import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ModdeskError } from '../domain/errors.js';
import { readTextFile } from './read-text-file.js';

/** Environment variables that hold secrets: their values are redacted from logs and never stored. */
export const SECRET_KEYS = [
  'REDDIT_CLIENT_ID',
  'REDDIT_CLIENT_SECRET',
  'REDDIT_PASSWORD',
  'MODDESK_DASHBOARD_TOKEN',
  'MODDESK_TOKEN',
  'MODDESK_FORUM_PASSWORD',
  'DISCOURSE_API_KEY',
  'MODDESK_DISCORD_WEBHOOK_URL',
  'MODDESK_ALERT_WEBHOOK_SECRET',
  'MODDESK_SMTP_PASSWORD',
];

/**
 * The environment the adapters get: the process environment, plus `KEY=value` lines from a secrets file that
 * must live outside any git checkout (a secret in the repo is one `git add` away from being published).
 */
export function loadSecrets(env: NodeJS.ProcessEnv, file?: string): NodeJS.ProcessEnv {
  if (!file) return { ...env };
  const repo = enclosingRepo(resolve(file));
  if (repo) {
    throw new ModdeskError(
      'usage',
      `the secrets file is inside the git checkout ${repo}; move it outside, e.g. ~/.config/moddesk/secrets.env`,
      {
        file,
        place: 'secrets.file',
      },
    );
  }
  const text = readTextFile(file, 'the secrets file');
  const out: NodeJS.ProcessEnv = { ...env };
  text.split('\n').forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    // `\S` starts the value, so the spaces before it are read once (`\s*(.*)` split them every way).
    const m = /^([A-Z][A-Z0-9_]*)\s*=\s*(\S.*)?$/.exec(trimmed);
    if (!m) {
      throw new ModdeskError(
        'usage',
        'expected KEY=value, e.g. REDDIT_PASSWORD=hunter2 (the value is not shown here)',
        {
          file,
          place: `line ${i + 1}`,
        },
      );
    }
    const value = (m[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
    if (out[m[1]!] === undefined) out[m[1]!] = value;
  });
  return out;
}

/** The secret values present in `env`, for scrubbing text that may echo them. */
export function secretValues(env: NodeJS.ProcessEnv): string[] {
  return SECRET_KEYS.map((k) => env[k]).filter((v): v is string => typeof v === 'string' && v.length >= 4);
}

/** The git checkout holding `file`, if any (as a path relative to the working folder). */
export function enclosingRepo(file: string): string | null {
  let dir = dirname(file);
  for (;;) {
    if (existsSync(join(dir, '.git'))) return relative(process.cwd(), dir) || dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/**
 * The dashboard's token from the environment: `MODDESK_DASHBOARD_TOKEN`. The older `MODDESK_TOKEN` is still read,
 * with a warning, so a moderator's existing set-up keeps working.
 */
export function dashboardToken(env: NodeJS.ProcessEnv, warn: (line: string) => void): string | undefined {
  if (env.MODDESK_DASHBOARD_TOKEN) return env.MODDESK_DASHBOARD_TOKEN;
  if (env.MODDESK_TOKEN) {
    warn('moddesk: MODDESK_TOKEN is the old name; set MODDESK_DASHBOARD_TOKEN instead (read this time)\n');
    return env.MODDESK_TOKEN;
  }
  return undefined;
}

/** The link to open once: the address with its token (a cookie keeps the moderator signed in after). */
export function dashboardLink(d: { url: string; token: string }): string {
  return `${d.url}?token=${encodeURIComponent(d.token)}`;
}
