import { afterAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/domain/post.js';
import { hasFlipPlaceholder } from '../../src/reporter/flip.js';
import { atHour as at, post, smallGame } from '../web/games.js';
import { openWatchDesk, type WatchDesk } from '../web/watch-desk.js';

// Issue 32, M3 (rules-vanilla V-P1: the lynched player's flip): a game file written by `init` gives no roles. The
// day-end draft says "[flip: ?]" where the role goes, never a sentence only moddesk understands, and it cannot be
// approved (nor approved by the config's autoApprove) until the moderator fills it in. The game is on a phpBB thread:
// BBCode writes a name's brackets fullwidth, and the placeholder, once written so, slipped past the approval check.
const NAMES = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve'];
const GAME = smallGame(NAMES, { players: NAMES.map((name) => ({ name })) });
const VOTES: Post[] = [
  post('Alice', at(1), { action: 'Vote: Bob' }),
  post('Cleo', at(2), { action: 'Vote: Bob' }),
  post('Dan', at(3), { action: 'Vote: Bob' }),
];

describe('a flip the game file does not give is a placeholder the moderator must fill (issue 32, M3)', () => {
  let t: WatchDesk | undefined;
  afterAll(() => t?.close());

  it('the day-end draft says [flip: ?], is not approved until it is filled, then is', async () => {
    // The desk is running before the day starts (nothing is skipped as history).
    t = await openWatchDesk(GAME, VOTES, { at: Date.parse(at(-1)), config: { autoApprove: ['day-end'] } });
    t.clock.set(Date.parse(at(4)));
    await t.running.watcher.pollAll();
    const dayEnd = t.running.store.drafts.list(t.id).find((d) => d.kind === 'day-end');
    expect(dayEnd?.text).toContain('was lynched');
    expect(dayEnd!.text).toContain('[flip: ?]');
    expect(dayEnd!.text).not.toMatch(/game file/);
    expect(dayEnd!.status, 'autoApprove waits for the flip').toBe('pending');
    await expect(t.desk.approveDraft(t.id, dayEnd!.id, { confirm: true })).rejects.toThrow(/still says \[flip: \?\]/);
    await t.desk.editDraft(t.id, dayEnd!.id, dayEnd!.text.replace('[flip: ?]', 'Mafia Goon'));
    const approved = await t.desk.approveDraft(t.id, dayEnd!.id, { confirm: true });
    expect(['approved', 'posted']).toContain(approved.draft.status);
    expect(approved.draft.text).toContain('Mafia Goon');
  });

  it('the placeholder is found however the markup or the moderator wrote its brackets', () => {
    for (const text of ['They were [b][flip: ?][/b].', 'They were **\\[flip: ?\\]**.', 'They were ［flip: ?］.'])
      expect(hasFlipPlaceholder(text), text).toBe(true);
    expect(hasFlipPlaceholder('They were [b]Mafia Goon[/b].')).toBe(false);
  });
});
