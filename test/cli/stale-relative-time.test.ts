import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import { openServeDesk } from '../../src/app/serve-desk.js';
import { HOUR } from '../../src/domain/time.js';
import { tempDir } from '../temp-dir.js';

// Issue 15: no stale "(in 1 day 1 hour)" in drafts: a vote count approved later counts its time left from then.
const dir = tempDir('moddesk-stale-');
const gameFile = join(dir, 'game.yaml');
const postsFile = join(dir, 'posts.jsonl');
writeFileSync(
  gameFile,
  `ruleset: vanilla
moderator: Mod
thread: { platform: file, url: posts.jsonl }
players: [{ name: Ava }, { name: Bea }, { name: Cid }, { name: Dot }, { name: Eve }]
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-03T01:00:00Z" }
`,
);
writeFileSync(
  postsFile,
  `${JSON.stringify({ id: 'p1', author: 'Ava', createdAt: '2026-03-02T00:00:00Z', editedAt: null, html: '<b>Vote: Bea</b>', channel: 'thread' })}\n`,
);

describe('stale "(in 1 day 1 hour)" in drafts', () => {
  it('a vote count approved hours after it was drafted says the time left at approval', async () => {
    const clock = new FakeClock(Date.parse('2026-03-02T00:00:00Z'));
    const desk = await openServeDesk({ gameFile, postsFile, id: 'g', clock, log: pino({ level: 'silent' }) });
    try {
      const d = desk.watcher.desk;
      const count = (await d.drafts('g')).find((x) => x.kind === 'vote-count' && x.status === 'pending')!;
      expect(count.text).toMatch(/\(in 1 day 1 hour\)/);
      clock.advance(13 * HOUR);
      const r = await d.approveDraft('g', count.id);
      expect(r.draft.text).toMatch(/\(in 12 hours\)/);
      expect(r.draft.text).not.toMatch(/1 day 1 hour/);
    } finally {
      await desk.stop();
    }
  });
});
