import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../../app/desk.js';
import { deskHealth, gameHealth } from './desk-health.js';

const HOSTILE = '<img src=x onerror=alert(1)>"\'';
const game = (over: Partial<GameSummary>): GameSummary => ({
  id: 'g',
  title: HOSTILE,
  ruleset: 'vanilla',
  platform: 'phpbb',
  phase: null,
  alive: 5,
  pendingDrafts: 0,
  openFlags: 0,
  lastPollAt: '2026-05-04T18:00:00Z',
  result: { status: 'ongoing', winner: null, at: null } as unknown as GameSummary['result'],
  ...over,
});

describe('desk health: what every page says about polls and the game file', () => {
  const failing = game({
    poll: {
      lastGoodAt: '2026-05-04T18:00:00Z',
      failures: 3,
      lastError: { message: `forum.example answered ${HOSTILE}`, at: '2026-05-04T18:05:00Z' },
      nextAt: '2026-05-04T18:06:00Z',
    },
    gameFileError: {
      text: `game.yaml: line 3: ${HOSTILE}`,
      place: 'line 3',
      message: HOSTILE,
      at: '2026-05-04T18:05:00Z',
    },
  });

  it('a failing poll and a broken file are alerts, with the untrusted text escaped', () => {
    for (const out of [
      gameHealth(failing, '2026-05-04T18:05:30Z').value,
      deskHealth([failing], '2026-05-04T18:05:30Z').value,
    ]) {
      expect(out).toContain('data-poll-state="failing"');
      expect(out).toContain('(3 polls in a row)');
      expect(out).toContain('data-game-file-error');
      expect(out).not.toContain('<img');
      expect(out).toContain('&lt;img src&#61;x onerror&#61;alert(1)&gt;');
      expect(out).toContain('data-countdown="2026-05-04T18:06:00Z"');
    }
  });

  it('issue 31: an alert channel whose sends fail is said on the desk page in words, escaped; a working one is not', () => {
    const out = deskHealth([], '2026-05-04T18:05:30Z', [
      {
        name: 'discord',
        sent: 2,
        failing: { message: `discord.com answered ${HOSTILE}`, at: '2026-05-04T18:05:00Z', tries: 3 },
      },
      { name: 'email', sent: 4, failing: null },
    ]).value;
    expect(out).toContain('data-alert-channel="discord"');
    expect(out).toContain('Alerts by discord are not getting through</strong> (3 tries)');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('data-alert-channel="email"');
  });

  it('a healthy game says its last good read and next read; the desk page lists only games in trouble', () => {
    const ok = game({ poll: { lastGoodAt: '2026-05-04T18:00:00Z', failures: 0, lastError: null, nextAt: null } });
    const out = gameHealth(ok, '2026-05-04T18:00:30Z').value;
    expect(out).toContain('data-poll-state="ok"');
    expect(out).toMatch(/last good read .*next read soon/);
    expect(deskHealth([ok], '2026-05-04T18:00:30Z').value).not.toContain('data-poll-state');
  });

  it('says how often the thread is read now and why (decision 0015: a quiet thread is read less often)', () => {
    const at = (seconds: number, reason: 'active' | 'quiet' | 'event-near') =>
      gameHealth(
        game({
          poll: {
            lastGoodAt: '2026-05-04T18:00:00Z',
            failures: 0,
            lastError: null,
            nextAt: '2026-05-04T18:15:00Z',
            interval: { seconds, reason },
          },
        }),
        '2026-05-04T18:00:30Z',
      ).value;
    expect(at(900, 'quiet')).toMatch(/next read in .*\(every 15 min while the thread is quiet\)/);
    expect(at(300, 'active')).toContain('(every 5 min)');
    expect(at(30, 'event-near')).toContain('(every 30 s: a deadline or a timed event is near)');
    expect(at(2.5, 'event-near')).toContain('data-poll-interval="event-near"');
  });
});
