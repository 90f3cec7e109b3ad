import type { GameFile } from './game-file.js';

/**
 * Which of the moderator's private messages belong to a game (issue 30 item 2): those sent by one of its players'
 * accounts (names, aliases, other accounts, replacements) at or after the game's first phase starts. Every other
 * message of the inbox is left where it is: never mapped to a post, stored or logged.
 */
export interface PmWindow {
  /** Sender accounts, lower-cased. */
  senders: string[];
  /** Epoch ms: a message sent earlier is not the game's. */
  since: number;
}

export function pmWindowOf(game: GameFile): PmWindow {
  const names = new Set<string>();
  for (const p of game.players) for (const n of [p.name, ...p.aliases, ...(p.accounts ?? [])]) names.add(n);
  for (const e of game.events) if ('replace' in e) names.add(e.by);
  return {
    senders: [...names].map((n) => n.toLowerCase()),
    since: Math.min(...game.phases.map((p) => Date.parse(p.start))),
  };
}

/** Whether a message from `author` sent at `sentAt` (epoch ms) is the game's. */
export function inPmWindow(w: PmWindow, author: string, sentAt: number): boolean {
  return sentAt >= w.since && w.senders.includes(author.trim().toLowerCase());
}
