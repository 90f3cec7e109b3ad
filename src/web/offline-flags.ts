import { createHash } from 'node:crypto';
import type { FlagRecord } from '../app/desk.js';
import type { Post } from '../domain/post.js';
import type { FlagJson, StateJson } from '../domain/state.js';
import { postInfo } from './offline-drafts.js';

/** A flag's id: stable across replays as long as the flag says the same thing about the same post. */
export function flagId(f: FlagJson): string {
  return `f-${createHash('sha1').update(`${f.code}|${f.postId}|${f.actor}|${f.at}|${f.message}`).digest('hex').slice(0, 12)}`;
}

/**
 * The offline desk's flags: those the replay raises now, with the mod's rulings on them; a flag a ruling made
 * go away (an ignored post raises nothing) stays listed with its ruling.
 */
export class FlagBook {
  private readonly status = new Map<string, FlagRecord['status']>();
  private readonly known = new Map<string, FlagRecord>();

  constructor(private readonly gameId: string) {}

  set(id: string, status: FlagRecord['status']): void {
    this.status.set(id, status);
  }

  records(state: StateJson, posts: Post[]): FlagRecord[] {
    const urls = postInfo(posts);
    const out: FlagRecord[] = [];
    const seen = new Set<string>();
    for (const f of state.flags) {
      const id = flagId(f);
      if (seen.has(id)) continue;
      seen.add(id);
      const url = f.url ?? (f.postId ? urls.get(f.postId)?.url : undefined);
      const rec: FlagRecord = {
        ...f,
        ...(url ? { url } : {}),
        id,
        gameId: this.gameId,
        status: this.status.get(id) ?? 'open',
      };
      this.known.set(id, rec);
      out.push(rec);
    }
    for (const [id, rec] of this.known) {
      const status = this.status.get(id);
      if (!seen.has(id) && status) out.push({ ...rec, status });
    }
    return out;
  }
}
