import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { advancePlan, initialPlan } from '../../src/app/drafts/plan.js';
import type { GameFile } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { root, scenarioCases } from '../helpers/game-cases.js';

// The planner's house rules: a player's request queues a fresh count with the game's cooldown (H-CR1), a planned
// count says what changed since the last count (H-VC1), a prod PM is drafted where the platform has PMs (H-AC2).
const cases = new Map(scenarioCases(join(root, 'test', 'scenarios')).map((c) => [c.name, c]));
const DAY = 24 * 3_600_000;

function plan(game: GameFile, posts: Post[], debounceMs = 3 * DAY) {
  const start = Date.parse(game.phases[0]!.start) - 1;
  const end = Date.parse(game.phases[0]!.deadline!) - 1;
  return advancePlan({ game, posts, parse: extractActions, format: 'text', debounceMs }, initialPlan(start), end)
    .drafts;
}

const at = (h: number, m = 0) =>
  new Date(Date.parse('2026-03-02T00:00:00Z') + h * 3_600_000 + m * 60_000).toISOString();
const post = (id: string, author: string, createdAt: string, html: string): Post => ({
  id,
  author,
  createdAt: createdAt.replace('.000Z', 'Z'),
  editedAt: null,
  html,
  channel: 'thread',
});

describe('players asking for a count (H-CR1)', () => {
  const base = cases.get('house-h-cr1-count-request')!;
  const posts = [
    post('q1', 'Ava', at(1), '<b>Vote: Eli</b>'),
    post('q2', 'Bea', at(2), '<b>VC please</b>'),
    post('q3', 'Cid', at(2, 10), '<b>votecount?</b>'),
    post('q4', 'Dot', at(2, 20), '<b>@mod vote count please</b>'),
    post('q5', 'Ava', at(5), '<b>Vote count</b> Eli (1): Ava'),
    post('q6', 'Eli', at(6), '<b>Can we get a vote count?</b>'),
  ];
  const game = (options: GameFile['options']) => ({ ...base.game, options: { ...base.game.options, ...options } });
  const countTimes = (g: GameFile) =>
    plan(g, posts)
      .filter((d) => d.kind === 'vote-count')
      .map((d) => new Date(d.at).toISOString());

  it('drafts a count at a request, one more at the end of the cooldown for those in it, none for a bare heading', () => {
    expect(countTimes(game({ countRequestCooldown: 30 }))).toEqual([at(2), at(2, 30), at(6)]);
  });

  it('the cooldown is per game', () => {
    expect(countTimes(game({ countRequestCooldown: 0 }))).toEqual([at(2), at(2, 10), at(2, 20), at(6)]);
    expect(countTimes(game({ countRequestCooldown: 300 }))).toEqual([at(2), at(7)]);
  });

  it('countRequests: false drafts nothing for them', () => {
    expect(countTimes(game({ countRequests: false }))).toEqual([]);
  });
});

describe('a planned count says what changed since the last count (H-VC1)', () => {
  it("since the moderator's count post, then since the planner's own count", () => {
    const c = cases.get('house-h-vc1-changes-since-last-count')!;
    const counts = plan(c.game, c.posts, 30 * 60_000).filter((d) => d.kind === 'vote-count');
    const last = counts.at(-1)!;
    expect(last.text).toContain('No changes since the last count.');
    expect(counts.at(-2)!.text).toContain('Changes since the last count:\nDot: Jo_Bo* → no vote');
    expect(counts[3]!.text).toContain('Changes since the last count (#5):\nCid: Bea → Dot\n');
    const first = counts[0]!;
    expect(first.text).toContain('Changes since the day started:\nAva: no vote → Bea');
    expect(counts[1]!.text).toMatch(/Changes since the last count:\nCid: no vote → Bea\n/);
  });
});

describe('prod PMs (H-AC2)', () => {
  const c = cases.get('house-h-ac2-prod-deadline')!;
  const on = (platform: 'reddit' | 'file') => ({ ...c.game, thread: { platform, url: 'x' } });

  it('are drafted to each player past their prod time where the platform has PMs', () => {
    const prods = plan(on('reddit'), c.posts).filter((d) => d.kind === 'prod');
    expect(prods.map((d) => [d.to, new Date(d.at).toISOString()])).toEqual(
      [
        ['Cid', at(6)],
        ['Dot', at(6)],
        ['Eli', at(6)],
        ['Ava', at(7)],
        ['Bea', at(11)],
        ['Cid', at(12)],
        ['Dot', at(12)],
        ['Eli', at(12)],
      ].slice(0, 5),
    );
    expect(prods[0]!.text).toMatch(
      /^Hi Cid,\n\nyou have not posted in the thread .* for 6 hours \(since the day started\)/,
    );
  });

  it('the count drafts list posts per player today with countActivity (H-AC1)', () => {
    const game = { ...c.game, options: { ...c.game.options, countActivity: true } };
    const posts = [...c.posts, post('v1', 'Cid', at(9), '<b>Vote: Eli</b>')];
    const counts = plan(game, posts, 30 * 60_000).filter((d) => d.kind === 'vote-count');
    expect(counts.map((d) => d.text.match(/\nPosts today: .*\n/)?.[0])).toEqual([
      '\nPosts today: Ava 1, Bea 1, Cid 1, Dot 0, Eli 0\n',
    ]);
  });

  it('are only flags where it has none', () => {
    expect(plan(on('file'), c.posts).filter((d) => d.kind === 'prod')).toEqual([]);
  });
});
