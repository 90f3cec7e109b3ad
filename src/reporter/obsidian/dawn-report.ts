import type { StateJson } from '../../domain/state.js';
import type { Markup } from '../markup.js';
import { displayName } from '../vote-count-model.js';

/** What the Dawn Report after a night says: the nodes the night removed (O-D1), nothing about why. */
export interface DawnReport {
  night: string;
  removed: string[];
}

/** From the state JSON: the drafts' state after the night, or the console's preview of its picks. */
export function dawnReport(state: Pick<StateJson, 'eliminations' | 'players'>, night: string): DawnReport {
  const removed = state.eliminations
    .filter((e) => e.phase === night && e.cause === 'compromise')
    .map((e) => displayName(state.players.find((p) => p.name === e.name)));
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
