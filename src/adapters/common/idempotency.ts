import { ModdeskError } from '../../domain/errors.js';

/**
 * The line every sink writes into a post (`moddesk: KEY`): a retry after a crash looks for it before posting again,
 * and the desk leaves the moderator's posts that carry it out of the game.
 */
export function marker(key: string): string {
  const clean = key.replace(/[^\w.:-]/g, '-');
  if (!clean)
    throw new ModdeskError('usage', 'expected a non-empty idempotency key such as "vc-2.3"', {
      place: 'idempotencyKey',
    });
  return `moddesk: ${clean}`;
}

/**
 * Whether `text` carries the marker of `key` as a whole: `moddesk: g-vc-D1-1` is not found in a post carrying
 * `moddesk: g-vc-D1-12`. Every search for an earlier try asks this (the sinks, and the desk over what it has read).
 */
export function hasMarker(text: string, key: string): boolean {
  const line = marker(key);
  for (let at = text.indexOf(line); at !== -1; at = text.indexOf(line, at + 1)) {
    if (!/[\w.:-]/.test(text.charAt(at + line.length))) return true;
  }
  return false;
}

/** A PM's subject with the key's line at its end, cut to what the platform keeps: sent lists show subjects only. */
export function keyedSubject(subject: string, key: string, max: number): string {
  const line = marker(key);
  const room = Math.max(0, max - line.length - 3);
  const head = subject.length > room ? subject.slice(0, room).trimEnd() : subject;
  return head ? `${head} (${line})` : line;
}
