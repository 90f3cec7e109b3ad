import type { DoomsdayJson, NightActionJson, ScheduleJson, StateJson } from '../domain/state.js';
import { consoleOf, type NightConsole } from './night-console.js';
import type { RulesetViews } from './ruleset-module.js';
import { rulesetOf } from './rulesets.js';

/**
 * What the dashboard's pages show of a game beyond the count, built from `moddesk.state/1` alone (never the
 * machine's context): the ruleset's views, the phase list, tonight's PM actions, the Doomsday windows, the guided
 * night console.
 */
export interface DashboardView {
  views: RulesetViews;
  schedule: ScheduleJson[];
  /** The days that have started by the state's instant, in order (the votes page's day list). */
  days: string[];
  /** The PM actions sent during the current phase. */
  tonight: NightActionJson[];
  /** The Doomsday windows, or null when the ruleset has none. */
  doomsday: DoomsdayJson[] | null;
  /** The guided night console at its first cue, with tonight's PM picks filled in; null when none runs. */
  nightConsole: NightConsole | null;
}

export function dashboardView(state: StateJson): DashboardView {
  const schedule = state.schedule ?? [];
  const views = rulesetOf(state.ruleset).views;
  return {
    views,
    schedule,
    days: schedule.filter((p) => p.kind === 'day' && p.start <= state.at).map((p) => p.name),
    tonight: state.nightActions ?? [],
    doomsday: state.doomsday ?? null,
    nightConsole: views.guidedNight ? consoleOf(state) : null,
  };
}
