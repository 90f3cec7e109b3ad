import type { StateValue } from 'xstate';

/** A statechart's state as a dotted key: `day.open`, `flying.locked`, `over`. */
export function stateKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [k, v] = Object.entries(value)[0] ?? ['?', '?'];
  return `${k}.${stateKey(v as StateValue)}`;
}
