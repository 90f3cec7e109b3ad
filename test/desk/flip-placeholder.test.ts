import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../../src/app/app-config.js';
import { type RunningDesk, runDesk } from '../../src/app/run-desk.js';
import type { Post } from '../../src/domain/post.js';
import { TestClock } from '../web/desk.js';
import { post } from '../web/games.js';

// Issue 32, M3 (rules-vanilla V-P1: the lynched player's flip): a game file written by `init` gives no roles. The
// day-end draft says "[flip: ?]" where the role goes, never a sentence only moddesk understands, and it cannot be
// approved (nor approved by the config's autoApprove) until the moderator fills it in.
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
phases:
  - { name: D1, start: "2026-05-04T18:00:00Z", deadline: "2026-05-09T18:00:00Z" }
`;
const at = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');
const VOTES: Post[] = [
  post('Alice', at(1), { action: 'Vote: Bob' }),
  post('Cleo', at(2), { action: 'Vote: Bob' }),
  post('Dan', at(3), { action: 'Vote: Bob' }),
];

describe('a flip the game file does not give is a placeholder the moderator must fill (issue 32, M3)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'moddesk-flip-'));
  let desk: RunningDesk;
  afterAll(async () => {
    await desk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the day-end draft says [flip: ?], is not approved until it is filled, then is', async () => {
    const gameFile = join(dir, 'game.yaml');
    writeFileSync(gameFile, GAME_YAML);
    writeFileSync(join(dir, 'posts.jsonl'), VOTES.map((p) => `${JSON.stringify(p)}\n`).join(''));
    const config = appConfigSchema.parse({
      database: join(dir, 'moddesk.db'),
      games: [{ file: gameFile, id: 'harbour' }],
      poll: { intervalSeconds: 1, nearSeconds: 1, minSeconds: 0, debounceMinutes: 0 },
      autoApprove: ['day-end'],
    });
    // The desk is running before the day starts (nothing is skipped as history).
    const clock = new TestClock(Date.parse(at(-1)), 0);
    desk = await runDesk({ config, clock, env: {}, log: pino({ level: 'silent' }), dashboard: false });
    await desk.watcher.pollAll();
    clock.set(Date.parse(at(4)));
    await desk.watcher.pollAll();
    const dayEnd = desk.store.drafts.list('harbour').find((d) => d.kind === 'day-end');
    expect(dayEnd?.text).toContain('was lynched');
    expect(dayEnd!.text).toContain('[flip: ?]');
    expect(dayEnd!.text).not.toMatch(/game file/);
    expect(dayEnd!.status, 'autoApprove waits for the flip').toBe('pending');
    await expect(desk.watcher.desk.approveDraft('harbour', dayEnd!.id, { confirm: true })).rejects.toThrow(
      /still says \[flip: \?\]/,
    );
    await desk.watcher.desk.editDraft('harbour', dayEnd!.id, dayEnd!.text.replace('[flip: ?]', 'Mafia Goon'));
    const approved = await desk.watcher.desk.approveDraft('harbour', dayEnd!.id, { confirm: true });
    expect(['approved', 'posted']).toContain(approved.draft.status);
    expect(approved.draft.text).toContain('Mafia Goon');
  });
});
