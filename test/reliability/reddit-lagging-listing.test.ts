import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/app/clock.js';
import type { ForumFault } from '../../src/app/demo/local-forum.js';
import { SETTLE_MS } from '../../src/app/draft-actions.js';
import { HOUR } from '../../src/domain/time.js';
import { startDesk, tempDir } from '../desk/helpers.js';

/**
 * Issue 32 item 7 (invariant 6): Reddit takes the day-end reply, answers 502, and neither the account's comment
 * listing nor the thread shows the new comment for 20 s. The sink's one look after the failure misses it; the
 * desk must not post again until a read of the thread from after the try settles it, and then it finds it.
 */
const LAG_MS = 20_000;

describe('Reddit: the reply taken, a 502, listings that lag 20 s: the day-end post appears once', () => {
  const tmp = tempDir('moddesk-reddit-lag-');
  const clock = new FakeClock(Date.parse('2026-03-02T00:00:00Z') - 30 * 60_000);
  let desk: Awaited<ReturnType<typeof startDesk>>;
  /** The moderator's comments the forum has taken but does not show yet, with when it took them. */
  const held: { c: unknown; at: number }[] = [];
  let fault: ForumFault | null = null;

  beforeAll(async () => {
    desk = await startDesk({
      dir: tmp.dir,
      clock,
      lastVersions: true,
      fault: ({ method, path }) => {
        // Every request first sees what has waited out the lag.
        for (let i = held.length - 1; i >= 0; i--)
          if (clock.now() - held[i]!.at >= LAG_MS) Array.prototype.push.call(shown, held.splice(i, 1)[0]!.c);
        if (method === 'POST' && path.endsWith('/api/comment') && fault) {
          const f = fault;
          fault = null;
          return f;
        }
        return null;
      },
    });
    // The forum's own list of the moderator's comments: a new one is held back LAG_MS before either listing shows it.
    const forum = desk.forum as unknown as { modComments: unknown[] };
    const shown = forum.modComments;
    shown.push = (...cs: unknown[]) => {
      for (const c of cs) held.push({ c, at: clock.now() });
      return shown.length;
    };
    while (!(await desk.desk.drafts('demo')).some((d) => d.kind === 'day-end' && d.status === 'pending')) {
      clock.advance(3 * HOUR);
      await desk.watcher.pollAll();
    }
  }, 120_000);

  afterAll(async () => {
    await desk.close();
    tmp.remove();
  });

  const copies = (key: string) => desk.forum.posted.filter((p) => p.text.includes(`moddesk: ${key}`)).length;

  it('the click reports the unknown fate; the desk waits for its reads, finds the comment and never posts again', async () => {
    const dayEnd = (await desk.desk.drafts('demo')).find((d) => d.kind === 'day-end' && d.status === 'pending')!;
    const key = `demo-${dayEnd.id}`;
    fault = { status: 502, after: true };
    await expect(desk.desk.approveDraft('demo', dayEnd.id)).rejects.toThrow(/502/);
    expect(copies(key), 'taken once').toBe(1);
    let draft = (await desk.desk.drafts('demo')).find((d) => d.id === dayEnd.id)!;
    expect(draft.status).toBe('approved');
    expect(draft.posting?.fate).toBe('unknown');

    // 10 s later: the thread still does not show it, and the read is too early to say it is not there.
    clock.advance(10_000);
    await desk.watcher.pollAll();
    expect(copies(key), 'nothing posted while the fate is unknown').toBe(1);
    draft = (await desk.desk.drafts('demo')).find((d) => d.id === dayEnd.id)!;
    expect(draft.status).toBe('approved');
    expect(draft.posting?.fate).toBe('unknown');
    expect(draft.posting?.nextAt).toBe(draft.posting!.endedAt! + SETTLE_MS);

    // Past the lag: the desk's read of the thread has it; the draft is posted, with that comment as its receipt.
    clock.advance(LAG_MS);
    await desk.watcher.pollAll();
    draft = (await desk.desk.drafts('demo')).find((d) => d.id === dayEnd.id)!;
    expect(draft.status).toBe('posted');
    expect(draft.posted?.id).toMatch(/^z/);
    clock.advance(SETTLE_MS * 2);
    await desk.watcher.pollAll();
    expect(copies(key), 'the day-end post once').toBe(1);
  }, 60_000);
});
