import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { EVAL_DATA } from '../../../test/adapters/eval-data.js';
import { formatInstant } from '../../domain/time.js';
import { parseDisplayDate } from './display-date.js';
import { machineTime } from './page-helpers.js';
import { checkTimeZone, zonedToUtc } from './time-zone.js';

describe('forum-local time to UTC', () => {
  test('winter and summer offsets come from the zone, not the machine', () => {
    const w = { year: 2026, month: 1, day: 5, hour: 13, minute: 0, second: 0 };
    expect(formatInstant(zonedToUtc(w, 'America/New_York'))).toBe('2026-01-05T18:00:00Z');
    expect(formatInstant(zonedToUtc({ ...w, month: 7 }, 'America/New_York'))).toBe('2026-07-05T17:00:00Z');
    expect(formatInstant(zonedToUtc(w, 'Australia/Sydney'))).toBe('2026-01-05T02:00:00Z');
    expect(formatInstant(zonedToUtc(w, 'UTC'))).toBe('2026-01-05T13:00:00Z');
  });

  test('an unknown zone is a clear error', () => {
    expect(() => checkTimeZone('Mars/Olympus')).toThrow(/unknown time zone "Mars\/Olympus"/);
  });

  test('machine times: numeric offsets without a colon, epochs, and offset-less ISO in the board zone', () => {
    expect(formatInstant(machineTime('2022-10-26T07:44:06-0400', 'UTC')!)).toBe('2022-10-26T11:44:06Z');
    expect(formatInstant(machineTime('2024-01-01T15:00:00+00:00', 'UTC')!)).toBe('2024-01-01T15:00:00Z');
    expect(formatInstant(machineTime('1666784646', 'UTC')!)).toBe('2022-10-26T11:44:06Z');
    expect(formatInstant(machineTime('2014-10-24T09:00:03', 'America/Los_Angeles')!)).toBe('2014-10-24T16:00:03Z');
    expect(machineTime('7:44 AM', 'UTC')).toBeNull();
  });
});

describe('printed dates', () => {
  const opts = { timeZone: 'America/Chicago', now: Date.UTC(2026, 1, 10, 3) };

  test('vBulletin and phpBB formats, Today and Yesterday (in the board zone: still Feb 9 in Chicago)', () => {
    const at = (t: string) => formatInstant(parseDisplayDate(t, opts)!);
    expect(at('12-25-2009, 01:51 PM')).toBe('2009-12-25T19:51:00Z');
    expect(at('December 25th, 2009 at 01:51 PM')).toBe('2009-12-25T19:51:00Z');
    expect(at('Mon Dec 06, 2010 4:04 pm')).toBe('2010-12-06T22:04:00Z');
    expect(at('Today, 09:07 AM')).toBe('2026-02-09T15:07:00Z');
    expect(at('Yesterday, 11:59 PM')).toBe('2026-02-09T05:59:00Z');
    expect(at('2009-12-25 13:51')).toBe('2009-12-25T19:51:00Z');
    expect(at('Mon Dec 06, 2010 12:30 am')).toBe('2010-12-06T06:30:00Z');
    expect(parseDisplayDate('no date here', opts)).toBeNull();
  });

  test('every printed time of the real MafiaScum thread 15787 reads as the dataset (displayed time as UTC) has it', () => {
    const lines = readFileSync(`${EVAL_DATA}mafiascum-donbot/derived/15787.thread.jsonl`, 'utf8')
      .split('\n')
      .filter(Boolean);
    expect(lines.length).toBeGreaterThan(900);
    for (const line of lines) {
      const p = JSON.parse(line) as { createdAt: string; timeRaw: string };
      expect(formatInstant(parseDisplayDate(p.timeRaw, { timeZone: 'UTC', now: 0 })!)).toBe(p.createdAt);
    }
  });
});
