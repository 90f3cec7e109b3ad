/** What the desk alerts the moderator about (app config `alerts`, each on or off per channel). */
export const ALERT_KINDS = [
  'day-ended',
  'hammer-held',
  'count-requested',
  'night-action',
  'deadline-near',
  'prod-due',
  'read-failing',
  'post-failing',
  'draft-waiting',
] as const;

export type AlertKind = (typeof ALERT_KINDS)[number];

/** One thing the moderator is told about, known by `key` so it is told once. */
export interface AlertItem {
  kind: AlertKind;
  key: string;
  /** Who or what, in a few words: a player's name, a phase, a draft's kind. Never a post's or a PM's text. */
  subject: string;
  url?: string;
}
