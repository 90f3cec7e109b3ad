import { formatInstant } from '../../../domain/time.js';
import type { GameContext, Missile } from '../../context.js';
import type { PlayerAction } from '../../ruleset.js';
import { cancelTimers } from '../../timers.js';
import { flagAction } from '../base.js';
import { livingActor, nameOf, resolveActionTarget } from './common.js';
import { advanceMissile, createMissile } from './missiles.js';
import { dx, withDx } from './state.js';

const inFlight = (m: Missile) => m.status === 'in-flight';

/**
 * A `Nuke:` (R-M1..R-M3, R-S1): in the thread from a launch silo from D3 on, by PM from a Submarine on D3.
 * A broken rule is flagged with the first code of R-M9 that applies, and nothing is launched.
 */
export function onNuke(ctx: GameContext, act: PlayerAction): GameContext {
  const who = livingActor(ctx, act, 'the launch');
  if ('flagged' in who) return who.flagged;
  const actor = ctx.slots[who.slot]!;
  const flag = (code: string, message: string) =>
    flagAction(ctx, act, code, `${message} ${JSON.stringify(act.action.text)}`);
  const isSub = actor.role === 'Submarine';
  if (!isSub && !(actor.role === 'Missile Silo' && actor.mode === 'launch')) {
    const role = actor.role === null ? 'no role' : actor.role === 'Missile Silo' ? 'an ABM silo' : actor.role;
    return flag('nuke-no-capability', `${actor.name} has ${role}, which cannot launch.`);
  }
  const phase = ctx.phase;
  const number = phase?.number ?? 0;
  const wantsPm = isSub && number <= 3;
  if ((act.post.channel === 'pm') !== wantsPm) {
    return flag(
      'nuke-wrong-channel',
      wantsPm ? `${actor.name} launches by PM to the mod before D4 (R-S1).` : 'Launches are posted in the thread.',
    );
  }
  if (phase?.kind === 'night' || (phase?.kind === 'day' && phase.endedAt !== null)) {
    return flag('nuke-at-night', `${phase.name} is not an open day; launches happen during day phases.`);
  }
  if (phase?.kind !== 'day' || number < 3)
    return flag('nuke-too-early', `Nuke before D3 (it is ${phase?.name ?? 'before the game'}).`);
  const day = phase.name;
  const submarineLaunch = isSub && wantsPm;
  const state = dx(ctx);
  if (state.blockedOn[String(actor.index)] === day && (!submarineLaunch || ctx.setup.options.carrierBlocksAutomatic)) {
    return flag(
      'nuke-blocked',
      `${actor.name} was blocked by an Aircraft Carrier last night and cannot launch on ${day}.`,
    );
  }
  if (state.launchDays[String(actor.index)]?.includes(day))
    return flag('nuke-second-today', `${actor.name} has already launched on ${day}.`);
  const resolved = resolveActionTarget(ctx, act, act.action.argument ?? '', true);
  if (resolved.ok) {
    const target = resolved.slot;
    if (ctx.missiles.some((m) => inFlight(m) && m.launcher === actor.index && m.target === target)) {
      return flag('nuke-duplicate-target', `${actor.name} already has a missile in flight at ${nameOf(ctx, target)}.`);
    }
    if (!ctx.slots[target]?.alive) return flag('target-dead', `${nameOf(ctx, target)} is dead.`);
  }
  if (!resolved.ok) return resolved.ctx;
  let next = withDx(resolved.ctx, {
    launchDays: { ...state.launchDays, [String(actor.index)]: [...(state.launchDays[String(actor.index)] ?? []), day] },
  });
  const launched = createMissile(next, {
    kind: submarineLaunch ? 'submarine' : 'launch',
    launcher: actor.index,
    target: resolved.slot,
    launchedAt: act.at,
    abortable: true,
    announced: !submarineLaunch,
    postId: act.post.id,
  });
  next = failsafe(launched.ctx, launched.missile);
  return next;
}

/** R-S2: the first launch at a Failsafe each day answers itself: same impact, no abort, flies regardless. */
function failsafe(ctx: GameContext, trigger: Missile): GameContext {
  const fs = ctx.slots[trigger.target];
  const day = ctx.phase?.name ?? '';
  if (!fs?.alive || fs.role !== 'Failsafe' || fs.index === trigger.launcher) return ctx;
  const state = dx(ctx);
  if (state.failsafeDay[String(fs.index)] === day) return ctx;
  if (ctx.setup.options.carrierBlocksAutomatic && state.blockedOn[String(fs.index)] === day) return ctx;
  const next = withDx(ctx, { failsafeDay: { ...state.failsafeDay, [String(fs.index)]: day } });
  return createMissile(next, {
    kind: 'failsafe',
    launcher: fs.index,
    target: trigger.launcher,
    launchedAt: trigger.launchedAt,
    landsAt: trigger.landsAt,
    abortable: false,
    announced: true,
    targetHidden: !trigger.announced,
    postId: trigger.postId,
  }).ctx;
}

/** `Abort:` in the thread (R-M4): the actor's own missile at that player, inside its window. */
export function onAbort(ctx: GameContext, act: PlayerAction): GameContext {
  const who = livingActor(ctx, act, 'the abort');
  if ('flagged' in who) return who.flagged;
  const actor = ctx.slots[who.slot]!;
  const flag = (code: string, message: string) =>
    flagAction(ctx, act, code, `${message} ${JSON.stringify(act.action.text)}`);
  const resolved = resolveActionTarget(ctx, act, act.action.argument ?? '', true);
  const mine = resolved.ok
    ? ctx.missiles.filter((m) => inFlight(m) && m.launcher === actor.index && m.target === resolved.slot)
    : [];
  if (mine.length === 0) {
    const at = resolved.ok ? nameOf(ctx, resolved.slot) : JSON.stringify(act.action.argument ?? '');
    return flag('abort-no-missile', `${actor.name} has no missile in flight at ${at}.`);
  }
  const missile = mine.find((m) => m.abortableUntil !== null && act.at < m.abortableUntil);
  if (!missile) {
    const m = mine[0]!;
    return flag(
      'abort-too-late',
      m.abortableUntil === null
        ? `The missile at ${nameOf(ctx, m.target)} cannot be aborted.`
        : `The abort window closed at ${formatInstant(m.abortableUntil)}.`,
    );
  }
  return advanceMissile(ctx, missile.id, { type: 'missile.abort', at: act.at }).ctx;
}

/** A Doomsday PM (R-S3): inside the Mechanism's window, at a living player; cannot be aborted. */
export function onDoomsday(ctx: GameContext, act: PlayerAction): GameContext {
  if (act.actor === null) return flagAction(ctx, act, 'action-not-player', `${act.post.author} is not a player.`);
  const actor = ctx.slots[act.actor]!;
  const flag = (code: string, message: string) =>
    flagAction(ctx, act, code, `${message} ${JSON.stringify(act.action.text)}`);
  if (actor.role !== 'Doomsday Mechanism')
    return flag('action-not-allowed', `${actor.name} is not a Doomsday Mechanism.`);
  const state = dx(ctx);
  const window = state.doomsday.find((w) => w.slot === actor.index);
  if (window?.used) return flag('doomsday-used', `${actor.name}'s Doomsday launch was already made.`);
  if (!window || window.closed || act.at < window.opensAt || act.at >= window.closesAt) {
    return flag('doomsday-not-open', `${actor.name} has no open Doomsday window now.`);
  }
  const resolved = resolveActionTarget(ctx, act, act.action.argument ?? '');
  if (!resolved.ok) return resolved.ctx;
  let next = withDx(resolved.ctx, { doomsday: state.doomsday.map((w) => (w === window ? { ...w, used: true } : w)) });
  next = cancelTimers(next, 'doomsday-closed', String(actor.index));
  return createMissile(next, {
    kind: 'doomsday',
    launcher: actor.index,
    target: resolved.slot,
    launchedAt: act.at,
    abortable: false,
    announced: true,
    postId: act.post.id,
  }).ctx;
}
