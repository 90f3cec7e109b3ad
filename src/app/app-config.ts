import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { DRAFT_KINDS } from '../domain/draft.js';
import * as z from '../domain/zod.js';
import { ALERT_KINDS } from './alerts/alert-kinds.js';
import { parseYamlConfig } from './parse-yaml-config.js';
import { readTextFile } from './read-text-file.js';

/**
 * Each command's dashboard port when none is given, the same at every start, so a bookmarked link survives a restart
 * (issue 32, m3); three numbers so that the demo, a `watch` and a `serve` can run side by side.
 */
export const DEFAULT_PORTS = { demo: 4477, watch: 4478, serve: 4479 } as const;

/** Which alert kinds a channel is sent: all of them unless listed. */
const alertKinds = z._default(z.optional(z.array(z.enum(ALERT_KINDS))), () => [...ALERT_KINDS]);

/**
 * Alerts for what needs the moderator (config/app.example.yaml). Each channel's secret comes from the environment or
 * the secrets file: MODDESK_DISCORD_WEBHOOK_URL, MODDESK_ALERT_WEBHOOK_SECRET, MODDESK_SMTP_PASSWORD.
 */
export const alertsConfigSchema = z.strictObject({
  deadlineHours: z._default(z.optional(z.number().check(z.positive())), 2),
  failingMinutes: z._default(z.optional(z.number().check(z.nonnegative())), 15),
  draftWaitingMinutes: z._default(z.optional(z.number().check(z.nonnegative())), 30),
  timeoutSeconds: z._default(z.optional(z.number().check(z.positive())), 10),
  discord: z.optional(z.strictObject({ kinds: alertKinds })),
  webhook: z.optional(z.strictObject({ url: z.url({ protocol: /^https?$/ }), kinds: alertKinds })),
  email: z.optional(
    z.strictObject({
      host: z.string().check(z.minLength(1)),
      port: z._default(z.optional(z.int().check(z.gte(1), z.lte(65535))), 587),
      /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
      secure: z._default(z.optional(z.boolean()), false),
      user: z.optional(z.string().check(z.minLength(1))),
      from: z.string().check(z.minLength(3)),
      to: z.array(z.string().check(z.minLength(3))).check(z.minLength(1)),
      kinds: alertKinds,
    }),
  ),
});

export type AlertsConfig = z.infer<typeof alertsConfigSchema>;

/** The app config (config/app.example.yaml): which games to watch, where the database lives, polling, dashboard. */
export const appConfigSchema = z.strictObject({
  /** Default: outside any checkout, in the user's data folder (see defaultDatabase). */
  database: z._default(z.optional(z.string().check(z.minLength(1))), () => join(dataFolder(process.env), 'moddesk.db')),
  games: z
    .array(
      z.strictObject({
        file: z.string().check(z.minLength(1)),
        id: z.optional(
          z
            .string()
            .check(z.regex(/^[\w.-]+$/, { message: 'expected letters, digits, "-", "_" or ".", e.g. "defcon-7"' })),
        ),
      }),
    )
    .check(z.minLength(1)),
  poll: z._default(
    z.optional(
      z.strictObject({
        intervalSeconds: z._default(z.optional(z.number().check(z.positive())), 300),
        nearSeconds: z._default(z.optional(z.number().check(z.positive())), 30),
        nearWindowMinutes: z._default(z.optional(z.number().check(z.nonnegative())), 60),
        minSeconds: z._default(z.optional(z.number().check(z.nonnegative())), 0),
        timeoutSeconds: z._default(z.optional(z.number().check(z.positive())), 120),
        debounceMinutes: z._default(z.optional(z.number().check(z.nonnegative())), 10),
        /** The longest interval a quiet thread backs off to (default: four intervals; decision 0015). */
        quietMaxSeconds: z.optional(z.number().check(z.positive())),
      }),
    ),
    {
      intervalSeconds: 300,
      nearSeconds: 30,
      nearWindowMinutes: 60,
      minSeconds: 0,
      timeoutSeconds: 120,
      debounceMinutes: 10,
    },
  ),
  dashboard: z.optional(
    z.strictObject({
      host: z._default(z.optional(z.string()), '127.0.0.1'),
      port: z._default(z.optional(z.int().check(z.gte(0), z.lte(65535))), DEFAULT_PORTS.watch),
      /** Host names the dashboard answers to besides loopback; binding beyond loopback needs one. */
      allowedHosts: z._default(z.optional(z.array(z.string().check(z.minLength(1)))), []),
      /** Sign in with accounts (`moddesk accounts`) instead of the one token; needed beyond loopback. */
      accounts: z.optional(z.boolean()),
      /** Addresses of reverse proxies whose X-Forwarded-For/-Proto/-Host are believed; needs accounts. */
      trustedProxies: z.optional(z.array(z.union([z.ipv4(), z.ipv6()]))),
    }),
  ),
  secrets: z.optional(z.strictObject({ file: z.string().check(z.minLength(1)) })),
  log: z.optional(
    z.strictObject({
      level: z._default(z.optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])), 'info'),
    }),
  ),
  /** Draft kinds approved without the mod (for demos and tests; the audit log records `config` as approver). */
  autoApprove: z._default(z.optional(z.array(z.enum(DRAFT_KINDS))), []),
  alerts: z.optional(alertsConfigSchema),
});

export type AppConfig = z.infer<typeof appConfigSchema>;
export type PollConfig = AppConfig['poll'];

/**
 * Why the dashboard must not start as configured, or null: beyond this machine (a bind address other than loopback,
 * or a proxy forwarding to it) only with accounts on, never behind the one token alone.
 */
export function exposureRefusal(d: AppConfig['dashboard']): string | null {
  if (!d || d.accounts) return null;
  const h = d.host.toLowerCase().replace(/^\[|\]$/g, '');
  const loopback = h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
  if (!loopback)
    return `the dashboard on ${d.host} would be reached from other machines: turn on accounts (dashboard.accounts: true, then moddesk accounts add NAME --role moderator), or bind it to 127.0.0.1`;
  if (d.trustedProxies?.length)
    return 'dashboard.trustedProxies puts the dashboard behind a proxy for other machines: turn on accounts (dashboard.accounts: true)';
  return null;
}

const EXAMPLES: Record<string, string> = {
  database: 'database: ./moddesk.db',
  games: 'games: [{ file: games/defcon-7.yaml }]',
  poll: 'poll: { intervalSeconds: 300, nearSeconds: 30 }',
  dashboard: 'dashboard: { host: 127.0.0.1, port: 8080, accounts: true, trustedProxies: [127.0.0.1] }',
  secrets: 'secrets: { file: ~/.config/moddesk/secrets.env }',
  log: 'log: { level: info }',
  autoApprove: 'autoApprove: [vote-count]',
  alerts: 'alerts: { discord: { kinds: [day-ended, hammer-held] } }',
};

/** Reads and validates an app config; game file paths come back resolved against the config's folder. */
export function loadAppConfig(file: string): AppConfig {
  return parseAppConfig(readTextFile(file, 'the app config'), file);
}

/**
 * Where the database lives when nothing says: `$XDG_DATA_HOME/moddesk/` (else `~/.local/share/moddesk/`), one file
 * per game file or app config, named for it and for its full path, so two games both called game.yaml never share
 * one and nothing is written into a checkout.
 */
export function defaultDatabase(anchor: string, env: NodeJS.ProcessEnv = process.env): string {
  const full = resolve(anchor);
  const name = basename(full).replace(/(\.game)?\.ya?ml$/i, '') || 'moddesk';
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
  return join(dataFolder(env), `${name}-${hash}.db`);
}

function dataFolder(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share'), 'moddesk');
}

export function parseAppConfig(text: string, file: string): AppConfig {
  const named = /^database\s*:/m.test(text);
  const cfg = parseYamlConfig(text, file, appConfigSchema, {
    expected: `a mapping with a games list, e.g. ${EXAMPLES.games}`,
    exampleFor: (key) => EXAMPLES[key] ?? 'games: [{ file: my-game.yaml }]',
  });
  const base = dirname(resolve(file));
  return {
    ...cfg,
    database: !named
      ? defaultDatabase(file)
      : cfg.database === ':memory:'
        ? cfg.database
        : resolve(base, expandHome(cfg.database)),
    games: cfg.games.map((g) => ({ ...g, file: resolve(base, g.file) })),
    secrets: cfg.secrets ? { file: resolve(base, expandHome(cfg.secrets.file)) } : undefined,
  };
}

/** The config `moddesk watch --game G.yaml` runs with when no app config is given. */
export function defaultAppConfig(gameFiles: string[], database?: string): AppConfig {
  return appConfigSchema.parse({
    database: database ?? defaultDatabase(gameFiles[0] ?? 'moddesk'),
    games: gameFiles.map((file) => ({ file: resolve(file) })),
  });
}

function expandHome(p: string): string {
  return p.startsWith('~/') ? `${process.env.HOME ?? ''}/${p.slice(2)}` : p;
}
