/**
 * The contract runner's matching rules (../shared/spec/examples/check.mjs), for our own scenarios run through one
 * `moddesk state` call each: object keys are partial matches, arrays of objects contain a match for each element,
 * arrays of scalars are exact; `$absent`, `$count` (with `path[key=value]`), `$set` and `$order`.
 */
export interface ScenarioCheck {
  at?: string;
  through?: string;
  expect: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const get = (obj: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o == null ? undefined : (o as Json)[k]), obj);

function select(obj: unknown, spec: string): unknown[] | undefined {
  const m = /^(.*?)(?:\[(\w+)=(.*)\])?$/.exec(spec)!;
  const arr = get(obj, m[1]!);
  if (!Array.isArray(arr)) return undefined;
  return m[2] ? arr.filter((x) => String((x as Json | null)?.[m[2]!]) === m[3]) : arr;
}

function matches(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return actual === expected;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    if (expected.every((e) => e === null || typeof e !== 'object'))
      return expected.length === actual.length && expected.every((e, i) => actual[i] === e);
    return expected.every((e) => actual.some((a) => matches(a, e)));
  }
  if (actual === null || typeof actual !== 'object') return false;
  return Object.entries(expected).every(([k, v]) => matches((actual as Json)[k], v));
}

/** What a state lacks against one check's `expect`, one line each, worded as check.mjs words them. */
export function problems(state: Json, expect: Json): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(expect)) {
    if (key === '$absent') {
      for (const [path, elems] of Object.entries(value as Record<string, unknown[]>)) {
        const arr = (get(state, path) as unknown[] | undefined) ?? [];
        for (const e of elems)
          if (arr.some((a) => matches(a, e))) out.push(`$absent ${path} ${JSON.stringify(e)} is present`);
      }
    } else if (key === '$count') {
      for (const [spec, n] of Object.entries(value as Record<string, number>)) {
        const arr = select(state, spec);
        if (arr?.length !== n) out.push(`$count ${spec}: want ${n}, got ${arr?.length}`);
      }
    } else if (key === '$set') {
      for (const [path, want] of Object.entries(value as Record<string, unknown[]>)) {
        const got = get(state, path);
        if (!Array.isArray(got) || got.length !== want.length || !want.every((w) => got.includes(w)))
          out.push(`$set ${path}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
      }
    } else if (key === '$order') {
      for (const [path, want] of Object.entries(value as Record<string, unknown[]>)) {
        const parts = path.split('.');
        const field = parts.pop()!;
        const got = ((get(state, parts.join('.')) as Json[] | undefined) ?? []).map((x) => x?.[field]);
        if (JSON.stringify(got) !== JSON.stringify(want))
          out.push(`$order ${path}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
      }
    } else if (!matches(state[key], value)) {
      out.push(`${key}: want ${JSON.stringify(value)}, got ${JSON.stringify(state[key])?.slice(0, 400)}`);
    }
  }
  return out;
}
