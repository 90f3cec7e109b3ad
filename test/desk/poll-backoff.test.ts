import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../../src/app/app-config.js';
import { FakeClock } from '../../src/app/clock.js';
import { LocalForum, localThreadUrl } from '../../src/app/demo/local-forum.js';
import { Watcher } from '../../src/app/watcher.js';
import { formatInstant, HOUR } from '../../src/domain/time.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { Store } from '../../src/storage/store.js';
import { post as writtenPost } from '../web/games.js';
import { tempDir } from './helpers.js';

// Decision 0015: a quiet game is polled less and less often, and a new post (or the moderator's act) brings it
// back to the base interval. The desk's own loop runs against a real local forum on 127.0.0.1; only its sleeps are
// driven by the test (each one moves the fake clock by what the loop asked for), so no assertion is timed.
const NOW = Date.parse('2026-05-04T18:00:00Z');
const PLAYERS = ['Ava', 'Bea', 'Cid', 'Dot', 'Eve'];
const post = (id: string, author: string, at: number, html: string) =>
  writtenPost(author, formatInstant(at), { id, html });

interface Sleep {
  ms: number;
  signal: AbortSignal;
  done(): void;
}

describe('the watch loop backs off a quiet thread and snaps back (real forum on 127.0.0.1)', () => {
  const tmp = tempDir();
  const clock = new FakeClock(NOW);
  let forum: LocalForum;
  let store: Store;
  let watcher: Watcher;
  const sleeps: Sleep[] = [];
  let asked: (() => void) | null = null;
  let lastPollNew = 0;

  /** The loop's next sleep, once it asks for one. */
  async function nextSleep(): Promise<Sleep> {
    while (sleeps.length === 0) await new Promise<void>((r) => (asked = r));
    return sleeps.shift()!;
  }
  /** Lets the loop's sleep run out: the clock moves by what it asked for. */
  function wakeUp(s: Sleep): void {
    clock.advance(s.ms);
    s.done();
  }

  beforeAll(async () => {
    const history = PLAYERS.map((p, k) => post(`h${k}`, p, NOW - 5_000 + k * 1000, '<p>Morning.</p>'));
    forum = await LocalForum.start({ posts: history, clock, moderator: 'Mod', article: 'quiet1' });
    const file = join(tmp.dir, 'quiet.yaml');
    writeFileSync(
      file,
      [
        'ruleset: vanilla',
        'title: "A quiet game"',
        'moderator: Mod',
        `thread: { platform: reddit, url: "${localThreadUrl('quiet1')}" }`,
        'players:',
        ...PLAYERS.map((p) => `  - { name: ${p} }`),
        'phases:',
        `  - { name: D1, start: "${formatInstant(NOW - HOUR)}", deadline: "${formatInstant(NOW + 48 * HOUR)}" }`,
        '',
      ].join('\n'),
    );
    const config = appConfigSchema.parse({
      database: join(tmp.dir, 'moddesk.db'),
      games: [{ file, id: 'quiet' }],
      poll: { intervalSeconds: 1, nearSeconds: 1, quietMaxSeconds: 16, minSeconds: 0, debounceMinutes: 0 },
    });
    store = Store.open(config.database, extractActions);
    watcher = new Watcher({
      store,
      clock,
      log: pino({ level: 'silent' }),
      env: forum.env(),
      config,
      writeGameFile: false,
      sleep: (ms, signal) =>
        new Promise<void>((resolve) => {
          // The loop's sleeps share one signal until one is cut short: a sleep that ends leaves no listener on it.
          const done = () => {
            signal.removeEventListener('abort', done);
            resolve();
          };
          signal.addEventListener('abort', done, { once: true });
          sleeps.push({ ms, signal, done });
          asked?.();
        }),
    });
    watcher.desk.subscribe((e) => {
      if (e.type === 'poll.done') lastPollNew = e.newPosts;
    });
    watcher.open();
    watcher.start();
  });
  afterAll(async () => {
    await watcher.stop();
    store.close();
    await forum.close();
    tmp.remove();
  });

  it('a quiet thread is read less and less often, doubling step by step to the ceiling', async () => {
    const requestsBefore = forum.requests;
    const waits: number[] = [];
    let quiet = 0;
    // Ten minutes of desk time without a post.
    while (quiet < 10 * 60_000) {
      const s = await nextSleep();
      waits.push(s.ms);
      quiet += s.ms;
      wakeUp(s);
    }
    const distinct = [...new Set(waits)];
    expect(distinct).toEqual([1000, 2000, 4000, 8000, 16_000]);
    for (let i = 1; i < waits.length; i++) expect([1, 2]).toContain(waits[i]! / waits[i - 1]!);
    // At the base interval that would have been 600 polls, two requests each.
    expect(waits.length).toBeLessThan(60);
    expect(forum.requests - requestsBefore).toBeLessThanOrEqual(2 * (waits.length + 1));
    expect(watcher.runners.get('quiet')!.pollStep).toEqual({ delayMs: 16_000, reason: 'quiet' });
  });

  it('a new post is picked up by the next poll, and the interval snaps back to the base', async () => {
    const backedOff = await nextSleep();
    expect(backedOff.ms).toBe(16_000);
    forum.add(post('n1', 'Ava', clock.now() + 5_000, '<p><strong>Vote: Bea</strong></p>'));
    wakeUp(backedOff);
    const after = await nextSleep();
    expect(lastPollNew).toBe(1);
    expect(after.ms).toBe(1000);
    const runner = watcher.runners.get('quiet')!;
    expect(runner.posts.map((p) => p.id)).toContain('n1');
    expect(
      runner.ctx.day?.votes.some((v) => v?.postId === 'n1'),
      "Ava's vote is counted",
    ).toBe(true);
    const summary = (await watcher.desk.listGames())[0]!;
    expect(summary.poll?.interval).toEqual({ seconds: 1, reason: 'active' });
    wakeUp(after);
  });

  it("the moderator's act wakes a backed-off loop to the base interval", async () => {
    let s = await nextSleep();
    while (s.ms < 16_000) {
      wakeUp(s);
      s = await nextSleep();
    }
    const [draft] = (await watcher.desk.drafts('quiet')).filter((d) => d.status === 'pending');
    expect(draft, 'the vote count the new post made').toBeDefined();
    await watcher.desk.editDraft('quiet', draft!.id, `${draft!.text}\nEdited by the mod.`);
    expect(s.signal.aborted, 'the long sleep was cut short').toBe(true);
    const resumed = await nextSleep();
    expect(resumed.ms).toBeLessThanOrEqual(1000);
    expect(watcher.runners.get('quiet')!.pollStep?.reason).toBe('active');
    wakeUp(resumed);
  });
});
