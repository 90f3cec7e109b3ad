import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isMap, LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { ModdeskError } from '../domain/errors.js';

export const DRAFT_KINDS = [
  'vote-count',
  'day-end',
  'day-start',
  'night-result',
  'missile-launch',
  'missile-abort',
  'missile-impact',
  'dawn-report',
  'purge',
  'game-over',
] as const;

/** The app config (config/app.example.yaml): which games to watch, where the database lives, polling, dashboard. */
export const appConfigSchema = z.strictObject({
  database: z.string().min(1).optional().default('moddesk.db'),
  games: z
    .array(
      z.strictObject({
        file: z.string().min(1),
        id: z
          .string()
          .regex(/^[\w.-]+$/, { message: 'expected letters, digits, "-", "_" or ".", e.g. "defcon-7"' })
          .optional(),
      }),
    )
    .min(1),
  poll: z
    .strictObject({
      intervalSeconds: z.number().positive().optional().default(300),
      nearSeconds: z.number().positive().optional().default(30),
      nearWindowMinutes: z.number().nonnegative().optional().default(60),
      minSeconds: z.number().nonnegative().optional().default(0),
      timeoutSeconds: z.number().positive().optional().default(120),
      debounceMinutes: z.number().nonnegative().optional().default(10),
    })
    .optional()
    .default({
      intervalSeconds: 300,
      nearSeconds: 30,
      nearWindowMinutes: 60,
      minSeconds: 0,
      timeoutSeconds: 120,
      debounceMinutes: 10,
    }),
  dashboard: z
    .strictObject({
      host: z.string().optional().default('127.0.0.1'),
      port: z.number().int().min(0).max(65535).optional().default(0),
    })
    .optional(),
  secrets: z.strictObject({ file: z.string().min(1) }).optional(),
  log: z
    .strictObject({
      level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
    })
    .optional(),
  /** Draft kinds approved without the mod (for demos and tests; the audit log records `config` as approver). */
  autoApprove: z.array(z.enum(DRAFT_KINDS)).optional().default([]),
});

export type AppConfig = z.infer<typeof appConfigSchema>;
export type PollConfig = AppConfig['poll'];

const EXAMPLES: Record<string, string> = {
  database: 'database: ./moddesk.db',
  games: 'games: [{ file: games/defcon-7.yaml }]',
  poll: 'poll: { intervalSeconds: 300, nearSeconds: 30 }',
  dashboard: 'dashboard: { host: 127.0.0.1, port: 8080 }',
  secrets: 'secrets: { file: ~/.config/moddesk/secrets.env }',
  log: 'log: { level: info }',
  autoApprove: 'autoApprove: [vote-count]',
};

/** Reads and validates an app config; game file paths come back resolved against the config's folder. */
export function loadAppConfig(file: string): AppConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ModdeskError(
      'file-unreadable',
      `cannot read the app config (${(err as NodeJS.ErrnoException).code ?? err})`,
      { file, cause: err },
    );
  }
  return parseAppConfig(text, file);
}

export function parseAppConfig(text: string, file: string): AppConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const pos = yamlError.linePos?.[0];
    throw new ModdeskError('yaml-invalid', `invalid YAML: ${yamlError.message.split('\n')[0]}`, {
      file,
      place: pos ? `line ${pos.line}, column ${pos.col}` : undefined,
    });
  }
  if (!isMap(doc.contents)) {
    throw new ModdeskError('game-invalid', `expected a mapping with a games list, e.g. ${EXAMPLES.games}`, {
      file,
      place: 'line 1',
    });
  }
  const parsed = appConfigSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.reduce<string>(
      (acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)),
      '',
    );
    const node = doc.getIn(issue.path as (string | number)[], true) as { range?: [number, number, number] } | undefined;
    const line = node?.range ? `line ${lineCounter.linePos(node.range[0]).line}` : undefined;
    const what =
      issue.code === 'unrecognized_keys'
        ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`
        : issue.code === 'invalid_value'
          ? `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
          : issue.message;
    const top = String(issue.path[0] ?? '');
    const example = EXAMPLES[top] ?? `games: [{ file: my-game.yaml }]`;
    throw new ModdeskError('game-invalid', `${path || '(top level)'}: ${what}; for example ${example}`, {
      file,
      place: line,
    });
  }
  const cfg = parsed.data;
  const base = dirname(resolve(file));
  return {
    ...cfg,
    database: cfg.database === ':memory:' ? cfg.database : resolve(base, cfg.database),
    games: cfg.games.map((g) => ({ ...g, file: resolve(base, g.file) })),
    secrets: cfg.secrets ? { file: resolve(base, expandHome(cfg.secrets.file)) } : undefined,
  };
}

/** The config `moddesk watch --game G.yaml` runs with when no app config is given. */
export function defaultAppConfig(gameFiles: string[], database: string): AppConfig {
  return appConfigSchema.parse({ database, games: gameFiles.map((file) => ({ file: resolve(file) })) });
}

function expandHome(p: string): string {
  return p.startsWith('~/') ? `${process.env.HOME ?? ''}/${p.slice(2)}` : p;
}
