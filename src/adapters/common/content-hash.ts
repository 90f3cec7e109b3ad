import { createHash } from 'node:crypto';

/** A short, stable fingerprint of a post body (edits the platform does not announce are found by it). */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}
