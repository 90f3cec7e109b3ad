import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { toStateJson } from '../../src/machine/to-state-json.js';
import { replay } from '../../src/reporter/replay.js';

/**
 * Runs test/scenarios/obsidian-* in-process with the contract runner's matching rules
 * (shared/spec/examples/check.mjs): partial objects, arrays of objects contain a match for each element,
 * arrays of scalars are exact; `$absent` and `$count`. The same folders pass `node check.mjs`.
 */
const root = fileURLToPath(new URL('../scenarios/', import.meta.url));
const names = readdirSync(root).filter((n) => n.startsWith('obsidian-'));

function matches(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return actual === expected;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    if (expected.every((e) => e === null || typeof e !== 'object'))
      return expected.length === actual.length && expected.every((e, i) => actual[i] === e);
    return expected.every((e) => actual.some((a) => matches(a, e)));
  }
  if (actual === null || typeof actual !== 'object') return false;
  return Object.entries(expected).every(([k, v]) => matches((actual as Record<string, unknown>)[k], v));
}

const get = (obj: unknown, path: string) =>
  path.split('.').reduce<unknown>((o, k) => (o == null ? undefined : (o as Record<string, unknown>)[k]), obj);

function problems(state: Record<string, unknown>, expect: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(expect)) {
    if (key === '$absent') {
      for (const [path, elems] of Object.entries(value as Record<string, unknown[]>)) {
        const arr = (get(state, path) as unknown[]) ?? [];
        for (const e of elems) if (arr.some((a) => matches(a, e))) out.push(`$absent ${path} ${JSON.stringify(e)}`);
      }
    } else if (key === '$count') {
      for (const [path, n] of Object.entries(value as Record<string, number>)) {
        const arr = get(state, path);
        if (!Array.isArray(arr) || arr.length !== n) out.push(`$count ${path}: want ${n}`);
      }
    } else if (!matches(state[key], value))
      out.push(`${key}: want ${JSON.stringify(value)}, got ${JSON.stringify(state[key])}`);
  }
  return out;
}

describe('obsidian contract scenarios (test/scenarios/obsidian-*)', () => {
  it('there are scenarios to run', () => expect(names.length).toBeGreaterThanOrEqual(4));
  for (const name of names) {
    it(name, () => {
      const dir = `${root}${name}/`;
      const game = loadGameFile(`${dir}game.yaml`);
      const posts = loadDump(`${dir}posts.jsonl`);
      const checks = JSON.parse(readFileSync(`${dir}checks.json`, 'utf8')) as {
        at?: string;
        through?: string;
        expect: Record<string, unknown>;
      }[];
      for (const c of checks) {
        const r = replay(game, posts, c.at ? { at: Date.parse(c.at) } : { through: c.through as string });
        const state = toStateJson(r.context, r.at) as unknown as Record<string, unknown>;
        expect(problems(state, c.expect), `${name} @ ${c.at ?? c.through}`).toEqual([]);
      }
    });
  }
});
