import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { openServeDesk } from '../../src/app/serve-desk.js';
import { dashboardView } from '../../src/reporter/dashboard-view.js';
import { nightPage } from '../../src/web/pages/night-page.js';
import { tempDir } from '../temp-dir.js';

// Issue 15: the night console says what became of an entry ("Night action recorded." only for an action; an entry
// turned into flags says so), and does not offer "Record for D2" by day outside DEFCON.
const dir = tempDir('moddesk-night-');
const gameFile = join(dir, 'game.yaml');
const postsFile = join(dir, 'posts.jsonl');
writeFileSync(
  gameFile,
  `ruleset: vanilla
moderator: Mod
thread: { platform: file, url: posts.jsonl }
players:
  - { name: Ava, faction: mafia }
  - { name: Bea, faction: town }
  - { name: Cid, faction: town }
  - { name: Dot, faction: town }
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-03T00:00:00Z" }
  - { name: N1, start: "2026-03-03T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
`,
);
writeFileSync(postsFile, '');

describe('the night console says what happened to an entry', () => {
  it('an action is "recorded"; an entry turned into flags is "flagged", with the flags', async () => {
    const clock = new FakeClock(Date.parse('2026-03-03T06:00:00Z'));
    const desk = await openServeDesk({ gameFile, postsFile, id: 'g', clock, log: pino({ level: 'silent' }) });
    try {
      const d = desk.watcher.desk;
      expect(await d.recordNightAction('g', { phase: 'N1', actor: 'Ava', line: 'Kill: Bea' })).toEqual({
        outcome: 'recorded',
        flags: [],
      });
      clock.advance(60_000);
      const flagged = await d.recordNightAction('g', { phase: 'N1', actor: 'Ava', line: 'Kill: Nobodyknown' });
      expect(flagged?.outcome).toBe('flagged');
      expect(flagged?.flags.length).toBeGreaterThan(0);
    } finally {
      await desk.stop();
    }
  });

  it('the night console does not offer "Record for D2" by day', async () => {
    const clock = new FakeClock(Date.parse('2026-03-02T06:00:00Z'));
    const desk = await openServeDesk({ gameFile, postsFile, id: 'g', clock, log: pino({ level: 'silent' }) });
    try {
      const state = await desk.watcher.desk.state('g');
      const page = String(
        nightPage({
          gameId: 'g',
          state,
          view: dashboardView(state),
          console: null,
          preview: null,
          csrf: 'x',
          canResolve: false,
        }),
      );
      expect(page).not.toMatch(/Record for D1/);
      expect(page).toMatch(/night actions are entered during a night/);
    } finally {
      await desk.stop();
    }
  });
});
