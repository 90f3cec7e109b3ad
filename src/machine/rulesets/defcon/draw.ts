import type { RoleChoice, RoleName, SiloMode } from './roles.js';
import { sha256, sha256Hex } from './sha256.js';

/** A player who takes part in the request draw (R-Q1): their ordered wishes, possibly none. */
export interface DrawEntrant {
  player: string;
  choices: RoleChoice[];
}

export interface DrawAssignment {
  player: string;
  role: RoleName;
  mode: SiloMode | null;
  round: number;
  contested: boolean;
}

/** One seeded pick (R-Q5), with everything needed to redo it by hand. */
export interface DrawContest {
  round: number;
  role: RoleName;
  /** Applicants sorted by name (case-insensitive, then as written). */
  applicants: string[];
  /** The text hashed: `<seed>:<round>:<role>`. */
  hashed: string;
  /** The first 8 bytes of its SHA-256, big-endian, in decimal. */
  u: string;
  index: number;
  winner: string;
}

export interface DrawResult {
  seed: string;
  seedSha256: string;
  assignments: DrawAssignment[];
  contests: DrawContest[];
}

const byName = (a: string, b: string) => {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/** u of R-Q5: the first 8 bytes, big-endian, of SHA-256 of the UTF-8 text `<seed>:<r>:<role>`. */
export function drawNumber(seed: string, round: number, role: string): bigint {
  const digest = sha256(new TextEncoder().encode(`${seed}:${round}:${role}`));
  let u = 0n;
  for (let i = 0; i < 8; i += 1) u = (u << 8n) | BigInt(digest[i] as number);
  return u;
}

/**
 * The request draw R-Q2..R-Q5. In round r every unassigned player applies to the highest role on their list
 * that is still free; a role with one applicant goes to them, a contested one to the applicant at index
 * `u mod n` of its applicants sorted by name. Missile Silo is never contested and is what an exhausted or
 * empty list gets, in launch mode (R-Q4). `taken` are roles the game file already gave to someone.
 */
export function runDraw(entrants: readonly DrawEntrant[], taken: readonly string[], seed: string): DrawResult {
  const unavailable = new Set<string>(taken.filter((r) => r !== 'Missile Silo'));
  const free = (role: RoleName) => role === 'Missile Silo' || !unavailable.has(role);
  const pointer = new Map<string, number>(entrants.map((e) => [e.player, 0]));
  const assigned = new Map<string, DrawAssignment>();
  const contests: DrawContest[] = [];
  let waiting = [...entrants];
  for (let round = 1; waiting.length > 0; round += 1) {
    const applicants = new Map<RoleName, { entrant: DrawEntrant; choice: RoleChoice }[]>();
    for (const e of waiting) {
      let i = pointer.get(e.player) ?? 0;
      while (i < e.choices.length && !free((e.choices[i] as RoleChoice).role)) i += 1;
      pointer.set(e.player, i);
      const choice = e.choices[i];
      if (!choice) {
        assigned.set(e.player, { player: e.player, role: 'Missile Silo', mode: 'launch', round, contested: false });
      } else if (choice.role === 'Missile Silo') {
        assigned.set(e.player, {
          player: e.player,
          role: 'Missile Silo',
          mode: choice.mode ?? 'launch',
          round,
          contested: false,
        });
      } else {
        applicants.set(choice.role, [...(applicants.get(choice.role) ?? []), { entrant: e, choice }]);
      }
    }
    for (const role of [...applicants.keys()].sort()) {
      const list = applicants.get(role) ?? [];
      let winner = list[0]?.entrant.player as string;
      if (list.length > 1) {
        const names = list.map((a) => a.entrant.player).sort(byName);
        const u = drawNumber(seed, round, role);
        const index = Number(u % BigInt(names.length));
        winner = names[index] as string;
        contests.push({
          round,
          role,
          applicants: names,
          hashed: `${seed}:${round}:${role}`,
          u: u.toString(),
          index,
          winner,
        });
      }
      assigned.set(winner, { player: winner, role, mode: null, round, contested: list.length > 1 });
      unavailable.add(role);
    }
    waiting = waiting.filter((e) => !assigned.has(e.player));
  }
  return {
    seed,
    seedSha256: sha256Hex(seed),
    assignments: entrants.map((e) => assigned.get(e.player) as DrawAssignment),
    contests,
  };
}
