import { AsyncLocalStorage } from 'node:async_hooks';

const acting = new AsyncLocalStorage<string>();

/**
 * Runs `fn` on behalf of `who` (a signed-in account's name, or "moderator (token)"): the audit log names them for
 * whatever the desk does inside, without every Desk method taking one more argument.
 */
export function actingAs<T>(who: string, fn: () => Promise<T>): Promise<T> {
  return acting.run(who, fn);
}

/** Who the audit log names for a change the moderator asked for: `mod` outside the dashboard (tests, the CLI). */
export function auditActor(): string {
  return acting.getStore() ?? 'mod';
}
