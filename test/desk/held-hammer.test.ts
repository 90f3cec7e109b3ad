import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadGameFile } from '../../src/app/load-game-file.js';
import type { StateJson } from '../../src/domain/state.js';
import { at, GUESS_AT, heldDay, PLAYERS } from '../helpers/held-day.js';
import { runMain } from '../helpers/run-main.js';
import { smallGame } from '../web/games.js';
import { openWatchDesk } from '../web/watch-desk.js';

// Never end a day on a doubt (issue 28 item 2), through `moddesk state` and through the desk `watch` runs: the
// shape of a real Day 1 ended by a counter on a one-edit guess as the seventh, hammering vote (invented names).
// R-V3 (majority), R-P5 (a day ends at the deciding post), docs/readings.md N8 (a near spelling is doubtful).

const heldFlag = (s: StateJson) => s.flags.filter((f) => f.code === 'hammer-needs-ruling');

describe('moddesk state: a one-edit guess as the majority vote waits for the ruling in the game file', () => {
  let dir: string;
  const state = async (events: unknown[]): Promise<StateJson> => {
    writeFileSync(join(dir, 'game.yaml'), stringify({ ...smallGame(PLAYERS), events }));
    const r = await runMain([
      'state',
      '--game',
      join(dir, 'game.yaml'),
      '--posts',
      join(dir, 'posts.jsonl'),
      '--at',
      at(60),
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    return JSON.parse(r.out) as StateJson;
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'moddesk-held-hammer-'));
    writeFileSync(
      join(dir, 'posts.jsonl'),
      heldDay()
        .map((p) => `${JSON.stringify(p)}\n`)
        .join(''),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('R-V3/R-P5: no ruling: the day stays open, the flag says who, what, as whom, and that the day would end', async () => {
    const s = await state([]);
    expect(s).toMatchObject({ machine: 'day.open', phase: { name: 'D1', endedAt: null }, eliminations: [] });
    expect(heldFlag(s)).toMatchObject([{ postId: 'p7', actor: 'Kit', argument: 'Pr77er', reading: 'Pre77er' }]);
    expect(heldFlag(s)[0]?.message).toContain('would end D1 with 7 of 7 votes');
  });

  it('R-P5: a "count it" ruling ends the day at that post; a "not" ruling leaves it open with the vote uncounted', async () => {
    const counted = await state([{ post: 'p7', vote: 'Pre77er', note: 'count it' }]);
    expect(counted).toMatchObject({ phase: { endedAt: GUESS_AT, endReason: 'threshold' } });
    expect(counted.eliminations).toMatchObject([{ name: 'Pre77er', cause: 'lynch', at: GUESS_AT }]);
    expect(heldFlag(counted)).toEqual([]);
    const not = await state([{ post: 'p7', ignore: true }]);
    expect(not).toMatchObject({ machine: 'day.open', phase: { endedAt: null } });
    expect(not.votes.wagons).toMatchObject([{ target: 'Pre77er', count: 6 }]);
    expect(heldFlag(not)).toEqual([]);
  });
});

describe('the desk (LiveDesk, as watch runs it): the held hammer, ruled from its flag into the game file', () => {
  it('R-P5: the flag is open, "count it" ends the day at that post and is written to the game file; undo reopens it', async () => {
    const h = await openWatchDesk(smallGame(PLAYERS), heldDay());
    try {
      const open = await h.desk.state(h.id);
      expect(open.phase).toMatchObject({ name: 'D1', endedAt: null });
      const flag = (await h.desk.flags(h.id)).find((f) => f.code === 'hammer-needs-ruling');
      expect(flag).toMatchObject({ status: 'open', postId: 'p7', reading: 'Pre77er' });
      // "Accept as read" on a held hammer is counting it: written as a vote ruling, so a replay agrees.
      await h.desk.rule(h.id, { kind: 'accept', flagId: flag!.id });
      const ended = await h.desk.state(h.id);
      expect(ended.phase).toMatchObject({ endedAt: GUESS_AT, endReason: 'threshold' });
      expect(ended.eliminations).toMatchObject([{ name: 'Pre77er', cause: 'lynch' }]);
      expect(loadGameFile(h.gameFile).events).toContainEqual(expect.objectContaining({ post: 'p7', vote: 'Pre77er' }));
      expect((await h.desk.flags(h.id)).find((f) => f.id === flag!.id)?.status).toBe('ruled');
      // The file alone replays to the same day end: moddesk state over it agrees with the desk.
      const posts = join(dirname(h.gameFile), 'posts.jsonl');
      const cli = await runMain(['state', '--game', h.gameFile, '--posts', posts, '--at', at(60)]);
      expect(JSON.parse(cli.out)).toMatchObject({ phase: { endedAt: GUESS_AT }, eliminations: [{ name: 'Pre77er' }] });
      await h.desk.undoRuling(h.id, flag!.id);
      expect((await h.desk.state(h.id)).phase).toMatchObject({ endedAt: null });
      expect(readFileSync(h.gameFile, 'utf8')).not.toContain('Pre77er, note');
      expect((await h.desk.flags(h.id)).find((f) => f.id === flag!.id)?.status).toBe('open');
    } finally {
      await h.close();
    }
  }, 60_000);

  it('"not" (ignore the post) leaves the vote uncounted and the day open, in the game file', async () => {
    const h = await openWatchDesk(smallGame(PLAYERS), heldDay());
    try {
      await h.desk.rule(h.id, { kind: 'ignore', postId: 'p7' });
      const s = await h.desk.state(h.id);
      expect(s.phase).toMatchObject({ endedAt: null });
      expect(s.votes.wagons).toMatchObject([{ target: 'Pre77er', count: 6 }]);
      expect(loadGameFile(h.gameFile).events).toContainEqual(expect.objectContaining({ post: 'p7', ignore: true }));
      expect((await h.desk.flags(h.id)).find((f) => f.code === 'hammer-needs-ruling')?.status).toBe('ignored');
    } finally {
      await h.close();
    }
  }, 60_000);
});
