import { ModdeskError } from '../../../domain/errors.js';
import type { GameContext } from '../../context.js';
import { addFlag } from '../../flags.js';
import { replaceSlot } from '../../roster.js';
import type { PlayerAction } from '../../ruleset.js';
import { flagAction } from '../base.js';
import { type DrawEntrant, type DrawResult, runDraw } from './draw.js';
import { parseRequestList, type RoleChoice } from './roles.js';
import { dx, withDx } from './state.js';

/** A `Request:` PM (R-Q1): only during D0; the last one a player sends counts. */
export function onRequest(ctx: GameContext, act: PlayerAction): GameContext {
  if (act.actor === null)
    return flagAction(ctx, act, 'action-not-player', `${act.post.author} is not a player; the request is not used.`);
  const actor = ctx.slots[act.actor]!;
  if (ctx.phase?.kind !== 'setup') {
    return flagAction(
      ctx,
      act,
      'request-wrong-phase',
      `Role requests are sent during D0; it is ${ctx.phase?.name ?? 'before the game'}.`,
    );
  }
  let next = ctx;
  const { choices, unknown } = parseRequestList(act.action.argument ?? '');
  if (unknown.length > 0) {
    next = flagAction(
      next,
      act,
      'request-unknown-role',
      `Not a DEFCON role: ${unknown.map((u) => JSON.stringify(u)).join(', ')}; the rest of the list is used.`,
    );
  }
  if (ctx.setup.game.players[actor.index]?.role !== undefined) {
    next = flagAction(
      next,
      act,
      'request-ignored',
      `${actor.name}'s role is set in the game file; the request is not drawn.`,
    );
  }
  const record = { slot: actor.index, choices, postId: act.post.id, at: act.at };
  return withDx(next, { requests: [...dx(next).requests.filter((r) => r.slot !== actor.index), record] });
}

/** The game file's own `requests` lists, checked: an entry that names no role is an error with its place. */
export function gameFileRequests(ctx: GameContext): Map<number, RoleChoice[]> {
  const out = new Map<number, RoleChoice[]>();
  ctx.setup.game.players.forEach((p, i) => {
    if (!p.requests) return;
    const choices: RoleChoice[] = [];
    p.requests.forEach((entry, j) => {
      const { choices: parsed, unknown } = parseRequestList(entry);
      if (unknown.length > 0 || parsed.length !== 1) {
        throw new ModdeskError(
          'game-invalid',
          `${JSON.stringify(entry)} is not a DEFCON role (e.g. "Fighter" or "Missile Silo (abm)")`,
          {
            place: `players[${i}].requests[${j}]`,
          },
        );
      }
      choices.push(...parsed);
    });
    out.set(i, choices);
  });
  return out;
}

/** Who takes part in the draw: players without a role in the game file, with the game file's or PM'd list. */
export function drawEntrants(ctx: GameContext): DrawEntrant[] {
  const fromFile = gameFileRequests(ctx);
  const fromPm = new Map(dx(ctx).requests.map((r) => [r.slot, r.choices]));
  return ctx.setup.game.players
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.role === undefined)
    .map(({ p, i }) => ({ player: p.name, choices: fromFile.get(i) ?? fromPm.get(i) ?? [] }));
}

export const takenRoles = (ctx: GameContext) => ctx.setup.game.players.flatMap((p) => (p.role ? [p.role] : []));

/** The draw for `ctx` with `seed` (`moddesk draw` and the game itself use this). */
export function drawFor(ctx: GameContext, seed: string): DrawResult {
  return runDraw(drawEntrants(ctx), takenRoles(ctx), seed);
}

/**
 * Runs the draw once, when the first phase after D0 starts (or at once without a D0): roles go out at D1
 * (R-P3). A game where nobody has a role or a request is a vote-count-only game: no draw.
 */
export function applyDraw(ctx: GameContext): GameContext {
  if (dx(ctx).drawn) return ctx;
  let next = withDx(ctx, { drawn: true });
  const entrants = drawEntrants(ctx);
  const anySetup =
    ctx.setup.game.players.some((p) => p.role !== undefined || p.requests !== undefined) || dx(ctx).requests.length > 0;
  if (entrants.length === 0 || !anySetup) return next;
  const seed = ctx.setup.options.seed;
  if (seed === null) {
    return addFlag(next, {
      postId: null,
      code: 'draw-seed-missing',
      actor: null,
      message: `${entrants.length} player(s) have no role and options.seed is not set: set it and run \`moddesk draw\`.`,
      at: ctx.now,
    });
  }
  const draw = runDraw(entrants, takenRoles(ctx), seed);
  for (const a of draw.assignments) {
    const index = ctx.setup.game.players.findIndex((p) => p.name === a.player);
    next = { ...next, slots: replaceSlot(next.slots, index, { role: a.role, mode: a.mode }) };
  }
  return next;
}
