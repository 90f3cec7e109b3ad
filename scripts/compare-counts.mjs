// The shared scorer's comparison of one count (../shared/eval-data/scorer): the moderator's voter→target pairs
// against moddesk's state JSON, both by slot key. Used by score-in-process.mjs and ledger-evidence.mjs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { norm, NO_LYNCH } = await import(path.join(root, '..', 'shared', 'eval-data', 'scorer', 'common.mjs'));

export function makeNamer(e) {
  const map = new Map();
  for (const s of e.slots) for (const n of s.names) if (!map.has(norm(n))) map.set(norm(n), s.key);
  return (raw) => {
    if (raw === null || raw === undefined) return '?';
    const s = String(raw)
      .replace(/\s*\((?:replaced|replacing|formerly)\b[^)]*\)\s*$/i, '')
      .trim();
    const k = map.get(norm(s));
    if (k) return k;
    for (const part of s.split(/\s*[/|]\s*|\s+\(|\)\s*/)) {
      const kk = map.get(norm(part));
      if (kk) return kk;
    }
    return `?${s}`;
  };
}

export function toolVotes(j, slotOf) {
  const v = j?.votes || {};
  const pairs = new Set();
  for (const w of v.wagons ?? [])
    for (const voter of w.voters ?? []) pairs.add(`${slotOf(voter)}\u0000${slotOf(w.target)}`);
  for (const voter of v.noLynch?.voters ?? []) pairs.add(`${slotOf(voter)}\u0000${NO_LYNCH}`);
  return { pairs, notVoting: Array.isArray(v.notVoting) ? new Set(v.notVoting.map(slotOf)) : null };
}
export function modVotes(vc) {
  const pairs = new Set();
  for (const w of vc.wagons) for (const v of w.voters) pairs.add(`${v}\u0000${w.target}`);
  if (vc.noLynch) for (const v of vc.noLynch.voters) pairs.add(`${v}\u0000${NO_LYNCH}`);
  return { pairs, notVoting: vc.notVoting ? new Set(vc.notVoting) : null };
}
export const fmtPair = (p) => p.replace('\u0000', '->');
