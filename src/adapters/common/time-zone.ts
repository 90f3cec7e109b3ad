import { ModdeskError } from '../../domain/errors.js';

/** Forum-local wall-clock times to UTC with Intl (the forum's zone is configuration, never the machine's TZ). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a clear error for a zone name Intl does not know. */
export function checkTimeZone(timeZone: string): string {
  try {
    formatter(timeZone);
    return timeZone;
  } catch (cause) {
    throw new ModdeskError(
      'usage',
      `unknown time zone ${JSON.stringify(timeZone)}; expected an IANA name such as "America/New_York" or "UTC"`,
      { cause },
    );
  }
}

/** The wall-clock time in `timeZone` at the instant `ms`. */
export function wallTimeAt(ms: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function offsetMs(ms: number, timeZone: string): number {
  const w = wallTimeAt(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant (epoch ms) at which the clocks of `timeZone` show `wall`; in a DST gap or overlap, the earlier reading. */
export function zonedToUtc(wall: WallTime, timeZone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const first = asUtc - offsetMs(asUtc, timeZone);
  const second = asUtc - offsetMs(first, timeZone);
  return Math.min(first, second);
}
