import { type Instant, zoneFormat } from '../domain/time.js';

/** Deadlines already written, by zone and instant: every count of a day writes the same few (the desk's per post). */
const written = new Map<string, string>();

/** "Fri 9 Jan 18:00 GMT" in the game's time zone (display only; all logic is UTC). Intl ships the zone data. */
export function formatDeadline(at: Instant, timeZone: string): string {
  const key = `${timeZone}\0${at}`;
  let text = written.get(key);
  if (text === undefined) {
    const parts = zoneFormat(timeZone).formatToParts(new Date(at));
    const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    const zone = get('timeZoneName') === 'UTC' ? 'UTC' : get('timeZoneName');
    text = `${get('weekday')} ${get('day')} ${get('month')} ${get('hour')}:${get('minute')} ${zone}`;
    if (written.size >= 4096) written.clear();
    written.set(key, text);
  }
  return text;
}

/** "Fri 9 Jan 02:00" without the zone, for a second time on the same line. */
export function formatShort(at: Instant, timeZone: string): string {
  return formatDeadline(at, timeZone).replace(/ \S+$/, '');
}

/** "in 1 day 6 hours", "in 45 minutes", or "passed". */
export function timeLeft(from: Instant, to: Instant): string {
  const ms = to - from;
  if (ms <= 0) return 'passed';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts: string[] = [];
  if (days) parts.push(unit(days, 'day'));
  if (hours) parts.push(unit(hours, 'hour'));
  if (!days && mins) parts.push(unit(mins, 'minute'));
  return `in ${parts.join(' ') || 'less than a minute'}`;
}
