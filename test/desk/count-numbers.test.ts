import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../../src/app/app-config.js';
import { type RunningDesk, runDesk } from '../../src/app/run-desk.js';
import type { Post } from '../../src/domain/post.js';
import { TestClock } from '../web/desk.js';
import { post } from '../web/games.js';

// Issue 32, M2 and m4 (house rule H-VC4: the moderator's own count posts). Joining a game already running: the
// moderator posted `Votecount 1.01` by hand. The desk's first read drafts no "Day 1 begins" (the day started before
// it), one count for the day (not a burst of superseded ones), numbered after the moderator's: 1.02. Approved, the
// next count is 1.03, and a count superseded before anyone approved it leaves its number to the one replacing it.
const GAME_YAML = `ruleset: vanilla
title: Harbour Town
moderator: Mod
thread: { platform: file, url: posts.jsonl }
players:
  - { name: Alice }
  - { name: Bob }
  - { name: Cleo }
  - { name: Dan }
  - { name: Eve }
  - { name: Finn }
  - { name: Gus }
phases:
  - { name: D1, start: "2026-05-04T18:00:00Z", deadline: "2026-05-09T18:00:00Z" }
`;
const at = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');
const HISTORY: Post[] = [
  post('Alice', at(1), { action: 'Vote: Bob' }),
  post('Cleo', at(2), { action: 'Vote: Dan' }),
  post('Dan', at(3), { action: 'Vote: Bob' }),
  post('Eve', at(4), { action: 'Vote: Cleo' }),
  post('Mod', at(5), { html: '<p><strong>Votecount 1.01</strong></p><p>Bob (2): Alice, Dan</p>' }),
  post('Finn', at(6), { action: 'Vote: Dan' }),
  post('Gus', at(7), { action: 'Vote: Eve' }),
];

describe('count numbers follow the thread and the desk; a desk joining mid-day drafts no history (issue 32, M2, m4)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'moddesk-count-numbers-'));
  const gameFile = join(dir, 'game.yaml');
  const posts = join(dir, 'posts.jsonl');
  writeFileSync(gameFile, GAME_YAML);
  writeFileSync(posts, HISTORY.map((p) => `${JSON.stringify(p)}\n`).join(''));
  const clock = new TestClock(Date.parse(at(30)), 0);
  let desk: RunningDesk;
  afterAll(async () => {
    await desk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const drafts = () => desk.store.drafts.list('harbour');
  const pendingCount = () => drafts().filter((d) => d.kind === 'vote-count' && d.status === 'pending');
  const title = (text: string) => /Vote ?Count [\d.]+/i.exec(text)?.[0];
  async function vote(author: string, target: string, h: number): Promise<void> {
    appendFileSync(posts, `${JSON.stringify(post(author, at(h), { action: `Vote: ${target}` }))}\n`);
    clock.set(Date.parse(at(h)) + 60_000);
    await desk.watcher.pollAll();
  }

  it('joins at 1.02, then 1.03 after an approval; a superseded count uses no number', async () => {
    const config = appConfigSchema.parse({
      database: join(dir, 'moddesk.db'),
      games: [{ file: gameFile, id: 'harbour' }],
      poll: { intervalSeconds: 1, nearSeconds: 1, minSeconds: 0, debounceMinutes: 10 },
    });
    desk = await runDesk({ config, clock, env: {}, log: pino({ level: 'silent' }), dashboard: false });
    await desk.watcher.pollAll();
    expect(
      drafts().filter((d) => d.kind === 'day-start'),
      'no "Day 1 begins": it began before the first read',
    ).toEqual([]);
    expect(
      drafts().filter((d) => d.kind === 'vote-count'),
      'one count for the day, no superseded burst',
    ).toHaveLength(1);
    const [first] = pendingCount();
    expect(title(first!.text)).toBe('Vote Count 1.02');
    expect(first!.number).toBe(2);

    const approved = await desk.watcher.desk.approveDraft('harbour', first!.id, { confirm: true });
    expect(['approved', 'posted']).toContain(approved.draft.status);
    expect(title(approved.draft.text)).toBe('Vote Count 1.02');

    await vote('Bob', 'Eve', 31);
    clock.set(Date.parse(at(32)));
    await desk.watcher.pollAll();
    const [second] = pendingCount();
    expect(title(second!.text)).toBe('Vote Count 1.03');

    await vote('Cleo', 'Eve', 33);
    clock.set(Date.parse(at(34)));
    await desk.watcher.pollAll();
    const [third] = pendingCount();
    expect(third!.id).not.toBe(second!.id);
    expect(drafts().find((d) => d.id === second!.id)!.status).toBe('superseded');
    expect(title(third!.text), 'nobody saw 1.03: the count replacing it is 1.03').toBe('Vote Count 1.03');
  });
});
