import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../src/domain/post.js';
import { HOUR } from '../../src/domain/time.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { replay } from '../../src/reporter/replay.js';
import { BASE, CAST, defconGame, h } from './helpers.js';

const NAMES = CAST.map((p) => p.name);
const KINDS = ['nuke', 'abort', 'vote', 'target', 'kill', 'subnuke', 'doomsday', 'guess'] as const;

const actionArb = fc.record({
  kind: fc.constantFrom(...KINDS),
  actor: fc.integer({ min: 0, max: NAMES.length - 1 }),
  target: fc.integer({ min: 0, max: NAMES.length - 1 }),
  minute: fc.integer({ min: 0, max: 420 * 60 }),
});

type Act = typeof actionArb extends fc.Arbitrary<infer T> ? T : never;

function toPosts(actions: Act[]): Post[] {
  return [...actions]
    .sort((a, b) => a.minute - b.minute)
    .map((a, i) => {
      const actor = NAMES[a.actor] as string;
      const target = NAMES[a.target] as string;
      const pm = ['target', 'kill', 'subnuke', 'doomsday', 'guess'].includes(a.kind);
      const text = {
        nuke: `Nuke: ${target}`,
        subnuke: `Nuke: ${target}`,
        abort: `Abort: ${target}`,
        vote: `Vote: ${target}`,
        target: `Target: ${target}`,
        kill: `Kill: ${target}`,
        doomsday: `Doomsday: ${target}`,
        guess: `Guess: ${target} mafia`,
      }[a.kind];
      return {
        id: `r${String(i).padStart(4, '0')}`,
        author: actor,
        createdAt: h(a.minute / 60),
        editedAt: null,
        html: `<p><strong>${text}</strong></p>`,
        channel: pm ? 'pm' : 'thread',
      } satisfies Post;
    });
}

const game = defconGame(CAST, { options: { flightHours: 30, abortHours: 12, doomsdayHours: 20 } });
const END = 500;

describe('missile properties (fast-check)', () => {
  it('no missile lands twice; every missile ends in exactly one final state; replaying twice gives identical state', () => {
    fc.assert(
      fc.property(
        fc.array(actionArb, { maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: END }), { minLength: 3, maxLength: 8 }),
        (actions, cuts) => {
          const posts = toPosts(actions);
          const instants = [...new Set(cuts)].sort((a, b) => a - b).concat(END);
          const seen = new Map<string, string>();
          for (const hour of instants) {
            const r = replay(game, posts, { at: BASE + hour * HOUR });
            const s = toStateJson(r.context, r.at);
            for (const m of s.missiles) {
              const before = seen.get(m.id);
              if (before && before !== 'in-flight') expect(m.status).toBe(before); // a final state never changes
              seen.set(m.id, m.status);
              if (m.status === 'landed') expect(m.endedAt).toBe(m.landsAt);
              if (m.status === 'aborted')
                expect(m.abortableUntil !== null && (m.endedAt ?? '') < m.abortableUntil).toBe(true);
            }
            // Each missile death is one distinct landed missile at that target and instant.
            const landed = s.missiles.filter((m) => m.status === 'landed');
            for (const e of s.eliminations.filter((x) => x.cause === 'missile')) {
              expect(landed.some((m) => m.target === e.name && m.landsAt === e.at)).toBe(true);
            }
            const missileDeaths = s.eliminations.filter((x) => x.cause === 'missile');
            expect(new Set(missileDeaths.map((e) => e.name)).size).toBe(missileDeaths.length);
          }
          const last = replay(game, posts, { at: BASE + END * HOUR });
          expect(last.context.missiles.every((m) => m.status !== 'in-flight')).toBe(true);
          expect(last.context.timers.filter((t) => t.kind !== 'phase-started' && t.kind !== 'phase-deadline')).toEqual(
            [],
          );
          expect(replay(game, posts, { at: BASE + END * HOUR }).context).toEqual(last.context);
        },
      ),
      { numRuns: 80 },
    );
  });
});
