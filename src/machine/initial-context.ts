import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import { distance } from '../parser/loose-names.js';
import type { GameContext, PhaseSchedule, Slot } from './context.js';
import { resolveOptions } from './options.js';
import { normName } from './roster.js';
import type { Ruleset } from './ruleset.js';
import { addTimer } from './timers.js';

/**
 * The context before the first event: the roster, the phase schedule and its timers. Checks what the
 * schema cannot: phase order, duplicate names, events naming players that do not exist at that point.
 */
export function initialContext(game: GameFile, ruleset: Ruleset): GameContext {
  const options = resolveOptions(game, ruleset.defaults);
  const phases: PhaseSchedule[] = game.phases.map((p, index) => ({
    index,
    name: p.name,
    kind: ruleset.phaseKind(p.name),
    number: Number.parseInt(p.name.slice(1), 10),
    start: Date.parse(p.start),
    deadline: p.deadline ? Date.parse(p.deadline) : null,
  }));
  phases.forEach((p, i) => {
    const prev = phases[i - 1];
    if (prev && p.start < prev.start)
      fail(`phases[${i}].start`, `${p.name} starts before ${prev.name}; list phases in order`);
    if (p.deadline !== null && p.deadline <= p.start)
      fail(`phases[${i}].deadline`, `${p.name}'s deadline is not after its start`);
  });
  const seen = new Set<string>();
  const slots: Slot[] = game.players.map((p, index) => {
    // P8: a hydra head's own account posts for the slot, and its name reads the slot, as an alias does.
    const aliases = [...p.aliases, ...(p.accounts ?? [])];
    for (const n of [p.name, ...aliases]) {
      if (seen.has(normName(n))) fail(`players[${index}]`, `the name ${JSON.stringify(n)} is used twice`);
      seen.add(normName(n));
    }
    return {
      index,
      name: p.name,
      formerNames: [],
      aliases,
      faction: p.faction ?? null,
      role: p.role ?? null,
      mode: p.mode ?? (p.role === 'Missile Silo' ? 'launch' : null),
      alive: true,
      diedAt: null,
      cause: null,
    };
  });
  checkEventNames(game);
  const moderators =
    game.moderator === undefined ? [] : Array.isArray(game.moderator) ? game.moderator : [game.moderator];
  let ctx: GameContext = {
    setup: { game, ruleset: game.ruleset, options, moderators, phases },
    slots,
    phase: null,
    day: null,
    timers: [],
    missiles: [],
    eliminations: [],
    nightResults: [],
    nightActions: [],
    flags: [],
    result: { status: 'ongoing', winner: null, at: null, declared: false },
    ext: {},
    seq: 0,
    now: phases[0]?.start ?? 0,
  };
  for (const p of phases) {
    ctx = addTimer(ctx, p.start, 'phase-started', String(p.index));
    if (p.deadline !== null) ctx = addTimer(ctx, p.deadline, 'phase-deadline', String(p.index));
  }
  return ruleset.init(ctx);
}

/** Every `replace`/`kill`/`revive` names a slot by a name it has at that point (replacements are applied in time order). */
function checkEventNames(game: GameFile): void {
  /** Each name a slot answers to at that point (normalized → as written), for the did-you-mean (m8). */
  const names = new Map(game.players.map((p) => [normName(p.name), p.name]));
  const unknown = (name: string, at = '') => `${JSON.stringify(name)} is not a player${at}${didYouMean(name, names)}`;
  const ordered = game.events.map((e, i) => ({ e, i })).filter(({ e }) => 'at' in e && e.at !== undefined);
  ordered.sort((a, b) => Date.parse((a.e as { at: string }).at) - Date.parse((b.e as { at: string }).at) || a.i - b.i);
  for (const { e, i } of ordered) {
    if ('replace' in e) {
      if (!names.has(normName(e.replace))) fail(`events[${i}].replace`, unknown(e.replace, ` at ${e.at}`));
      names.set(normName(e.by), e.by);
    } else if ('kill' in e && !names.has(normName(e.kill))) {
      fail(`events[${i}].kill`, unknown(e.kill));
    } else if ('revive' in e && !names.has(normName(e.revive))) {
      fail(`events[${i}].revive`, unknown(e.revive));
    }
  }
}

/** `; did you mean "JaneRed"?` for the one nearest name a few edits away (`JaeRed`), else nothing. */
function didYouMean(name: string, names: ReadonlyMap<string, string>): string {
  const norm = normName(name);
  let best: { name: string; d: number } | null = null;
  for (const [n, written] of names) {
    const d = distance(norm, n);
    if (d <= Math.max(2, Math.floor(n.length / 3)) && (!best || d < best.d)) best = { name: written, d };
  }
  return best ? `; did you mean ${JSON.stringify(best.name)}?` : '';
}

function fail(place: string, message: string): never {
  throw new ModdeskError('game-invalid', message, { place });
}
