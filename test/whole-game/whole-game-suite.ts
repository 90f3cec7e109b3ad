import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { blockContent } from '../../src/domain/owned-block.js';
import { tempDir } from '../desk/helpers.js';
import { type GameForum, HAND_BOTTOM, HAND_TOP, type Platform, startGameForum } from './game-forums.js';
import { GAMES } from './games.js';
import { expectedFacts, gameFacts, playWholeGame } from './play.js';

/**
 * Issue 30's acceptance, one test per platform and game: a DEFCON game and a vanilla game played end to end on
 * the local fakes of phpBB, XenForo, Discourse and Reddit through the desk, with every part at once: role PMs sent
 * once and confirmed (a nudge for the one player who never answered), night actions and DEFCON's launches (a
 * Submarine among them) arriving by PM and resolved with no console, the opening post's roster edited after each
 * change, a posted count corrected by an edit, the thread locked at each day's end and unlocked at the next start.
 */
const rolePmCount = (forum: GameForum) => forum.sentPms().filter((m) => m.key.includes('-role-pm-')).length;

export function describeWholeGames(platforms: readonly Platform[]): void {
  const tmp = tempDir('moddesk-whole-game-');
  afterAll(() => tmp.remove());

  describe.each(platforms)('issue 30: whole games on %s', (platform) => {
    // The two games side by side: each has its own forum, database and desk, and mostly waits (phpBB's forms may be
    // sent back only a second after they arrive).
    it.concurrent.for<'defcon' | 'vanilla'>(['defcon', 'vanilla'])(
      'the %s game from the desk, nothing retyped, nothing twice',
      { timeout: 240_000 },
      async (name, { expect }) => {
        const game = GAMES[name]();
        const forum = await startGameForum(platform, game.start - 24 * 3_600_000);
        try {
          const played = await playWholeGame(game, forum, join(tmp.dir, `${platform}-${name}`));
          expect(played.refused, 'every draft approved as made').toEqual([]);

          // Role PMs: one per player, each sent once; every player but one confirmed, and that one nudged once.
          // (Discourse keeps usernames in lower case.)
          const keys = forum.sentPms().map((m) => m.key);
          expect(new Set(keys).size, `no PM twice: ${keys.join(', ')}`).toBe(keys.length);
          const lower = (names: string[]) => names.map((n) => n.toLowerCase()).sort();
          const to = (part: string) =>
            forum
              .sentPms()
              .filter((m) => m.key.includes(part))
              .map((m) => m.to);
          expect(lower(to('-role-pm-'))).toEqual(lower(game.players));
          expect(played.confirmed.sort()).toEqual(game.players.filter((p) => p !== game.silent).sort());
          const nudges = played.drafts.filter((d) => d.kind === 'confirm-nudge');
          expect(nudges.map((d) => [d.to, d.status])).toEqual([[game.silent, 'posted']]);
          expect(lower(to('-confirm-nudge-'))).toEqual(lower([game.silent]));

          // The game: what the thread's votes and the PMs decide, as `moddesk state` gives it over the same posts.
          expect(played.voided, 'a vote ruled void after the first count').not.toBeNull();
          expect(gameFacts(played.state)).toEqual(expectedFacts(game, played.gameText, played.voided));
          if (name === 'defcon') {
            expect(played.state.missiles.some((m) => m.kind === 'submarine')).toBe(true);
            expect(played.state.nightResults.length).toBeGreaterThan(0);
          } else {
            expect(played.state.players.find((p) => p.name === 'Cleo')).toMatchObject({
              alive: false,
              cause: 'nightkill',
            });
          }

          // Every draft went out once; nothing approved is left unsent.
          expect(played.drafts.filter((d) => d.status === 'approved')).toEqual([]);
          expect(played.drafts.filter((d) => d.status === 'pending' && d.kind !== 'vote-count')).toEqual([]);
          const posted = forum.postedKeys();
          expect(new Set(posted).size, 'no post twice').toBe(posted.length);

          // The count fix: the posted count edited once, with its "edited:" line.
          expect(played.fix?.text).toMatch(/\nedited: /);
          const countPost = played.corrected!.posted!.id!;
          const edits = forum.log().filter((l) => l.startsWith('edit '));
          // (Reddit names a comment by its fullname: t1_ and its id.)
          const countEdits = edits
            .filter((l) => l !== `edit ${forum.openingId}`)
            .map((l) => l.replace('edit t1_', 'edit '));
          expect(countEdits).toEqual([`edit ${countPost.replace(/^t1_/, '')}`]);

          // The opening post: its roster block edited once per roster edit, the hand-written text kept.
          const rosterEdits = played.drafts.filter((d) => d.kind === 'roster-edit' && d.status === 'posted');
          expect(rosterEdits.length).toBeGreaterThan(2);
          // (An edit whose block already reads so changes nothing: the forum logs only changes.)
          const changes = rosterEdits.filter((d, i) => i === 0 || d.text !== rosterEdits[i - 1]!.text);
          expect(edits.filter((l) => l === `edit ${forum.openingId}`).length).toBe(changes.length);
          expect(forum.opening()).toContain(blockContent('roster', rosterEdits.at(-1)!.text).trim());
          expect(forum.opening().startsWith(HAND_TOP)).toBe(true);
          expect(forum.opening().endsWith(HAND_BOTTOM)).toBe(true);
          const alive = played.state.players.filter((p) => p.alive).length;
          expect(forum.opening()).toContain(`Alive (${alive})`);

          // Locked at each day's end, unlocked at the next day's start, in turn.
          const locks = forum.log().filter((l) => l === 'lock' || l === 'unlock');
          expect(locks.filter((l) => l === 'lock').length).toBeGreaterThanOrEqual(1);
          expect(locks.every((l, i) => l === (i % 2 === 0 ? 'lock' : 'unlock'))).toBe(true);
          // The game over, the thread is open for the post-game.
          expect(played.state.result.status).toBe('over');
          expect(forum.locked()).toBe(false);
          expect(forum.locked()).toBe(locks.at(-1) === 'lock');
          const pms = played.state.players.length;
          const missiles = played.state.missiles;
          process.stdout.write(
            `whole game, ${name} on ${platform}: ${rolePmCount(forum)} role PMs sent once (${played.confirmed.length} of ${pms} confirmed, 1 nudged), ${game.posts.filter((p) => p.channel === 'pm').length} player PMs read, ${missiles.length} missiles (${missiles.filter((m) => m.kind === 'submarine').length} by Submarine), ${played.state.nightResults.length} night results, ${changes.length} roster edits of the opening post, 1 count fixed by an edit, ${locks.filter((l) => l === 'lock').length} locks and ${locks.filter((l) => l === 'unlock').length} unlocks\n`,
          );
        } finally {
          await forum.close();
        }
      },
    );
  });
}
