import { wallTimeAt, zonedToUtc } from './time-zone.js';

/**
 * Reads the dates forums print for people ("Mon Dec 06, 2010 4:04 pm", "12-25-2009, 01:51 PM",
 * "December 25th, 2009 at 01:51 PM", "Today, 01:51 PM") in the forum's time zone. Only for engines that print
 * no machine-readable time (vBulletin 4, phpBB 3.0/3.1, edit notices). Null when the text holds no date.
 */
export interface DisplayDateOptions {
  timeZone: string;
  /** For "Today"/"Yesterday": the server's clock when the page was served. */
  now: number;
  /** How to read 01-02-2010: month first (vBulletin's default) or day first. */
  order?: 'mdy' | 'dmy';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const TIME = /\b(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])?\.?\s?(m\b\.?)?/i;

export function parseDisplayDate(text: string, opts: DisplayDateOptions): number | null {
  const flat = text
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const t = TIME.exec(flat);
  let hour = 0;
  let minute = 0;
  let second = 0;
  let rest = flat;
  if (t) {
    hour = Number(t[1]);
    minute = Number(t[2]);
    second = t[3] ? Number(t[3]) : 0;
    const ampm = t[4]?.toLowerCase();
    if (ampm === 'p' && hour < 12) hour += 12;
    if (ampm === 'a' && hour === 12) hour = 0;
    rest = flat.slice(0, t.index) + flat.slice(t.index + t[0].length);
  }
  const date = readDate(rest, opts);
  if (!date || hour > 23 || minute > 59 || second > 59) return null;
  return zonedToUtc({ ...date, hour, minute, second }, opts.timeZone);
}

function readDate(text: string, opts: DisplayDateOptions): { year: number; month: number; day: number } | null {
  const relative = /\b(today|yesterday)\b/i.exec(text);
  if (relative) {
    const shift = relative[1]!.toLowerCase() === 'yesterday' ? 1 : 0;
    const today = wallTimeAt(opts.now, opts.timeZone);
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day - shift));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
  const numeric = /\b(\d{1,4})[-/.](\d{1,2})[-/.](\d{2,4})\b/.exec(text);
  if (numeric) {
    const [a, b, c] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
    if (numeric[1]!.length === 4) return valid(a, b, c);
    const year = c < 100 ? 2000 + c : c;
    return opts.order === 'dmy' ? valid(year, b, a) : valid(year, a, b);
  }
  const monthMatch = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?/i.exec(text);
  const year = /\b(\d{4})\b/.exec(text);
  if (!monthMatch || !year) return null;
  const month = MONTHS.indexOf(monthMatch[1]!.toLowerCase()) + 1;
  const withoutYear = text.replace(year[0], ' ');
  const day = /\b(\d{1,2})(?:st|nd|rd|th)?\b/i.exec(withoutYear);
  if (!day) return null;
  return valid(Number(year[1]), month, Number(day[1]));
}

function valid(year: number, month: number, day: number): { year: number; month: number; day: number } | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}
