import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DraftRecord } from '../../src/app/desk.js';
import { type GameFile, gameFileSchema } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = join(here, '..', '..');
export const repoFile = (...parts: string[]) => join(REPO, ...parts);

/** A five-player vanilla game: D1 (two days), N1, D2, from Monday 4 May 2026 18:00 UTC. */
export function smallGame(
  players: string[] = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve'],
  extra: Record<string, unknown> = {},
): GameFile {
  return gameFileSchema().parse({
    ruleset: 'vanilla',
    title: 'Small Town',
    moderator: 'Mod',
    thread: { platform: 'phpbb', url: 'https://forum.example/viewtopic.php?t=7' },
    players: players.map((name, i) => ({ name, faction: i === 1 ? 'mafia' : 'town' })),
    phases: [
      { name: 'D1', start: '2026-05-04T18:00:00Z', deadline: '2026-05-06T18:00:00Z' },
      { name: 'N1', start: '2026-05-06T18:00:00Z', deadline: '2026-05-07T18:00:00Z' },
      { name: 'D2', start: '2026-05-07T18:00:00Z', deadline: '2026-05-09T18:00:00Z' },
    ],
    ...extra,
  });
}

/** The instant `h` hours after `smallGame`'s D1 starts (Monday 4 May 2026 18:00 UTC), as a dump writes it. */
export const atHour = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');

let n = 100;
/** A thread post at `at` with `body` as its HTML (a bold action when `action` is given). */
export function post(
  author: string,
  at: string,
  opts: { action?: string; html?: string; id?: string; channel?: 'thread' | 'pm' } = {},
): Post {
  n += 1;
  const id = opts.id ?? `p${n}`;
  const html = opts.html ?? `<p>Well then. <strong>${opts.action ?? ''}</strong></p>`;
  return {
    id,
    author,
    createdAt: at,
    editedAt: null,
    html,
    channel: opts.channel ?? 'thread',
    url: `https://forum.example/viewtopic.php?p=${id.slice(1)}#${id}`,
    number: n,
  };
}

/** The desk's vote-count drafts, oldest first (a game also has phase posts). */
export async function voteCounts(h: {
  id: string;
  desk: { drafts(gameId: string): Promise<DraftRecord[]> };
}): Promise<DraftRecord[]> {
  return (await h.desk.drafts(h.id)).filter((d) => d.kind === 'vote-count');
}

/** The vote count waiting for the mod (the newest; older ones of the day were superseded). */
export async function pendingCount(h: Parameters<typeof voteCounts>[0]): Promise<DraftRecord | undefined> {
  return (await voteCounts(h)).filter((d) => d.status === 'pending').at(-1);
}
