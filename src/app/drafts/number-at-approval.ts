import { countNumberOf } from '../../parser/count-posts.js';
import type { StoredDraft } from '../../storage/draft-store.js';
import type { Store } from '../../storage/store.js';

/**
 * M2: a vote count takes its number when it is approved, not when it is drafted: the next after the day's counts
 * approved or posted on the desk, or the number it was drafted with (which follows the thread's own last count),
 * whichever is higher. Counts approved one after another never share a number, whenever the polls fell, and a
 * superseded count nobody approved uses none.
 */
export function numberAtApproval(store: Store, gameId: string, draft: StoredDraft, text: string): string {
  if (draft.kind !== 'vote-count' || draft.phase === null) return text;
  const drafted = countNumberOf(text);
  if (!drafted) return text;
  let approved = 0;
  for (const d of store.drafts.list(gameId)) {
    if (d.id === draft.id || d.kind !== 'vote-count' || d.phase !== draft.phase) continue;
    if (d.status !== 'approved' && d.status !== 'posted') continue;
    approved = Math.max(approved, countNumberOf(d.text)?.n ?? d.number ?? 0);
  }
  if (drafted.n > approved) return text;
  const label = String(approved + 1).padStart(drafted.width, '0');
  let renumbered = false;
  return text.replace(DAY_AND_NUMBER, (whole, day: string, between: string, n: string) => {
    if (renumbered || Number(day) !== drafted.day || Number(n) !== drafted.n) return whole;
    renumbered = true;
    return `${day}${between}${label}`;
  });
}

const DAY_AND_NUMBER = /(?<!\d)(\d{1,3})(\s?[.,]\s?)(\d{1,3})(?!\d)/g;
