import { type DueDraft, dayThatEnded, dayThatStarted, gameOverDraft, type RulesetDrafts } from '../due-draft.js';
import { renderVanillaDayEnd, renderVanillaDayStart } from './phase-posts.js';

/** Vanilla's drafts: the day's end (the lynch), the next day's start, game over. */
export const drafts: RulesetDrafts = (prev, next, at, mk) => {
  const out: DueDraft[] = [];
  const ended = dayThatEnded(prev, next);
  if (ended) out.push({ kind: 'day-end', at, to: null, text: renderVanillaDayEnd(next, ended, mk), phase: ended });
  const started = dayThatStarted(prev, next);
  if (started)
    out.push({ kind: 'day-start', at, to: null, text: renderVanillaDayStart(prev, next, mk), phase: started.day });
  return [...out, ...gameOverDraft(prev, next, at, mk)];
};

export { renderVanillaDayEnd, renderVanillaDayStart } from './phase-posts.js';
