/** The DEFCON roles as written in game files (rules-defcon.md), and how request lists name them. */

export const ROLES = [
  'Missile Silo',
  'Fighter',
  'Espionage',
  'Special Ops',
  'Aircraft Carrier',
  'Battleship',
  'Radar',
  'Submarine',
  'Air Base',
  'Failsafe',
  'Doomsday Mechanism',
] as const;
export type RoleName = (typeof ROLES)[number];
export type SiloMode = 'launch' | 'abm';

/** Roles whose night action is `Target:` (R-R1..R-R6); Espionage sends `Guess:`. */
export const TARGET_ROLES: ReadonlySet<string> = new Set([
  'Fighter',
  'Special Ops',
  'Aircraft Carrier',
  'Battleship',
  'Radar',
]);

/** A requested role: a Missile Silo entry carries its mode (R-Q1). */
export interface RoleChoice {
  role: RoleName;
  mode: SiloMode | null;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

const ALIASES: Record<string, RoleName> = {
  silo: 'Missile Silo',
  missile: 'Missile Silo',
  nuclearsilo: 'Missile Silo',
  specialopsstrikeforce: 'Special Ops',
  specops: 'Special Ops',
  specialoperations: 'Special Ops',
  carrier: 'Aircraft Carrier',
  airbase: 'Air Base',
  doomsday: 'Doomsday Mechanism',
  sub: 'Submarine',
  spy: 'Espionage',
};

const BY_NORM = new Map<string, RoleName>([...ROLES.map((r) => [norm(r), r] as const), ...Object.entries(ALIASES)]);

/**
 * Reads one entry of a request list: `Fighter`, `Missile Silo (abm)`, `Missile Silo (launch)`, `ABM`, … A silo
 * without a mode is a launch silo. Null when the entry names no role.
 */
export function parseRoleChoice(entry: string): RoleChoice | null {
  const text = entry.trim();
  const modeMatch = trailingBrackets(text);
  const base = modeMatch ? text.slice(0, modeMatch.at) : text;
  const modeText = norm(modeMatch?.inner ?? '');
  const baseNorm = norm(base);
  if (baseNorm === 'abm' || baseNorm === 'antiballisticmissile' || baseNorm === 'abmsilo')
    return { role: 'Missile Silo', mode: 'abm' };
  const role = BY_NORM.get(baseNorm.replace(/mode$/, '')) ?? BY_NORM.get(baseNorm);
  if (!role) return null;
  if (role !== 'Missile Silo') return { role, mode: null };
  const mode: SiloMode = /^(abm|antiballistic)/.test(modeText) ? 'abm' : 'launch';
  return { role, mode };
}

/** The brackets that end `text` (trimmed): from the first `(` after the `)` before the last one, in one pass. */
export function trailingBrackets(text: string): { at: number; inner: string } | null {
  if (!text.endsWith(')')) return null;
  const close = text.length - 1;
  const at = text.indexOf('(', close > 0 ? text.lastIndexOf(')', close - 1) + 1 : 0);
  return at < 0 ? null : { at, inner: text.slice(at + 1, close).trimStart() };
}

/** Splits a `Request:` argument into its entries (comma, semicolon, `>` or a line break between them). */
export function parseRequestList(argument: string): { choices: RoleChoice[]; unknown: string[] } {
  const choices: RoleChoice[] = [];
  const unknown: string[] = [];
  // ` then ` is tried only where its spaces start (a line break before them is a separator of its own).
  for (const raw of argument.split(/[,;>\n]|(?<![^\S\n])\s+then\s+/i)) {
    const entry = raw.replace(/^\s*\d+[.)]\s*/, '').trim();
    if (!entry) continue;
    const choice = parseRoleChoice(entry);
    if (choice) choices.push(choice);
    else unknown.push(entry);
  }
  return { choices, unknown };
}

export function isRoleName(name: string): name is RoleName {
  return (ROLES as readonly string[]).includes(name);
}
