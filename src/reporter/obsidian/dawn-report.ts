import type { GameContext } from '../../machine/context.js';
import type { Markup } from '../markup.js';
import { displayName } from '../vote-count-model.js';

/** What the Dawn Report after a night says: the nodes the night removed (O-D1), nothing about why. */
export interface DawnReport {
  night: string;
  removed: string[];
}

export function dawnReport(ctx: GameContext, night: string): DawnReport {
  const removed = ctx.eliminations
    .filter((e) => e.phase === night && e.cause === 'compromise')
    .map((e) => displayName(ctx.slots[e.slot]));
  return { night, removed };
}

/** O-D1, worded exactly as the rules file. */
export function renderDawnReport(report: DawnReport, mk: Markup): string {
  const lines = report.removed.length
    ? report.removed.map(
        (name) => `System update: Node ${mk.text(name)} has been compromised and removed from the mesh.`,
      )
    : ['No nodes were compromised tonight.'];
  return `${mk.join(lines)}\n`;
}
