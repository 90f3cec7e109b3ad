import { quote } from '../domain/errors.js';
import type { NightConsoleJson, NightCueJson, StateJson } from '../domain/state.js';
import type { NightPick } from '../machine/night-preview.js';

/**
 * The guided night console's walk over the state JSON's `nightConsole` (the dashboard and `moddesk script`):
 * the mod steps through tonight's cues in wake order, records where each actor points, undoes, and resolves at
 * "Everyone, wake up." Pure: every operation returns a new console. The walk is the mod's place in the script,
 * not game state: only its picks reach the desk, as PMs (`pickLine`), and the night resolves through the
 * ruleset's resolver (`resolveNightWith`), so the console and the PM route cannot disagree.
 */
export interface NightConsole {
  phase: string;
  leader: string | null;
  cues: NightCueJson[];
  /** Every player's name: a pick names one of them. */
  players: string[];
  cursor: number;
  entries: ConsoleEntry[];
  /** Why the last operation was refused, for the mod; null when it succeeded. */
  notice: { code: string; message: string } | null;
  /** Earlier consoles, for undo. */
  past: NightConsole[];
}

/** An actor's recorded pick at a cue. */
export interface ConsoleEntry {
  cue: number;
  actor: string;
  /** null: the actor pointed at nobody. */
  target: string | null;
  /** Where it came from: a PM's id, or null for the console. */
  postId: string | null;
}

/** How a cue's prompt shows now (O-R1: "disabled", or the Stabilizer not woken). */
export type CueStatus = 'narration' | 'open' | 'disabled' | 'not-woken' | 'spent' | 'no-actor';

export interface CueView {
  cue: NightCueJson;
  status: CueStatus;
  entry: ConsoleEntry | null;
}

/** The console at the night's first cue, holding the picks received by PM so far; null when no guided night runs. */
export function consoleOf(state: StateJson): NightConsole | null {
  const json: NightConsoleJson | undefined = state.nightConsole;
  if (!json) return null;
  const entries = json.cues.flatMap((cue) =>
    cue.received
      ? [{ cue: cue.index, actor: cue.received.actor, target: cue.received.target, postId: cue.received.postId }]
      : [],
  );
  return {
    phase: json.phase,
    leader: json.leader,
    cues: json.cues,
    players: state.players.map((p) => p.name),
    cursor: 0,
    entries,
    notice: null,
    past: [],
  };
}

export function cueView(c: NightConsole, index: number): CueView | null {
  const cue = c.cues[index];
  if (!cue) return null;
  return { cue, status: cueStatus(c, index), entry: c.entries.find((e) => e.cue === index) ?? null };
}

export const currentCue = (c: NightConsole): CueView | null => cueView(c, c.cursor);

/** True once every cue has been passed: the night can be resolved. */
export const isDone = (c: NightConsole): boolean => c.cursor >= c.cues.length;

/** The nodes enforced by the picks recorded before cue `before` (#1 resolves first, so wake order knows them). */
export function enforcedSoFar(c: NightConsole, before: number): Set<string> {
  const enforced = new Set<string>();
  for (const e of [...c.entries].sort((a, b) => a.cue - b.cue)) {
    const prompt = c.cues[e.cue]?.prompt;
    if (e.cue >= before || prompt?.effect !== 'block' || e.target === null) continue;
    const blocker = blockerOf(c, c.cues[e.cue] as NightCueJson, e.actor);
    if (blocker === null || !enforced.has(blocker)) enforced.add(e.target);
  }
  return enforced;
}

/** Whose block stops this actor's pick at this cue: the actor's own, or the leader's (O-R2). */
function blockerOf(c: NightConsole, cue: NightCueJson, actor: string): string | null {
  return cue.prompt?.blockedBy === 'actor' ? actor : c.leader;
}

function cueStatus(c: NightConsole, index: number): CueStatus {
  const cue = c.cues[index];
  if (!cue?.prompt) return 'narration';
  if (cue.actor === null) return 'no-actor';
  const blocker = blockerOf(c, cue, cue.actor);
  if (blocker !== null && enforcedSoFar(c, index).has(blocker)) return cue.prompt.whenBlocked;
  return cue.prompt.spent ? 'spent' : 'open';
}

/** Records where the current cue's actor points (`null`: nobody). A refused record sets `notice`. */
export function recordTarget(c: NightConsole, argument: string | null): NightConsole {
  const view = currentCue(c);
  const refuse = (code: string, message: string): NightConsole => ({ ...c, notice: { code, message } });
  const prompt = view?.cue.prompt;
  const actor = view?.cue.actor ?? null;
  if (!view || !prompt || actor === null) return refuse('console-nothing-to-record', 'This cue records no target.');
  if (view.status === 'not-woken' || view.status === 'spent')
    return refuse(
      `console-${view.status}`,
      `${actor} is ${view.status === 'spent' ? 'out of shields' : 'not woken tonight'}.`,
    );
  let target: string | null = null;
  if (argument !== null) {
    const wanted = argument.trim().toLowerCase();
    target = c.players.find((p) => p === argument.trim()) ?? c.players.find((p) => p.toLowerCase() === wanted) ?? null;
    if (target === null) return refuse('target-unknown', `${quote(argument)} names no player.`);
    const refused = prompt.refused.find((r) => r.target === target);
    if (refused) return refuse(refused.code, refused.message);
  }
  const entry: ConsoleEntry = { cue: view.cue.index, actor, target, postId: null };
  const entries = [...c.entries.filter((e) => e.cue !== entry.cue), entry];
  return { ...c, entries, notice: null, past: [...c.past, c] };
}

/** Moves to the next cue. */
export function nextCue(c: NightConsole): NightConsole {
  if (isDone(c)) return c;
  return { ...c, cursor: c.cursor + 1, notice: null, past: [...c.past, c] };
}

/** Takes back the last record or step. */
export function undo(c: NightConsole): NightConsole {
  return c.past.at(-1) ?? c;
}

/** The picks in cue order, as the PMs that would say them (a console pick is named by its cue). */
export function consolePicks(c: NightConsole): NightPick[] {
  return [...c.entries]
    .sort((a, b) => a.cue - b.cue)
    .flatMap((e) => {
      const pm = c.cues[e.cue]?.prompt?.pm;
      if (!pm || e.target === null) return [];
      return [{ actor: e.actor, kind: pm, target: e.target, postId: e.postId ?? `console:${e.cue}` }];
    });
}

/** The PM line that records a pick, as the player would send it (`Kill: Bob`, `Target: Bob`). */
export function pickLine(pick: Pick<NightPick, 'kind' | 'target'>): string {
  return `${pick.kind === 'kill' ? 'Kill' : 'Target'}: ${pick.target}`;
}
