import type { GameEvent } from '../domain/game-file.js';
import type { FlagJson } from '../domain/state.js';
import { formatInstant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import type { FlagRecord } from './desk.js';

/**
 * Flag ids: the post, the code, and the how-many-th such flag on that post (`p12-target-unknown`, `…-2`); a flag
 * with no post by its key instead (`game-prod-due-D2-Ava`). The same in every replay and whatever the roster's
 * order, and safe as an HTML id, a CSS selector and a URL part (other characters become `_`).
 */
export function flagIds(flags: readonly { postId: string | null; code: string; key?: string }[]): string[] {
  const seen = new Map<string, number>();
  return flags.map((f) => {
    const base = `${f.postId ?? 'game'}-${f.code}${f.postId === null && f.key ? `-${f.key}` : ''}`.replace(
      /[^\w-]/g,
      '_',
    );
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  });
}

export interface StoredFlagStatus {
  status: string;
  /** The flag as it read when the mod ruled (a ruled post may raise it no more). */
  flag: FlagJson | null;
}

/**
 * The flags the replay raises now, each with the mod's ruling (stored, or a game-file event on its post), then
 * the flags a ruling made go away (an ignored post raises nothing), still listed with their ruling.
 */
export function flagRecords(
  gameId: string,
  flags: GameContext['flags'],
  stored: Map<string, StoredFlagStatus>,
  events: readonly GameEvent[],
): FlagRecord[] {
  const ruled = new Map<string, FlagRecord['status']>();
  for (const e of events) if ('post' in e) ruled.set(e.post, 'ignore' in e ? 'ignored' : 'ruled');
  const ids = flagIds(flags);
  const out: FlagRecord[] = flags.map((f, i) => {
    const id = ids[i] as string;
    const status =
      (stored.get(id)?.status as FlagRecord['status'] | undefined) ??
      (f.postId ? ruled.get(f.postId) : undefined) ??
      'open';
    return { ...f, at: formatInstant(f.at), id, gameId, status };
  });
  const now = new Set(ids);
  for (const [id, s] of stored)
    if (!now.has(id) && s.flag) out.push({ ...s.flag, id, gameId, status: s.status as FlagRecord['status'] });
  return out;
}
