import pino, { type DestinationStream, type Logger } from 'pino';

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
 * defence, any known secret value scrubbed from the serialized line.
 */
export function createLogger(
  opts: { level?: string; secrets?: string[]; destination?: DestinationStream } = {},
): Logger {
  const secrets = (opts.secrets ?? []).filter((s) => s.length >= 4);
  const base = opts.destination ?? pino.destination({ fd: 2, sync: true });
  const destination: DestinationStream =
    secrets.length === 0
      ? base
      : {
          write(line: string) {
            let out = line;
            for (const s of secrets) out = out.split(s).join('[redacted]');
            base.write(out);
          },
        };
  return pino(
    { level: opts.level ?? 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { app: 'moddesk' } },
    destination,
  );
}
