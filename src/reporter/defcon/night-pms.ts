import type { GameContext, NightResult } from '../../machine/context.js';
import { NO_RESULT } from '../../machine/rulesets/defcon/index.js';
import { who } from '../flip.js';
import type { Markup } from '../markup.js';
import { displayName } from '../vote-count-model.js';
import { dayWord } from './common.js';

export interface ResultPm {
  to: string;
  phase: string;
  action: string;
  text: string;
}

function body(ctx: GameContext, r: NightResult, mk: Markup): string | null {
  const target = r.target === null ? 'your target' : mk.bold(who(ctx, r.target, mk));
  if (r.action === 'kill') return null; // night kills are announced at the day's start, not by PM
  if (r.result === NO_RESULT) return `Your action on ${target} had no result.`;
  switch (r.action) {
    case 'fighter':
      return `${target} is a ${mk.bold(mk.text(r.result))}.`;
    case 'espionage':
      return `Your guess about ${target} was ${mk.bold(r.result === 'yes' ? 'correct' : 'wrong')}.`;
    case 'radar': {
      const m = radarResult(r.result);
      return m ? `${target} targeted ${mk.text(m.out)}, and was targeted by ${mk.text(m.into)}.` : mk.text(r.result);
    }
    case 'special-ops':
      return `Your strike on ${target} was carried out.`;
    case 'special-ops-reveal':
      return `You were targeted by ${target}, the ${mk.bold('Special Ops')}.`;
    case 'carrier':
      return `You blocked ${target}.`;
    case 'battleship':
      return `You protected ${target}.`;
    default:
      return null;
  }
}

/** A result PM for each night actor (R-R1..R-R7): what they learned, or "no result". */
export function nightResultPms(ctx: GameContext, night: string, mk: Markup): ResultPm[] {
  const pms: ResultPm[] = [];
  for (const r of ctx.nightResults) {
    if (r.phase !== night) continue;
    const text = body(ctx, r, mk);
    if (text === null) continue;
    pms.push({
      to: displayName(ctx.slots[r.actor]),
      phase: night,
      action: r.action,
      text: `${mk.bold(`${dayWord(night)} result`)}: ${text}\n`,
    });
  }
  return pms;
}

/**
 * `targeted A, B; targeted by C` → its two lists, as `/^targeted (.*); targeted by (.*)$/` read it (the last
 * `; targeted by `; no line end anywhere), in one pass.
 */
export function radarResult(result: string): { out: string; into: string } | null {
  const head = 'targeted ';
  const sep = '; targeted by ';
  const at = result.lastIndexOf(sep);
  if (!result.startsWith(head) || at < head.length || /[\n\r\u2028\u2029]/.test(result)) return null;
  return { out: result.slice(head.length, at), into: result.slice(at + sep.length) };
}
