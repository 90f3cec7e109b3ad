import type { AlertMessage } from '../../adapters/alerts/types.js';
import type { AlertItem, AlertKind } from './alert-kinds.js';

/** Names listed on one line before "and N more": a burst is one short alert, never a flood. */
const NAMES_SHOWN = 5;
const LINKS_SHOWN = 5;

const WORDS: Record<AlertKind, (n: number, who: string) => string> = {
  'day-ended': (_n, who) => `${who} has ended`,
  'hammer-held': (n, who) => `a hammer is held for your ruling (${plural(n, 'post')} by ${who})`,
  'count-requested': (n, who) => `${plural(n, 'count request')} by ${who}`,
  'night-action': (n, who) => `${plural(n, 'night action')} received by PM from ${who}`,
  'deadline-near': (_n, what) => `coming up soon: ${what}`,
  'prod-due': (n, who) => `${plural(n, 'prod')} due (${who})`,
  'read-failing': () => 'reading the thread has been failing',
  'post-failing': (n, who) => `posting ${plural(n, 'approved draft')} has been failing (${who})`,
  'draft-waiting': (n, who) => `${plural(n, 'draft')} waiting for your approval (${who})`,
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The names in a group, each once, the first few and a count of the rest. */
function who(items: readonly AlertItem[]): string {
  const names = [...new Set(items.map((i) => i.subject))];
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return names.length > NAMES_SHOWN ? `${shown} and ${names.length - NAMES_SHOWN} more` : shown;
}

/** One alert for everything new about a game in one round: a line per kind, in the kinds' order. */
export function groupAlerts(gameId: string, items: readonly AlertItem[], at: string): AlertMessage | null {
  if (items.length === 0) return null;
  const byKind = new Map<AlertKind, AlertItem[]>();
  for (const i of items) byKind.set(i.kind, [...(byKind.get(i.kind) ?? []), i]);
  const kinds = [...byKind.keys()];
  const lines = kinds.map((k) => WORDS[k](byKind.get(k)!.length, who(byKind.get(k)!)));
  const links = [...new Set(items.flatMap((i) => (i.url ? [i.url] : [])))].slice(0, LINKS_SHOWN);
  const title = `${gameId}: ${lines.length === 1 ? lines[0] : `${lines.length} things need you`}`;
  return { gameId, title, lines, links, kinds, at };
}
