// biome-ignore lint/style/noRestrictedImports: tests read the shared real-game corpus; the parser itself does no I/O.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractActions } from './extract-actions.js';
import { buildNameIndex, resolveName } from './resolve-name.js';

/**
 * A quality check of the parser and the name ladder on real games: a naive replay (last vote wins,
 * votes for dead or unknown players not applied, mod posts skipped) compared with every vote count the
 * moderators posted (eval-data/mafiascum-donbot/games/<thread>/expected.json). The real engine does more
 * (mid-day deaths, hammers); the misses that remain are the moderators’ own judgment calls (hydra
 * posts, a vote the mod declined, `Dramonerx`) or their slips, read one by one when this was written.
 */
const DONBOT = new URL('../../../shared/eval-data/mafiascum-donbot/games/', import.meta.url);

interface Expected {
  moderator: string | string[];
  slots: { key: string; names: string[] }[];
  days: {
    day: number;
    start: { number: number };
    alive: string[];
    voteCounts: {
      post: { number: number };
      through: { number: number };
      wagons: { target: string; voters: string[] }[];
      noLynch: { voters: string[] } | null;
    }[];
  }[];
}

interface Post {
  author: string;
  html: string;
  number: number;
}

const NO_LYNCH = '(no lynch)';

function replayGame(thread: string): { matched: number; compared: number; first: boolean } {
  const posts = readFileSync(new URL(`${thread}/posts.jsonl`, DONBOT), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Post);
  const expected = JSON.parse(readFileSync(new URL(`${thread}/expected.json`, DONBOT), 'utf8')) as Expected;
  const mods = new Set([expected.moderator].flat().map((m) => m.toLowerCase()));
  const slotOf = new Map<string, string>();
  expected.slots.forEach((s) => {
    for (const n of s.names) slotOf.set(n.toLowerCase(), s.key);
  });
  const index = buildNameIndex(
    expected.slots.flatMap((s, slot) => s.names.map((name) => ({ slot, name, isAlias: false }))),
  );
  const parsed = posts.map((p) => extractActions(p.html, { syntax: ['bold', 'tag'], channel: 'thread' }));
  let matched = 0;
  let compared = 0;
  let first = false;
  for (const day of expected.days) {
    const alive = new Set(day.alive);
    for (const count of day.voteCounts) {
      const votes = new Map<string, string>();
      posts.forEach((post, i) => {
        if (post.number < day.start.number || post.number > count.through.number) return;
        const voter = slotOf.get(post.author.toLowerCase());
        if (mods.has(post.author.toLowerCase()) || !voter || !alive.has(voter)) return;
        for (const action of parsed[i]?.actions ?? []) {
          if (action.kind === 'unvote') votes.delete(voter);
          if (action.kind !== 'vote') continue;
          const match = resolveName(action.argument ?? '', index);
          if (action.noLynch || match.kind === 'no-lynch') votes.set(voter, NO_LYNCH);
          else if (match.kind === 'player') {
            const target = expected.slots[match.slot]?.key ?? '';
            if (alive.has(target)) votes.set(voter, target);
          }
        }
      });
      const got = wagons([...votes].map(([voter, target]) => ({ target, voter })));
      const want = wagons([
        ...count.wagons.flatMap((w) => w.voters.map((voter) => ({ target: w.target, voter }))),
        ...(count.noLynch?.voters ?? []).map((voter) => ({ target: NO_LYNCH, voter })),
      ]);
      compared += 1;
      if (got === want) {
        matched += 1;
        if (compared === 1) first = true;
      }
    }
  }
  return { matched, compared, first };
}

function wagons(votes: { target: string; voter: string }[]): string {
  const by = new Map<string, string[]>();
  for (const v of votes) by.set(v.target, [...(by.get(v.target) ?? []), v.voter]);
  return [...by]
    .map(([t, vs]) => `${t}: ${vs.sort().join(', ')}`)
    .sort()
    .join(' | ');
}

describe('real moderators’ vote counts, replayed naively from the parsed actions', () => {
  it('15787 (bold and tag votes, many quoted, `Unovte; Vote: Substrike`): VC 1.01 exactly, and 33 of 34 counts', () => {
    const r = replayGame('15787');
    expect(r.first).toBe(true);
    expect(r.matched).toBeGreaterThanOrEqual(33);
  });

  it('15783 (misspelt names, `/vote`): 41 of 44 counts', () => {
    expect(replayGame('15783').matched).toBeGreaterThanOrEqual(41);
  });

  it('71047 (modern quote markup, `VOTE: unvote`, `matt`, `IASW`): 28 of 30 counts', () => {
    expect(replayGame('71047').matched).toBeGreaterThanOrEqual(28);
  });

  it('all six games: at least 118 of 139 counts', () => {
    const total = ['15787', '15783', '58383', '17143', '71047', '16214']
      .map(replayGame)
      .reduce((a, r) => ({ matched: a.matched + r.matched, compared: a.compared + r.compared }), {
        matched: 0,
        compared: 0,
      });
    expect(total.compared).toBe(139);
    expect(total.matched).toBeGreaterThanOrEqual(118);
  });
});
