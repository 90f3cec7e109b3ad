import type { Role } from '../app/accounts.js';
import type { GameTab } from './pages/layout.js';
import type { ChangeRoute } from './post-routes.js';

/**
 * The one map of who may do what on the dashboard. A viewer reads the game's public side (overview without living
 * players' roles, votes, counts, missiles); a co-moderator also reads the private side (drafts with their PMs,
 * flags, the night's actions) and approves, rules and edits; the moderator alone changes the game's shape (kills,
 * replacements, vote resets, phases, their undo, and resolving a night) and manages accounts (`moddesk accounts`).
 * The single-token desk's holder is the moderator.
 */
const RANK: Record<Role, number> = { viewer: 0, 'co-moderator': 1, moderator: 2 };

export const PAGE_ROLE: Record<GameTab, Role> = {
  overview: 'viewer',
  votes: 'viewer',
  counts: 'viewer',
  missiles: 'viewer',
  drafts: 'co-moderator',
  flags: 'co-moderator',
  night: 'co-moderator',
  mod: 'co-moderator',
};

export const CHANGE_ROLE: Record<ChangeRoute, Role> = {
  'draft-edit': 'co-moderator',
  'draft-approve': 'co-moderator',
  'draft-reject': 'co-moderator',
  'draft-stop': 'co-moderator',
  'draft-correct': 'co-moderator',
  'draft-approve-role-pms': 'co-moderator',
  ruling: 'co-moderator',
  'ruling-group': 'co-moderator',
  'ruling-undo': 'co-moderator',
  'night-action': 'co-moderator',
  'night-console': 'co-moderator',
  'night-resolve': 'moderator',
  'mod-kill': 'moderator',
  'mod-replace': 'moderator',
  'mod-reset': 'moderator',
  'mod-phase': 'moderator',
  'mod-undo': 'moderator',
};

export const may = (role: Role, need: Role): boolean => RANK[role] >= RANK[need];

/** Whether `role` sees private text (PMs, night actions, living players' roles, flags, drafts). */
export const seesPrivate = (role: Role): boolean => may(role, 'co-moderator');
