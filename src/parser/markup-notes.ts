import type { ExtractedAction, ParseDiagnostic } from '../domain/action.js';

/** A vote read through broken markup (A55–A57): the mod is told what broke and what was read. */
export function markupNote(action: ExtractedAction): ParseDiagnostic {
  return {
    code: 'html-malformed',
    message: `read through broken markup (${action.markup}): read as ${action.kind}${action.argument ? ` ${action.argument}` : ''}; check it`,
    text: action.text,
  };
}

/** A52, A54: marks each action of `mended` that `asSent` lacks (by kind, argument and line) as read through markup. */
export function markMended(mended: ExtractedAction[], asSent: readonly ExtractedAction[], why: string): void {
  const left = new Map<string, number>();
  const key = (a: ExtractedAction) => `${a.kind}\u0000${a.argument ?? ''}\u0000${a.text}`;
  for (const a of asSent) left.set(key(a), (left.get(key(a)) ?? 0) + 1);
  for (const a of mended) {
    const n = left.get(key(a)) ?? 0;
    if (n > 0) left.set(key(a), n - 1);
    else a.markup ??= why;
  }
}
