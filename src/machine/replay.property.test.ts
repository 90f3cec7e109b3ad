import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGameFile } from '../app/load-game-file.js';
import type { Post } from '../domain/post.js';
import { replay } from '../reporter/replay.js';
import { toStateJson } from './to-state-json.js';

const NAMES = ['Ava', 'Bea', 'Cid', 'Dot', 'Eli', 'Fay', 'Gil'];
const game = parseGameFile(
  `ruleset: vanilla
moderator: Mod
players:
${NAMES.map((n, i) => `  - { name: ${n}, faction: ${i < 2 ? 'mafia' : 'town'} }`).join('\n')}
phases:
  - { name: D1, start: "2026-03-02T00:00:00Z", deadline: "2026-03-03T00:00:00Z" }
  - { name: N1, start: "2026-03-03T00:00:00Z", deadline: "2026-03-04T00:00:00Z" }
`,
  'property.yaml',
);

const act = fc.record({
  author: fc.constantFrom(...NAMES, 'Mod', 'Zed'),
  kind: fc.constantFrom('vote', 'unvote', 'nl'),
  target: fc.constantFrom(...NAMES, 'nobody'),
  minute: fc.integer({ min: 0, max: 23 * 60 }),
});

function toPosts(acts: { author: string; kind: string; target: string; minute: number }[]): Post[] {
  return acts
    .map((a, i) => ({
      id: `p${String(i).padStart(4, '0')}`,
      author: a.author,
      createdAt: new Date(Date.parse('2026-03-02T00:00:00Z') + a.minute * 60_000).toISOString().replace('.000Z', 'Z'),
      editedAt: null,
      html: a.kind === 'unvote' ? '<b>Unvote</b>' : `<b>Vote: ${a.kind === 'nl' ? 'no lynch' : a.target}</b>`,
      channel: 'thread' as const,
    }))
    .sort((x, y) => x.createdAt.localeCompare(y.createdAt));
}

describe('replay properties (vanilla)', () => {
  it('each living player is in exactly one of: one wagon, no lynch, not voting; counts match voters', () => {
    fc.assert(
      fc.property(fc.array(act, { maxLength: 60 }), (acts) => {
        const s = toStateJson(replay(game, toPosts(acts)).context, Date.parse('2026-03-02T23:00:00Z'));
        const seen = [...s.votes.wagons.flatMap((w) => w.voters), ...s.votes.noLynch.voters, ...s.votes.notVoting];
        expect(new Set(seen).size).toBe(seen.length);
        for (const w of s.votes.wagons) expect(w.count).toBe(w.voters.length);
        const counts = s.votes.wagons.map((w) => w.count);
        expect([...counts].sort((a, b) => b - a)).toEqual(counts);
      }),
      { numRuns: 200 },
    );
  });

  it('R-V3 the day ends by threshold exactly when a wagon or no lynch reaches it', () => {
    fc.assert(
      fc.property(fc.array(act, { maxLength: 60 }), (acts) => {
        const posts = toPosts(acts);
        const s = toStateJson(replay(game, posts).context, Date.parse('2026-03-02T23:00:00Z'));
        const t = s.votes.threshold as number;
        const top = Math.max(0, ...s.votes.wagons.map((w) => w.count), s.votes.noLynch.count);
        if (s.phase?.endReason === 'threshold') expect(top).toBeGreaterThanOrEqual(t);
        else expect(top).toBeLessThan(t);
      }),
      { numRuns: 200 },
    );
  });

  it('replaying the same inputs twice gives identical state, and --through a post equals --at its instant when it is the last at that instant', () => {
    fc.assert(
      fc.property(fc.array(act, { minLength: 1, maxLength: 40 }), fc.nat(), (acts, pick) => {
        const posts = toPosts(acts);
        const a = toStateJson(replay(game, posts).context, 0);
        const b = toStateJson(replay(game, posts).context, 0);
        expect(a).toEqual(b);
        const i = pick % posts.length;
        const post = posts[i] as Post;
        const lastAtInstant = posts.filter((p) => p.createdAt === post.createdAt).at(-1) as Post;
        const through = replay(game, posts, { through: lastAtInstant.id });
        const at = replay(game, posts, { at: Date.parse(post.createdAt) });
        expect(toStateJson(through.context, through.at)).toEqual(toStateJson(at.context, at.at));
      }),
      { numRuns: 150 },
    );
  });
});
