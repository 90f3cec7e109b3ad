/** How the fake forums print times for people, in the board's time zone. */
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

export function wall(ms: number, timeZone: string): Parts {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const year = p.year!;
  const month = p.month!;
  const day = p.day!;
  return {
    year,
    month,
    day,
    hour: p.hour! % 24,
    minute: p.minute!,
    second: p.second!,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

function h12(hour: number): { h: number; ampm: 'am' | 'pm' } {
  return { h: hour % 12 === 0 ? 12 : hour % 12, ampm: hour < 12 ? 'am' : 'pm' };
}

/** phpBB's default `D M d, Y g:i a`: `Mon Jan 05, 2026 1:00 pm`. */
export function phpbbDate(ms: number, tz: string): string {
  const w = wall(ms, tz);
  const { h, ampm } = h12(w.hour);
  return `${DAYS[w.weekday]} ${MONTHS[w.month - 1]!.slice(0, 3)} ${pad(w.day)}, ${w.year} ${h}:${pad(w.minute)} ${ampm}`;
}

/** vBulletin 4: `01-05-2026, 01:00 PM`, or `Today, 01:00 PM` / `Yesterday, …` relative to `now`. */
export function vb4Date(ms: number, tz: string, now: number): { date: string; time: string } {
  const w = wall(ms, tz);
  const today = wall(now, tz);
  const yesterday = wall(now - 86_400_000, tz);
  const same = (a: Parts, b: Parts) => a.year === b.year && a.month === b.month && a.day === b.day;
  const { h, ampm } = h12(w.hour);
  const date = same(w, today) ? 'Today' : same(w, yesterday) ? 'Yesterday' : `${pad(w.month)}-${pad(w.day)}-${w.year}`;
  return { date, time: `${pad(h)}:${pad(w.minute)} ${ampm.toUpperCase()}` };
}

/** vBulletin 4 edit notes: `December 25th, 2009 at 01:51 PM`. */
export function vbLongDate(ms: number, tz: string): string {
  const w = wall(ms, tz);
  const { h, ampm } = h12(w.hour);
  const suffix =
    w.day % 10 === 1 && w.day !== 11
      ? 'st'
      : w.day % 10 === 2 && w.day !== 12
        ? 'nd'
        : w.day % 10 === 3 && w.day !== 13
          ? 'rd'
          : 'th';
  return `${MONTHS[w.month - 1]} ${w.day}${suffix}, ${w.year} at ${pad(h)}:${pad(w.minute)} ${ampm.toUpperCase()}`;
}

/** An ISO time in the board's zone without an offset (vBulletin 5). */
export function localIso(ms: number, tz: string): string {
  const w = wall(ms, tz);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** XenForo's `2022-10-26T07:44:06-0400` (numeric offset, no colon). */
export function xfIso(ms: number, tz: string): string {
  const w = wall(ms, tz);
  const offsetMin = Math.round(
    (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000) / 60_000,
  );
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${localIso(ms, tz)}${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

export function rfc3339Utc(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', '+00:00');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
