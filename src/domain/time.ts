/** Instants are epoch milliseconds inside the core; every printed time is ISO-8601 UTC to the second. */
export type Instant = number;

export const HOUR = 3_600_000;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Parses an ISO-8601 timestamp with an explicit offset; null when it is not one. */
export function parseInstant(text: string): Instant | null {
  if (!ISO_UTC.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

export function formatInstant(at: Instant): string {
  return new Date(Math.floor(at / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
