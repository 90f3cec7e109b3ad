import pino, { type DestinationStream, type Logger } from 'pino';
import { ModdeskError } from '../domain/errors.js';
import { MIN_SECRET_LENGTH, registerSecrets, scrubWith, secretForms } from './scrub.js';

/** Log keys whose values are always replaced, wherever they appear (architecture invariant 7). */
export const REDACT_PATHS = [
  'password',
  'secret',
  'token',
  'authorization',
  'env',
  '*.password',
  '*.secret',
  '*.token',
  '*.authorization',
  '*.clientSecret',
  '*.env',
  '*.REDDIT_PASSWORD',
  '*.REDDIT_CLIENT_SECRET',
  'headers.authorization',
];

/**
 * The desk's pino logger: fixed messages with data objects, secrets redacted by key and, as a second line of
 * defence, any known secret value scrubbed from the serialized line in every form an echo gives it (scrub.ts).
 */
export function createLogger(
  opts: { level?: string; secrets?: string[]; destination?: DestinationStream; pretty?: boolean } = {},
): Logger {
  const levels = [...Object.keys(pino.levels.values), 'silent'];
  if (opts.level !== undefined && !levels.includes(opts.level))
    throw new ModdeskError('usage', `expected one of ${levels.join(', ')}, got ${JSON.stringify(opts.level)}`, {
      place: '--log-level',
    });
  const secrets = (opts.secrets ?? []).filter((s) => s.length >= MIN_SECRET_LENGTH);
  registerSecrets(secrets);
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  const fd2 = pino.destination({ fd: 2, sync: true });
  // JSON for files and log collectors; one readable line a message for a person at a terminal.
  const pretty = opts.pretty ?? (opts.destination === undefined && process.stderr.isTTY === true);
  const raw = opts.destination ?? fd2;
  const base: DestinationStream = pretty ? { write: (line: string) => raw.write(prettyLine(line)) } : raw;
  const destination: DestinationStream =
    secrets.length === 0
      ? base
      : {
          write(line: string) {
            base.write(scrubWith(line, forms));
          },
        };
  return pino(
    { level: opts.level ?? 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { app: 'moddesk' } },
    destination,
  );
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const QUIET_KEYS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'app']);

/** A pino JSON line as `12:00:03 WARN poll failed; backing off game=demo failures=2` (the line as is when not JSON). */
export function prettyLine(line: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof o.time === 'number' ? new Date(o.time).toISOString().slice(11, 19) : '';
  const fields = Object.entries(o)
    .filter(([k]) => !QUIET_KEYS.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return `${[time, LEVELS[o.level as number] ?? String(o.level), String(o.msg ?? ''), ...fields].filter(Boolean).join(' ')}\n`;
}
