/** One alert as the channels send it: a game, a title and a few lines of words (names, counts, post links only). */
export interface AlertMessage {
  gameId: string;
  title: string;
  lines: string[];
  /** Post links the lines are about (the moderator's own thread). */
  links: string[];
  /** The alert kinds it groups (`day-ended`, `count-requested`…). */
  kinds: string[];
  /** Desk time, ISO. */
  at: string;
}

/** A channel refused or could not take an alert; `retryAfterMs`: the channel said when to try again (HTTP 429). */
export class AlertSendError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export interface AlertChannel {
  /** `discord`, `webhook`, `email`: how the dashboard names it. */
  readonly name: string;
  send(alert: AlertMessage): Promise<void>;
}

/** The alert as plain text: the title, then its lines. */
export function alertText(a: AlertMessage): string {
  return [a.title, ...a.lines.map((l) => `- ${l}`), ...a.links].join('\n');
}
