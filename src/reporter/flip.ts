import type { Instant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import type { Markup } from './markup.js';
import { displayName } from './vote-count-model.js';

/** A slot's current name, escaped. */
export const who = (ctx: GameContext, slot: number, mk: Markup) => mk.text(displayName(ctx.slots[slot]));

/** The role a flip shows at `at`: a Doomsday Mechanism is a Missile Silo until it has launched (R-S3). */
export function roleShownAt(ctx: GameContext, slot: number, at: Instant): string | null {
  const s = ctx.slots[slot];
  if (!s) return null;
  if (s.role === 'Doomsday Mechanism') {
    const activated = ctx.missiles.some((m) => m.kind === 'doomsday' && m.launcher === slot && m.launchedAt <= at);
    return activated ? s.role : 'Missile Silo';
  }
  return s.role;
}

/**
 * What a flip says when the game file gives neither faction nor role (as `init` writes every game): a placeholder
 * the moderator fills in before the draft can be approved, never a sentence only moddesk understands (issue 32, M3).
 */
export const FLIP_PLACEHOLDER = '[flip: ?]';

/**
 * Whether a draft still holds the flip placeholder, in any markup: Markdown escapes its brackets (`\[`), BBCode
 * writes a name's brackets as fullwidth ones (`［`), and a moderator may retype either.
 */
export function hasFlipPlaceholder(text: string): boolean {
  return /(?:\\?\[|［)flip: \?(?:\\?\]|］)/.test(text);
}

/**
 * A faction and role as a flip reads: `town Fighter`; no role is the forums' `Vanilla Townie` / `Mafia Goon`;
 * what the game file does not say is the placeholder the moderator fills in, never "unknown faction unknown role".
 */
export function roleWords(faction: string | null, role: string | null): string {
  if (role !== null) return faction === null ? role : `${faction} ${role}`;
  if (faction === null) return FLIP_PLACEHOLDER;
  if (faction === 'town') return 'Vanilla Townie';
  if (faction === 'mafia') return 'Mafia Goon';
  return `${faction}, no power role`;
}

/** `town Fighter`, bold: what a death reveals. */
export function flip(ctx: GameContext, slot: number, at: Instant, mk: Markup): string {
  const words = roleWords(ctx.slots[slot]?.faction ?? null, roleShownAt(ctx, slot, at));
  // The placeholder is moddesk's own text, never posted: written as the moderator will search for it.
  return mk.bold(words === FLIP_PLACEHOLDER ? words : mk.text(words));
}
