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
