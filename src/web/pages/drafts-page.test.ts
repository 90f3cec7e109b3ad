import { describe, expect, it } from 'vitest';
import type { DraftRecord } from '../../app/desk.js';
import { draftsPage } from './drafts-page.js';

const HOSTILE = '<img src=x onerror=alert(1)>';
const record = (over: Partial<DraftRecord>): DraftRecord => ({
  id: 'd1',
  gameId: 'g',
  kind: 'vote-count',
  status: 'posted',
  phase: 'D1',
  number: 1,
  format: 'bbcode',
  text: '[b]Vote Count 1.1[/b]',
  to: null,
  throughPost: null,
  createdAt: '2026-05-04T18:00:00Z',
  updatedAt: '2026-05-04T18:00:00Z',
  recount: null,
  posted: { id: '1234', url: 'https://forum.example/viewtopic.php?p=1234', at: '2026-05-04T18:01:00Z' },
  supersededBy: null,
  posting: null,
  ...over,
});

/** Issue 30 items 3 and 4 on the drafts page: a posted count's correction, and what the moderator does by hand. */
describe('drafts page: corrections and work for the hand', () => {
  it('item 3b: a count moddesk posted has "Correct by an edit"; one pasted by hand (no post id) has not', () => {
    const page = draftsPage(
      'g',
      {
        pending: [],
        folds: [],
        notPosted: [],
        done: [record({}), record({ id: 'd2', posted: { id: null, url: null, at: '2026-05-04T18:01:00Z' } })],
      },
      'csrf',
      '2026-05-04T18:05:00Z',
    ).value;
    expect(page).toContain('action="/games/g/drafts/d1/correct"');
    expect(page).not.toContain('/drafts/d2/correct');
  });

  it('item 4: a lock the account may not make says so in the forum’s words and tells the moderator to lock by hand', () => {
    const lock = record({
      id: 'lock-D1',
      kind: 'lock',
      status: 'approved',
      text: 'Lock the thread: D1 is over.',
      posted: null,
      posting: {
        attempts: 1,
        fate: 'failed',
        startedAt: Date.parse('2026-05-04T18:02:00Z'),
        endedAt: Date.parse('2026-05-04T18:02:01Z'),
        error: `phpBB does not let "Mod" do this: "You are not authorised to access this area." ${HOSTILE}`,
        nextAt: null,
        stopped: true,
        byHand: true,
      },
    });
    const page = draftsPage(
      'g',
      { pending: [], folds: [], notPosted: [lock], done: [] },
      'csrf',
      '2026-05-04T18:05:00Z',
    ).value;
    expect(page).toContain('moddesk cannot do this: phpBB does not let');
    expect(page).toContain('Lock the thread by hand on the forum.');
    expect(page).not.toContain(HOSTILE);
  });

  it('item 3a: a roster edit for the hand shows the block to paste, with Copy', () => {
    const roster = record({
      id: 'roster-D2',
      kind: 'roster-edit',
      status: 'approved',
      text: '[size=85][moddesk:roster][/size]\n[b]Alive (7)[/b]\n[size=85][/moddesk:roster][/size]',
      posted: null,
      posting: {
        attempts: 1,
        fate: 'failed',
        startedAt: 0,
        endedAt: 1,
        error: 'post 1000: the post has no moddesk:roster block yet',
        nextAt: null,
        stopped: true,
        byHand: true,
      },
    });
    const page = draftsPage(
      'g',
      { pending: [], folds: [], notPosted: [roster], done: [] },
      'csrf',
      '2026-05-04T18:05:00Z',
    ).value;
    expect(page).toContain('Paste the block below into the opening post by hand');
    expect(page).toContain('id="hand-roster-D2"');
    expect(page).toContain('data-copy="hand-roster-D2"');
  });
});
