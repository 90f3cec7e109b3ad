import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import { formatInstant } from '../domain/time.js';
import { checkGameCounts, checkLines, partialReasons, postLabels } from '../reporter/count-checks.js';
import type { CountCheckRow } from './desk.js';

/** H-VC6 for the dashboard: each count the moderators posted by hand, with its differences in words. */
export function countCheckRows(game: GameFile, posts: Post[]): CountCheckRow[] {
  const label = postLabels(posts);
  return checkGameCounts(game, posts).map(({ context, check }) => ({
    postId: check.post.id,
    label: label(check.post.id),
    url: check.post.url ?? null,
    at: formatInstant(Date.parse(check.post.createdAt)),
    author: check.post.author,
    read: check.read,
    partly: partialReasons(check),
    differences: checkLines(context, check, label),
  }));
}
