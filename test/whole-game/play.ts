import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { FakeClock } from '../../src/app/clock.js';
import { parseGameFile } from '../../src/app/load-game-file.js';
import { Watcher } from '../../src/app/watcher.js';
import type { DraftRecord } from '../../src/domain/draft.js';
import type { Post } from '../../src/domain/post.js';
import type { StateJson } from '../../src/domain/state.js';
import { extractActions } from '../../src/parser/extract-actions.js';
import { replayState } from '../../src/reporter/replay-state.js';
import { Store } from '../../src/storage/store.js';
import { testConfig } from '../desk/helpers.js';
import type { GameForum } from './game-forums.js';
import type { WholeGame } from './games.js';

const H = 3_600_000;
const VOTE = /Vote: /;

/** What the game's PMs and votes decide, without the platform's post ids: the state a dump of the thread gives. */
export function gameFacts(s: StateJson) {
  return {
    phase: s.phase?.name,
    players: s.players.map((p) => [p.name, p.alive, p.role, p.faction, p.cause, p.diedAt]),
    missiles: s.missiles.map((m) => [m.kind, m.launcher, m.target, m.launchedAt, m.status, m.landsAt]),
    eliminations: s.eliminations.map((e) => JSON.stringify({ ...e, postId: undefined })),
    nightResults: s.nightResults.length,
    nightActions: (s.nightActions ?? []).map((a) => [a.phase, a.actor, a.kind, a.target, a.extra]),
    result: JSON.stringify(s.result),
  };
}

/** The state `moddesk state` gives over the game's posts at its end, with the moderator's one ruling applied. */
export function expectedFacts(game: WholeGame, gameText: string, voided: Post | null) {
  const posts = game.posts.filter((p) => p !== voided);
  return gameFacts(replayState(parseGameFile(gameText, 'game.yaml'), posts, { at: game.end }));
}

export interface Played {
  drafts: DraftRecord[];
  state: StateJson;
  gameText: string;
  /** The vote the moderator ruled void, the count it had been in, and the fix that corrected it. */
  voided: Post | null;
  corrected: DraftRecord | null;
  fix: DraftRecord | null;
  confirmed: string[];
  /** Approvals the desk refused, in its words (none expected). */
  refused: string[];
}

/**
 * Plays `game` on `forum` with an in-process desk, as a moderator would: role PMs approved together, every player
 * but one answering theirs, then the game's posts and PMs put on the forum at their times while the desk
 * polls every six game hours and the moderator approves every draft it makes but the day's later counts. After the first count of a day
 * goes out, the moderator rules void a vote in it whose author votes again later that day, and corrects the count.
 */
export async function playWholeGame(game: WholeGame, forum: GameForum, dir: string): Promise<Played> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'game.yaml');
  const gameText = game.gameText(forum.platform, forum.url, forum.moderator);
  writeFileSync(file, gameText);
  const clock = new FakeClock(game.start - 12 * H);
  const store = Store.open(join(dir, 'moddesk.db'), extractActions);
  const watcher = new Watcher({
    store,
    clock,
    log: pino({ level: 'silent' }),
    env: forum.env,
    config: testConfig(dir, file),
  });
  const desk = watcher.desk;
  const refused: string[] = [];
  let voided: Post | null = null;
  let corrected: DraftRecord | null = null;
  let fix: DraftRecord | null = null;
  try {
    watcher.open();
    await watcher.pollAll();
    await desk.approveRolePms!('demo');
    await desk.rolePmsSent();
    const answering = game.players.filter((p) => p !== game.silent);
    for (const p of answering) forum.pm(p, 'confirm', clock.now() + 60_000);

    const countedDays = new Set<string>();
    const approveAll = async () => {
      for (const d of await desk.drafts('demo')) {
        if (d.status !== 'pending') continue;
        // A count a day is what this moderator posts (and the one corrected); the rest stay drafts.
        if (d.kind === 'vote-count' && countedDays.has(d.phase ?? '')) continue;
        const r = await desk.approveDraft('demo', d.id, { confirm: true }).catch((e: unknown) => e as Error);
        if (r instanceof Error) {
          refused.push(`${d.kind} ${d.id}: ${r.message}`);
          continue;
        }
        if (d.kind !== 'vote-count' || r.outcome !== 'posted') continue;
        countedDays.add(d.phase ?? '');
        const ruled = voided ? null : await voidARevote(game, watcher, r.draft);
        if (!ruled) continue;
        voided = ruled.post;
        corrected = r.draft;
        fix = await desk.correctCount!('demo', r.draft.id);
        if (fix) await desk.approveDraft('demo', fix.id);
      }
    };
    let next = 0;
    for (let t = game.start - 11 * H; t <= game.end; t += 6 * H) {
      while (next < game.posts.length && Date.parse(game.posts[next]!.createdAt) <= t) forum.put(game.posts[next++]!);
      clock.set(t);
      await watcher.pollAll();
      await approveAll();
    }
    // The last unlock's waiting edits go out with the desk's next round.
    await watcher.pollAll();
    await approveAll();
    const view = await desk.rolePms!('demo');
    return {
      drafts: await desk.drafts('demo'),
      state: await desk.state('demo'),
      gameText,
      voided,
      corrected,
      fix,
      confirmed: view.rows.filter((r) => r.confirmedAt).map((r) => r.player),
      refused,
    };
  } finally {
    await watcher.stop();
    store.close();
  }
}

/**
 * The moderator's ruling on a posted count: a vote in it (one of the game's posts, by a player who votes again
 * later the same day, after the count) is void. Returns the game's post ruled on, or null when the count has none.
 */
async function voidARevote(game: WholeGame, watcher: Watcher, count: DraftRecord) {
  const runner = watcher.runners.get('demo')!;
  const counted = runner.posts.find((p) => p.id === count.throughPost);
  if (!counted) return null;
  const through = Date.parse(counted.createdAt);
  const state = await watcher.desk.state('demo');
  const day = state.phase;
  if (!day || day.name !== count.phase) return null;
  const dayStart = Date.parse(day.startedAt);
  const threadVotes = game.posts.filter((p) => p.channel === 'thread' && VOTE.test(p.html));
  const candidate = threadVotes.find((p) => {
    const at = Date.parse(p.createdAt);
    if (at < dayStart || at > through) return false;
    return threadVotes.some((q) => q.author === p.author && Date.parse(q.createdAt) > through + H);
  });
  if (!candidate) return null;
  const onForum = runner.posts.find(
    // (Discourse shows usernames in lower case.)
    (p) =>
      p.author.toLowerCase() === candidate.author.toLowerCase() &&
      Date.parse(p.createdAt) === Date.parse(candidate.createdAt),
  );
  if (!onForum) return null;
  await watcher.desk.rule('demo', { kind: 'ignore', postId: onForum.id });
  return { post: candidate };
}
