import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDump } from '../src/app/load-dump.js';
import { loadGameFile } from '../src/app/load-game-file.js';
import type { ParsedPost, ParseFn } from '../src/domain/action.js';
import { parseInstant } from '../src/domain/time.js';
import { toStateJson } from '../src/machine/to-state-json.js';
import { extractActions } from '../src/parser/extract-actions.js';
import { type Cut, replay } from '../src/reporter/replay.js';
import { openParseCache } from '../src/storage/cache-dir.js';
import { foldersHolding as folders } from './helpers/game-cases.js';

// Issue 11: the parse cache of one-shot calls only ever saves work. Every scenario at every check, and every real
// game over its whole thread, replays to the same state without the cache, with it cold (filling the SQLite file)
// and warm (every post read back from the file, none parsed); every real post body reads back as it was parsed.
const root = fileURLToPath(new URL('..', import.meta.url));
const scenarioDirs = [join(root, 'test', 'scenarios'), join(root, '..', 'shared', 'spec', 'examples')];
const realDirs = ['games', 'train'].map((d) => join(root, '..', 'shared', 'eval-data', 'mafiascum-donbot', d));
const work = mkdtempSync(join(tmpdir(), 'moddesk-parse-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let dirs = 0;
/** A fresh cache directory; `open()` opens its cache file the way `moddesk state` does. */
function cacheAt(parse: ParseFn = extractActions) {
  const env = { MODDESK_CACHE_DIR: join(work, `c${dirs++}`) };
  return () => {
    const cache = openParseCache(env, parse);
    if (!cache) throw new Error(`the parse cache did not open in ${env.MODDESK_CACHE_DIR}`);
    return cache;
  };
}

function stateWith(
  game: ReturnType<typeof loadGameFile>,
  posts: ReturnType<typeof loadDump>,
  cut: Cut,
  parse: ParseFn,
) {
  const r = replay(game, posts, cut, parse);
  return JSON.stringify(toStateJson(r.context, r.at));
}

describe.each(scenarioDirs)('scenarios in %s, with and without the parse cache', (dir) => {
  it.each(folders(dir, 'checks.json'))('%s', (name) => {
    const sdir = join(dir, name);
    const game = loadGameFile(join(sdir, 'game.yaml'));
    const posts = loadDump(join(sdir, 'posts.jsonl'));
    const checks = JSON.parse(readFileSync(join(sdir, 'checks.json'), 'utf8')) as { at?: string; through?: string }[];
    const open = cacheAt();
    for (const c of checks) {
      const cut: Cut = c.through ? { through: c.through } : c.at ? { at: parseInstant(c.at) as number } : null;
      const plain = stateWith(game, posts, cut, extractActions);
      const cold = open();
      expect(stateWith(game, posts, cut, cold.fn)).toBe(plain);
      cold.close();
      const warm = open();
      expect(stateWith(game, posts, cut, warm.fn)).toBe(plain);
      expect(warm.stats.parsed).toBe(0);
      warm.close();
    }
  });
});

describe.each(realDirs)('real games in %s, with and without the parse cache', (dir) => {
  it.each(folders(dir, 'posts.jsonl'))('%s', (thread) => {
    const gdir = join(dir, thread);
    const days = readdirSync(gdir).filter((f) => /^day-\d+\.game\.yaml$/.test(f));
    const last = days.sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0])).at(-1);
    if (!last) throw new Error(`${gdir} has no day-N.game.yaml`);
    const game = loadGameFile(join(gdir, last));
    const posts = loadDump(join(gdir, 'posts.jsonl'));
    // The cold pass hands back the parser's own answers (recorded here); the warm pass must read the same back.
    const parsed = new Map<string, ParsedPost>();
    const open = cacheAt((html, opts) => {
      const p = extractActions(html, opts);
      parsed.set(`${opts.channel}|${html}`, p);
      return p;
    });
    const cold = open();
    const plain = stateWith(game, posts, null, cold.fn);
    cold.close();
    const warm = open();
    let read = 0;
    const state = stateWith(game, posts, null, (html, opts) => {
      const p = warm.fn(html, opts);
      expect(p).toEqual(parsed.get(`${opts.channel}|${html}`));
      read += 1;
      return p;
    });
    warm.close();
    expect(state).toBe(plain);
    expect(warm.stats.parsed).toBe(0);
    expect(read).toBeGreaterThanOrEqual(posts.length);
  });
});
