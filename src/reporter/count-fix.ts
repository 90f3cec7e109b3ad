import { lineDiff } from './line-diff.js';
import type { Markup } from './markup.js';

/** At most this many changed lines are named; the rest are counted. */
const SHOWN = 5;

/**
 * A posted count corrected (issue 30 item 3b): the count as it should have read, then a visible line saying what
 * changed, `edited: "Bob (2): Alice, Cleo" → "Bob (1): Alice"`, so players see the post was corrected and how.
 */
export function correctedCount(posted: string, fresh: string, mk: Markup, why: string | null = null): string {
  const diff = lineDiff(posted.trim(), fresh.trim()).split('\n');
  const gone = diff.filter((l) => l.startsWith('- ') && l.slice(2).trim()).map((l) => l.slice(2).trim());
  const came = diff.filter((l) => l.startsWith('+ ') && l.slice(2).trim()).map((l) => l.slice(2).trim());
  const changes: string[] = [];
  for (let i = 0; i < Math.max(gone.length, came.length); i++) {
    const a = gone[i];
    const b = came[i];
    changes.push(a && b ? `“${a}” → “${b}”` : a ? `removed “${a}”` : `added “${b}”`);
  }
  const named = changes.slice(0, SHOWN).join('; ');
  const more = changes.length > SHOWN ? `; ${changes.length - SHOWN} more` : '';
  const reason = why ? ` (${mk.text(why)})` : '';
  return mk.join([fresh.trimEnd(), '', `edited${reason}: ${named || 'no line changed'}${more}`]);
}

/** The count part of a corrected count's text (without its "edited" line), to compare with a fresh one. */
export function countPart(text: string): string {
  const lines = text.trimEnd().split('\n');
  const last = lines.length > 1 ? (lines.at(-1) as string) : '';
  return (EDITED_LINE.test(last) ? lines.slice(0, -1).join('\n') : text).trim();
}

const EDITED_LINE = /^edited(?: \([^)]*\))?: /;
