import type { GameContext, NightAction } from '../../context.js';
import type { PlayerAction } from '../../ruleset.js';
import { flagAction } from '../base.js';
import { livingActor, resolveActionTarget } from './common.js';
import { TARGET_ROLES } from './roles.js';

export const KILLING_FACTIONS: ReadonlySet<string> = new Set(['mafia', 'sk']);

const FACTION_WORDS: Record<string, string> = {
  town: 'town',
  townie: 'town',
  mafia: 'mafia',
  maf: 'mafia',
  scum: 'mafia',
  sk: 'sk',
  serialkiller: 'sk',
};

// Tried only from the first separator of a run (the old `^(.*?)` before it tried every length of the player part).
const FACTION_AT_END = /(?<![\s,:;=-])[\s,:;=-]+(town|townie|mafia|maf|scum|sk|serial[\s-]*killer)\s*$/i;

/** `Guess: Bob mafia` → the player part and the faction (Espionage, R-R2). */
export function splitGuess(argument: string): { player: string; faction: string } | null {
  const text = argument.trim();
  const m = FACTION_AT_END.exec(text);
  const player = m ? text.slice(0, m.index) : '';
  // The player part never spans a line end (as `.` did not).
  if (!m || !player.trim() || /[\n\r\u2028\u2029]/.test(player)) return null;
  const faction = FACTION_WORDS[(m[1] ?? '').toLowerCase().replace(/[\s-]/g, '')];
  return faction ? { player: player.trim(), faction } : null;
}

/**
 * A night action by PM (R-R1..R-R8): `Target:` for the target roles, `Guess:` for Espionage, `Kill:` for the
 * mafia and sk from N2 on. The last one of each kind sent before the night ends counts; a faction's kill is
 * the last `Kill:` any of its members sent.
 */
export function onNightAction(ctx: GameContext, act: PlayerAction): GameContext {
  const kind = act.action.kind;
  const who = livingActor(ctx, act, 'the night action');
  if ('flagged' in who) return who.flagged;
  const actor = ctx.slots[who.slot]!;
  const quoted = JSON.stringify(act.action.text);
  const flag = (code: string, message: string) => flagAction(ctx, act, code, `${message} ${quoted}`);
  const allowed =
    kind === 'kill'
      ? KILLING_FACTIONS.has(actor.faction ?? '')
      : kind === 'guess'
        ? actor.role === 'Espionage'
        : actor.role !== null && TARGET_ROLES.has(actor.role);
  if (!allowed) {
    const what =
      kind === 'kill'
        ? `${actor.name}'s faction has no night kill`
        : `${actor.name} (${actor.role ?? 'no role'}) has no \`${kind}\` action`;
    return flag('action-not-allowed', `${what} (R-R8).`);
  }
  const phase = ctx.phase;
  if (phase?.kind !== 'night' || phase.endedAt !== null) {
    return flag(
      'action-wrong-phase',
      `Night actions are sent during a night; it is ${phase?.name ?? 'before the game'}.`,
    );
  }
  if (kind === 'kill' && phase.number < 2)
    return flag('kill-too-early', `Night kills start on N2 (R-P4); it is ${phase.name}.`);
  let argument = act.action.argument ?? '';
  let extra: string | null = null;
  if (kind === 'guess') {
    const guess = splitGuess(argument);
    if (!guess)
      return flag('guess-invalid', 'Expected `Guess: <player> <faction>` with a faction of town, mafia or sk.');
    argument = guess.player;
    extra = guess.faction;
  }
  const resolved = resolveActionTarget(ctx, act, argument);
  if (!resolved.ok) return resolved.ctx;
  const record: NightAction = {
    phase: phase.name,
    actor: actor.index,
    kind,
    target: resolved.slot,
    extra,
    postId: act.post.id,
    at: act.at,
  };
  const replaced = (a: NightAction) =>
    a.phase === phase.name &&
    a.kind === kind &&
    (kind === 'kill' ? resolved.ctx.slots[a.actor]?.faction === actor.faction : a.actor === actor.index);
  return { ...resolved.ctx, nightActions: [...resolved.ctx.nightActions.filter((a) => !replaced(a)), record] };
}
