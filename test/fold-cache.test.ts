import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDumpFile } from '../src/app/dump-bytes.js';
import { type DumpText, loadDumpText, parseDumpText } from '../src/app/load-dump.js';
import { loadGameFile } from '../src/app/load-game-file.js';
import { memoFor, openReplay } from '../src/cli/cached-replay.js';
import type { ParsedPost, ParseFn } from '../src/domain/action.js';
import type { GameFile } from '../src/domain/game-file.js';
import { parseInstant } from '../src/domain/time.js';
import type { CountPostReader } from '../src/machine/house-rules/count-record.js';
import { withPostFacts } from '../src/machine/house-rules/post-facts.js';
import { toStateJson } from '../src/machine/to-state-json.js';
import { extractActions } from '../src/parser/extract-actions.js';
import { type Cut, type ReplayResult, replay } from '../src/reporter/replay.js';
import { AnswerMemo } from '../src/storage/answer-memo.js';
import { DumpIndexes } from '../src/storage/dump-indexes.js';
import { DumpStamps } from '../src/storage/dump-stamps.js';
import { FoldPoints, foldPointsKey } from '../src/storage/fold-points.js';
import { foldersHolding as folders } from './helpers/game-cases.js';

// Issue 11: the fold points of one-shot calls only ever save work. Every scenario at every check and every real
// game day at its moderator's counts gives the same `state` JSON without the cache, cold (a fold from the start),
// resumed from an earlier call's point and answered from the same cut's point; a changed dump or game file, a
// corrupt point and calls at once fall back to a full fold.
const root = fileURLToPath(new URL('..', import.meta.url));
const scenarioDirs = [join(root, 'test', 'scenarios'), join(root, '..', 'shared', 'spec', 'examples')];
const realDirs = ['games', 'train'].map((d) => join(root, '..', 'shared', 'eval-data', 'mafiascum-donbot', d));
const work = mkdtempSync(join(tmpdir(), 'moddesk-fold-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let dirs = 0;
/** A fresh cache directory, as `moddesk state` finds it. */
const freshCache = (): NodeJS.ProcessEnv => ({ MODDESK_CACHE_DIR: join(work, `c${dirs++}`) });

/** Parsed once per body for the whole file (the parse cache's own test shows that changes nothing). */
const memo = new Map<string, ParsedPost>();
const parse: ParseFn = (html, opts) => {
  const k = `${opts.channel}|${opts.syntax.join(',')}|${html}`;
  const p = memo.get(k) ?? extractActions(html, opts);
  memo.set(k, p);
  return p;
};

/** What `moddesk state` prints for a replay (src/cli/state-command.ts). */
function stateJson(game: GameFile, dump: DumpText, r: ReplayResult, reader?: CountPostReader): string {
  const state = withPostFacts(
    toStateJson(r.context, r.at, r.machineState),
    r.context,
    dump.posts,
    (post) => replay(game, dump.posts, { through: post.id }, parse).context,
    reader,
  );
  return JSON.stringify(state);
}

const plain = (game: GameFile, dump: DumpText, cut: Cut) => stateJson(game, dump, replay(game, dump.posts, cut, parse));

/** As `moddesk state` with the caches: the count rules read the posts as earlier calls kept them (decision 0029). */
function cached(game: GameFile, dump: DumpText, cut: Cut, env: NodeJS.ProcessEnv) {
  const call = openReplay(game, dump, cut, env);
  const r = call.replay();
  const json = stateJson(game, dump, r, call.countReader);
  call.keepReadings();
  return { json, from: r.from };
}

describe.each(scenarioDirs)('scenarios in %s, with and without fold points', (dir) => {
  it.each(folders(dir, 'checks.json'))('%s', (name) => {
    const sdir = join(dir, name);
    const game = loadGameFile(join(sdir, 'game.yaml'));
    const dump = loadDumpText(join(sdir, 'posts.jsonl'));
    const checks = JSON.parse(readFileSync(join(sdir, 'checks.json'), 'utf8')) as { at?: string; through?: string }[];
    const cuts: Cut[] = checks.map((c) =>
      c.through ? { through: c.through } : c.at ? { at: parseInstant(c.at) as number } : null,
    );
    // In the checks' order (each call resumes from the latest earlier point), then backwards (earlier cuts).
    const env = freshCache();
    for (const cut of [...cuts, ...[...cuts].reverse(), null]) {
      const want = plain(game, dump, cut);
      expect(cached(game, dump, cut, freshCache()).json).toBe(want);
      expect(cached(game, dump, cut, env).json).toBe(want);
      const again = cached(game, dump, cut, env);
      expect(again.json).toBe(want);
      expect(again.from).toBe('point');
    }
  });
});

describe.each(realDirs)('real game days in %s, with and without fold points', (dir) => {
  it.each(folders(dir, 'posts.jsonl'))('%s', (thread) => {
    const gdir = join(dir, thread);
    const file = join(gdir, 'posts.jsonl');
    const dump = loadDumpText(file);
    // Each cached call reads the dump as `moddesk state` does: from the index the first read kept (decision 0027),
    // its digest from the stamp the first read kept (decision 0028).
    const indexes = new DumpIndexes(join(work, 'indexes'));
    const stamps = new DumpStamps(join(work, 'stamps'));
    const read = () => {
      const opened = openDumpFile(file, (stamp) => stamps.digestOf(file, stamp));
      if (opened.hashed) stamps.keep(file, opened.stamp, opened.digest);
      return parseDumpText(opened, file, undefined, indexes);
    };
    const expected = JSON.parse(readFileSync(join(gdir, 'expected.json'), 'utf8')) as {
      days: { day: number; transition: { id: string }; voteCounts: { through: { id: string } }[] }[];
    };
    for (const d of expected.days) {
      const game = loadGameFile(join(gdir, `day-${d.day}.game.yaml`));
      const vcs = d.voteCounts.map((vc) => vc.through.id);
      const mid = vcs[Math.floor(vcs.length / 2)] ?? d.transition.id;
      const env = freshCache();
      const midWant = plain(game, dump, { through: mid });
      const endWant = plain(game, dump, { through: d.transition.id });
      const first = cached(game, read(), { through: mid }, env);
      expect(first.json).toBe(midWant);
      const later = cached(game, read(), { through: d.transition.id }, env);
      expect(later.json).toBe(endWant);
      const same = cached(game, read(), { through: d.transition.id }, env);
      expect(same.json).toBe(endWant);
      expect([first.from, same.from]).toEqual(['fold', 'point']);
      if (mid !== d.transition.id) expect(later.from).toBe('resumed');
      // The day's end first (as the scorer asks it): its fold saved the point before the day began, which the
      // day's counts resume from; a later day's game file names the earlier days' posts before it.
      const endFirst = freshCache();
      expect(cached(game, read(), { through: d.transition.id }, endFirst).from).toBe('fold');
      const back = cached(game, read(), { through: mid }, endFirst);
      expect(back.json).toBe(midWant);
      if (d.day > 1 && mid !== d.transition.id) expect(back.from).toBe('resumed');
    }
  });
});

describe('fold points fall back to a full fold', () => {
  const sdir = join(root, 'test', 'scenarios', folders(join(root, 'test', 'scenarios'), 'checks.json')[0] as string);
  it('when an earlier post gets another version, or the game file changes', () => {
    const text = readFileSync(join(sdir, 'posts.jsonl'), 'utf8');
    const game = loadGameFile(join(sdir, 'game.yaml'));
    const file = join(work, 'edited.jsonl');
    writeFileSync(file, text);
    const dump = loadDumpText(file);
    const env = freshCache();
    const last = dump.posts.at(-1)?.id as string;
    expect(cached(game, dump, { through: last }, env).json).toBe(plain(game, dump, { through: last }));
    // An edit of the first post, in time order: every point after it was folded from other lines.
    const [head, ...rest] = text.split('\n');
    const edit = JSON.stringify({ ...JSON.parse(head as string), html: '<b>vote: nobody at all</b>' });
    writeFileSync(file, [head, edit, ...rest].join('\n'));
    const edited = loadDumpText(file);
    const r = cached(game, edited, { through: last }, env);
    expect(r.json).toBe(plain(game, edited, { through: last }));
    expect(r.from).toBe('fold');
    const other = { ...game, title: `${game.title ?? ''} (renamed)` } as GameFile;
    expect(cached(other, edited, { through: last }, env).from).toBe('fold');
  });
});

describe('kept outputs', () => {
  it('are kept within about their limit, the least recently used removed first', () => {
    const dir = freshCache().MODDESK_CACHE_DIR as string;
    const memo = (i: number) => new AnswerMemo(dir, [`state --through p${i}`, 'game file', 'dump'], 16);
    for (let i = 0; i < 400; i++) memo(i).write(`answer ${i}\n`);
    // The folder is listed at one write in 16: it may hold a few more than the limit between two listings.
    const held = readdirSync(join(dir, 'answers')).length;
    expect(held).toBeGreaterThanOrEqual(16);
    expect(held).toBeLessThan(200);
    expect(memo(0).read()).toBeNull();
    expect(memo(399).read()).toBe('answer 399\n');
  });

  it('are keyed by every byte read, and none is kept for a dump whose last line may be torn', () => {
    const gdir = join(root, 'test', 'games', 'defcon-sample');
    const env = freshCache();
    const game = join(gdir, 'game.yaml');
    const torn = join(work, 'torn.jsonl');
    const text = readFileSync(join(gdir, 'posts.jsonl'), 'utf8');
    writeFileSync(torn, text.slice(0, text.lastIndexOf('}')));
    expect(memoFor(game, torn, 'state', env)).toBeNull();
    expect(memoFor(game, undefined, 'state', env)).toBeNull();
    expect(memoFor(game, join(gdir, 'posts.jsonl'), 'state', null)).toBeNull();
    const memo = memoFor(game, join(gdir, 'posts.jsonl'), 'state --through p1', env);
    expect(memo?.answer).toBeNull();
    memo?.keep('the output\n');
    expect(memoFor(game, join(gdir, 'posts.jsonl'), 'state --through p1', env)?.answer).toBe('the output\n');
    expect(memoFor(game, join(gdir, 'posts.jsonl'), 'state --through p2', env)?.answer).toBeNull();
    writeFileSync(torn, `${text}\n`);
    expect(memoFor(game, torn, 'state --through p1', env)?.answer).toBeNull();
  });
});

describe('a corrupt point is ignored and replaced', () => {
  const gdir = join(root, 'test', 'games', 'defcon-sample');
  const game = loadGameFile(join(gdir, 'game.yaml'));
  const dump = loadDumpText(join(gdir, 'posts.jsonl'));
  const cut: Cut = { through: dump.posts[150]?.id as string };
  const want = plain(game, dump, cut);
  it.each([
    ['garbage', (b: Buffer) => Buffer.from(`not a point ${b.length}`)],
    ['cut in half', (b: Buffer) => b.subarray(0, b.length >> 1)],
    ['one byte changed', (b: Buffer) => Buffer.concat([b.subarray(0, -1), Buffer.from([(b.at(-1) as number) ^ 1])])],
    [
      'another format',
      (b: Buffer) => Buffer.from(b.toString('latin1').replace('fold-point/1', 'fold-point/0'), 'latin1'),
    ],
    ['empty', () => Buffer.alloc(0)],
  ])('%s', (_, spoil) => {
    const env = freshCache();
    expect(cached(game, dump, cut, env).from).toBe('fold');
    const points = new FoldPoints(env.MODDESK_CACHE_DIR as string, foldPointsKey(game));
    // The cut's point and the one before its phase began: every one spoilt.
    const entry = points.entries().sort((a, b) => b.at - a.at)[0];
    if (!entry) throw new Error(`no point was saved in ${points.dir}`);
    for (const e of points.entries()) {
      const file = join(points.dir, e.name);
      writeFileSync(file, spoil(readFileSync(file)));
    }
    const r = cached(game, dump, cut, env);
    expect(r.json).toBe(want);
    expect(r.from).toBe('fold');
    expect(points.read(entry)).not.toBeNull();
    expect(cached(game, dump, cut, env).from).toBe('point');
  });
});

describe('the SQLite parse cache', () => {
  const gdir = join(root, 'test', 'games', 'defcon-sample');
  const game = loadGameFile(join(gdir, 'game.yaml'));
  const dump = loadDumpText(join(gdir, 'posts.jsonl'));
  const early: Cut = { through: dump.posts[40]?.id as string };
  const late: Cut = { through: dump.posts[150]?.id as string };
  it('is opened for a dump no earlier call kept parses of, and not for the posts of one read before', () => {
    const env = freshCache();
    const db = join(env.MODDESK_CACHE_DIR as string, 'parse-cache.db');
    expect(cached(game, dump, early, env).json).toBe(plain(game, dump, early));
    expect(readdirSync(env.MODDESK_CACHE_DIR as string)).toContain('parse-cache.db');
    rmSync(db);
    // Posts 41 to 150 are parsed for the first time, by their bodies alone.
    expect(cached(game, dump, late, env).json).toBe(plain(game, dump, late));
    expect(readdirSync(env.MODDESK_CACHE_DIR as string)).not.toContain('parse-cache.db');
    // The same posts in another dump (one more line) are asked of SQLite again.
    const text = readFileSync(join(gdir, 'posts.jsonl'), 'utf8');
    const longer = parseDumpText(`${text}${JSON.stringify({ ...dump.posts[0], id: 'extra' })}\n`, 'posts.jsonl');
    expect(cached(game, longer, late, env).json).toBe(plain(game, longer, late));
    expect(readdirSync(env.MODDESK_CACHE_DIR as string)).toContain('parse-cache.db');
  });
});
