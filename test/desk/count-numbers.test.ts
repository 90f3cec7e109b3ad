import { afterAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/domain/post.js';
import { atHour as at, post, smallGame } from '../web/games.js';
import { openWatchDesk, type WatchDesk } from '../web/watch-desk.js';

// Issue 32, M2 and m4 (house rule H-VC4: the moderator's own count posts). Joining a game already running: the
// moderator posted `Votecount 1.01` by hand. The desk's first read drafts no "Day 1 begins" (the day started before
// it), one count for the day (not a burst of superseded ones), numbered after the moderator's: 1.02. Approved, the
// next count is 1.03, and a count superseded before anyone approved it leaves its number to the one replacing it.
const NAMES = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus'];
const GAME = smallGame(NAMES, {
  title: 'Harbour Town',
  players: NAMES.map((name) => ({ name })),
  phases: [{ name: 'D1', start: at(0), deadline: at(120) }],
});
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
  let t: WatchDesk;
  afterAll(() => t?.close());
  const drafts = () => t.running.store.drafts.list(t.id);
  const pendingCount = () => drafts().filter((d) => d.kind === 'vote-count' && d.status === 'pending');
  const title = (text: string) => /Vote ?Count [\d.]+/i.exec(text)?.[0];
  async function vote(author: string, target: string, h: number): Promise<void> {
    await t.addPosts([post(author, at(h), { action: `Vote: ${target}` })]);
    t.clock.set(Date.parse(at(h)) + 60_000);
    await t.running.watcher.pollAll();
  }

  it('joins at 1.02, then 1.03 after an approval; a superseded count uses no number', async () => {
    t = await openWatchDesk(GAME, HISTORY, { at: Date.parse(at(30)), config: { poll: { debounceMinutes: 10 } } });
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

    const approved = await t.desk.approveDraft(t.id, first!.id, { confirm: true });
    expect(['approved', 'posted']).toContain(approved.draft.status);
    expect(title(approved.draft.text)).toBe('Vote Count 1.02');

    await vote('Bob', 'Eve', 31);
    t.clock.set(Date.parse(at(32)));
    await t.running.watcher.pollAll();
    const [second] = pendingCount();
    expect(title(second!.text)).toBe('Vote Count 1.03');

    await vote('Cleo', 'Eve', 33);
    t.clock.set(Date.parse(at(34)));
    await t.running.watcher.pollAll();
    const [third] = pendingCount();
    expect(third!.id).not.toBe(second!.id);
    expect(drafts().find((d) => d.id === second!.id)!.status).toBe('superseded');
    expect(title(third!.text), 'nobody saw 1.03: the count replacing it is 1.03').toBe('Vote Count 1.03');
  });
});
