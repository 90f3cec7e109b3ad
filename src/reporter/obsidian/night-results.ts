import type { GameContext } from '../../machine/context.js';
import { NO_RESULT } from '../../machine/rulesets/obsidian/index.js';
import type { Markup } from '../markup.js';
import { displayName } from '../vote-count-model.js';

/** A result PM for one actor (the Analyst's and the Scanner's: the other roles learn nothing). */
export interface ResultDraft {
  to: string;
  phase: string;
  action: 'analyze' | 'scan';
  line: string;
}

const nightWord = (phase: string) => `Night ${phase.slice(1)}`;

export function nightResultDrafts(ctx: GameContext, night: string, mk: Markup): ResultDraft[] {
  const drafts: ResultDraft[] = [];
  for (const r of ctx.nightResults) {
    if (r.phase !== night || (r.action !== 'analyze' && r.action !== 'scan')) continue;
    const role = r.action === 'analyze' ? 'Analyst' : 'Scanner';
    const target = r.target === null ? null : mk.text(displayName(ctx.slots[r.target]));
    let body: string;
    if (r.result === NO_RESULT || target === null) body = 'no result.';
    else if (r.action === 'analyze')
      body = `${mk.bold(target)} reads as ${mk.bold(r.result === 'obsidian' ? 'Obsidian' : 'network')}.`;
    else body = `${mk.bold(target)}'s role is ${mk.bold(mk.text(r.result))}.`;
    drafts.push({
      to: displayName(ctx.slots[r.actor]),
      phase: night,
      action: r.action,
      line: `${role} result, ${nightWord(night)}: ${body}`,
    });
  }
  return drafts;
}
