import { obsidianRuleset } from '../../machine/rulesets/obsidian/index.js';
import { toStateJson } from '../../machine/to-state-json.js';
import { type DueDraft, dayThatEnded, dayThatStarted, gameOverDraft, type RulesetDrafts } from '../due-draft.js';
import type { RulesetModule } from '../ruleset-module.js';
import { renderVanillaDayEnd } from '../vanilla/index.js';
import { dawnReport, renderDawnReport } from './dawn-report.js';
import { nightResultDrafts } from './night-results.js';
import { purgeOutcome, renderPurgeAnnouncement } from './purge-announcement.js';

/** Obsidian's drafts: the Purge, the night's result PMs, the Dawn Report, game over. */
export const drafts: RulesetDrafts = (prev, next, at, mk) => {
  const out: DueDraft[] = [];
  const ended = dayThatEnded(prev, next);
  if (ended) {
    const outcome = purgeOutcome(next, ended);
    const text = outcome ? renderPurgeAnnouncement(outcome, mk) : renderVanillaDayEnd(next, ended, mk);
    out.push({ kind: 'purge', at, to: null, text, phase: ended });
  }
  const before = prev.nightResults.length;
  const fresh = { ...next, nightResults: next.nightResults.slice(before) };
  for (const night of new Set(fresh.nightResults.map((r) => r.phase))) {
    for (const r of nightResultDrafts(fresh, night, mk))
      out.push({ kind: 'night-result', at, to: r.to, text: `${r.line}\n`, phase: night });
  }
  const started = dayThatStarted(prev, next);
  if (started?.previous) {
    const text = renderDawnReport(dawnReport(toStateJson(next, at), started.previous), mk);
    out.push({ kind: 'dawn-report', at, to: null, text, phase: started.day });
  }
  return [...out, ...gameOverDraft(prev, next, at, mk)];
};

export { dawnReport, renderDawnReport } from './dawn-report.js';
export { consoleSignal, renderNightScript, renderRegistryScript } from './night-script.js';

/** Obsidian: its rules (night table, priority resolution, the Purge), drafts, and the guided night console. */
export const obsidian: RulesetModule = {
  name: 'obsidian',
  rules: obsidianRuleset,
  drafts,
  views: { tabs: [], pm: { suggestions: ['Target: ', 'Kill: '], byDay: false }, guidedNight: true },
};
