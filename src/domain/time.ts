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

const displayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The formatter that shows times in `timeZone` ("Fri 9 Jan 18:00 GMT"): made once per zone, and only when a time
 * is shown in it or the zone is checked (the first Intl object of a process costs tens of milliseconds).
 */
export function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = displayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    displayFormats.set(timeZone, format);
  }
  return format;
}

/** An IANA zone Intl can show times in; UTC, the usual game zone, needs no Intl object at all. */
export function isTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  try {
    zoneFormat(zone);
    return true;
  } catch {
    return false;
  }
}
