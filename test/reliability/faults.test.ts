import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import type { ForumFault } from '../../src/app/demo/local-forum.js';
import { HOUR } from '../../src/domain/time.js';
import { startDesk, tempDir } from '../desk/helpers.js';

const T0 = Date.parse('2026-03-02T00:00:00Z') - 30 * 60_000;
const END = Date.parse('2026-03-10T00:00:00Z');
const FAULTS: ForumFault[] = [
  { status: 429, retryAfter: 0 },
  { status: 500 },
  { hang: true },
  { truncate: true },
  { status: 503 },
];

type Desk = Awaited<ReturnType<typeof startDesk>>;

/** Polls every 3 game hours from T0 to END, running `between` before each poll. */
async function play(h: Desk, clock: FakeClock, between: (poll: number) => void = () => {}) {
  let poll = 0;
  while (clock.now() < END) {
    clock.advance(3 * HOUR);
    between(poll++);
    await h.watcher.pollAll();
  }
}

const draftsOf = async (h: Desk) =>
  (await h.desk.drafts('demo')).map((d) => ({ id: d.id, kind: d.kind, status: d.status, text: d.text }));

describe('adapter faults during a watch (429, 500, 503, hangs, truncated pages)', () => {
  const ref = { tmp: tempDir(), clock: new FakeClock(T0) };
  const bad = { tmp: tempDir(), clock: new FakeClock(T0) };
  const logs: { msg: string; failures?: number }[] = [];
  let reference: Desk;
  let faulty: Desk;
  let failing = 0;
  let fault: ForumFault = FAULTS[0]!;
  let delays: { normal: number; afterFailure: number } | null = null;

  beforeAll(async () => {
    reference = await startDesk({ dir: ref.tmp.dir, clock: ref.clock, lastVersions: true });
    await play(reference, ref.clock);
    const log = pino({ level: 'info' }, { write: (s: string) => logs.push(JSON.parse(s)) });
    faulty = await startDesk({
      dir: bad.tmp.dir,
      clock: bad.clock,
      log,
      lastVersions: true,
      fault: ({ path }) => {
        if (failing <= 0 || path.startsWith('/www')) return null;
        failing -= 1;
        return fault;
      },
    });
    const runner = faulty.watcher.runners.get('demo')!;
    await play(faulty, bad.clock, (poll) => {
      // Every fifth poll meets a run of faults longer than the adapter's own retries (4 tries), so the read
      // fails and the watch loop must back off; the poll after it meets a short run the adapter rides out.
      if (poll % 5 === 1) {
        // (delays are read before poll 1 fails and after it)
        fault = FAULTS[Math.floor(poll / 5) % FAULTS.length]!;
        failing = 6;
      }
      if (poll === 1) delays = { normal: runner.nextDelay(), afterFailure: -1 };
      if (poll === 2 && delays) delays.afterFailure = runner.nextDelay();
    });
    failing = 0;
    await faulty.watcher.pollAll();
  }, 120_000);

  afterAll(async () => {
    await reference.close();
    await faulty.close();
    ref.tmp.remove();
    bad.tmp.remove();
  });

  it('loses no post: the faulty run stored exactly what the clean run stored', async () => {
    expect((await draftsOf(reference)).length).toBeGreaterThan(20);
    expect(faulty.store.posts.list('demo')).toEqual(reference.store.posts.list('demo'));
    expect(faulty.store.posts.size('demo')).toBeGreaterThan(100);
  });

  it('catches up: the same drafts as the clean run, with the same text', async () => {
    expect(await draftsOf(faulty)).toEqual(await draftsOf(reference));
  });

  it('logs each failed poll and backs off before the next', () => {
    const failed = logs.filter((l) => l.msg === 'poll failed; backing off');
    expect(failed.length).toBeGreaterThanOrEqual(4);
    expect(delays!.afterFailure).toBeGreaterThan(delays!.normal);
  });

  it('a posting whose answer is lost is not posted twice', async () => {
    const draft = (await faulty.desk.drafts('demo')).find((d) => d.status === 'pending' && d.to === null)!;
    const before = faulty.forum.posted.length;
    let once = true;
    fault = { status: 502, after: true };
    // Only the comment POST fails, after it took effect.
    failing = 0;
    const hook = (
      faulty.forum as unknown as { o: { fault: (r: { method: string; path: string }) => ForumFault | null } }
    ).o;
    const original = hook.fault;
    hook.fault = (r) => {
      if (!once || r.method !== 'POST' || !r.path.endsWith('/api/comment')) return null;
      once = false;
      return fault;
    };
    const r = await faulty.desk.approveDraft('demo', draft.id);
    hook.fault = original;
    expect(r.outcome).toBe('posted');
    expect(faulty.forum.posted.length).toBe(before + 1);
  });
});
