import { describe, expect, it } from 'vitest';
import type { RolePmRow } from '../../app/desk.js';
import { rolePmsBlock } from './role-pms-block.js';

const row = (player: string, over: Partial<RolePmRow> = {}): RolePmRow => ({
  player,
  draftId: `role-pm-${player}`,
  status: 'pending',
  sentAt: null,
  byHand: false,
  refused: false,
  confirmedAt: null,
  confirmUrl: null,
  nudgeAt: null,
  nudge: null,
  ...over,
});

describe('issue 30/1: the role PMs box on the drafts page', () => {
  it('one button for every pending role PM; who has and has not confirmed; a name is escaped', () => {
    const html = String(
      rolePmsBlock(
        'g',
        {
          rows: [
            row('<img src=x>'),
            row('Zed', { status: 'approved', refused: true }),
            row('Bob', { status: 'posted', sentAt: '2026-01-03T18:00:00Z', nudgeAt: '2026-01-04T18:00:00Z' }),
            row('Cleo', {
              status: 'posted',
              sentAt: '2026-01-03T18:00:00Z',
              confirmedAt: '2026-01-03T19:00:00Z',
              nudgeAt: '2026-01-04T18:00:00Z',
            }),
          ],
          platform: 'phpbb',
          canSend: true,
          confirmHours: 24,
        },
        'csrf-1',
      ),
    );
    expect(html).toContain('Approve all 1 role PMs');
    expect(html).toContain('1 of 2 confirmed');
    expect(html).toMatch(/data-player="Cleo"[\s\S]*?data-confirmed="yes"/);
    expect(html).toMatch(/data-player="Bob"[\s\S]*?data-confirmed="no"/);
    expect(html).not.toContain('<img src=x>');
    expect(html).toMatch(/data-player="Zed"[\s\S]*?the forum will not take it: send it by hand/);
    expect(html).not.toContain('id="role-pms-by-hand"');
  });

  it('where the platform has no PMs (the file platform) it says so in words: each text is pasted by hand', () => {
    const html = String(
      rolePmsBlock(
        'g',
        {
          rows: [row('Alice', { status: 'posted', byHand: true, sentAt: '2026-01-03T18:00:00Z' })],
          platform: 'file',
          canSend: false,
          confirmHours: 24,
        },
        'c',
      ),
    );
    expect(html).toContain('id="role-pms-by-hand"');
    expect(html).toContain('has no private messages moddesk can send');
    expect(html).toContain('approved: paste it by hand');
    expect(html).not.toContain('approve-role-pms');
  });
});
