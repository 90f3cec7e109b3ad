import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParsedPost } from '../domain/action.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import { extractActions } from '../parser/extract-actions.js';
import { migrate, SCHEMA_VERSION } from './migrations.js';
import { openDatabase } from './open-database.js';
import { ParseCache } from './parse-cache.js';
import { Store } from './store.js';

const game = {
  ruleset: 'vanilla',
  title: 't',
  timezone: 'UTC',
  players: [{ name: 'A', aliases: [] }],
  phases: [{ name: 'D1', start: '2026-01-01T00:00:00Z' }],
  options: {},
  events: [],
} as unknown as GameFile;
const post = (id: string, html: string, extra: Partial<Post> = {}): Post => ({
  id,
  author: 'Alice',
  createdAt: '2026-01-01T01:00:00Z',
  editedAt: null,
  html,
  channel: 'thread',
  ...extra,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'moddesk-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('storage', () => {
  it('opens a real file in WAL mode at the newest schema version', () => {
    const db = openDatabase(join(dir, 'a.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('upgrades a database written at schema version 1, keeping its data', () => {
    const file = join(dir, 'old.db');
    const old = new BetterSqlite3(file);
    migrate(old, 1);
    old
      .prepare(
        "INSERT INTO games (id, game_file, game_json, created_at) VALUES ('g', 'g.yaml', ?, '2026-01-01T00:00:00Z')",
      )
      .run(JSON.stringify(game));
    old
      .prepare(`INSERT INTO drafts (game_id, id, kind, status, format, text, plan_at, idempotency_key, created_at, updated_at)
      VALUES ('g', 'vc-D1-1', 'vote-count', 'pending', 'text', 'VC', 0, 'g-vc-D1-1', 'x', 'x')`)
      .run();
    expect(old.pragma('user_version', { simple: true })).toBe(1);
    old.close();
    const store = Store.open(file, extractActions);
    expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(store.games.get('g')?.game.title).toBe('t');
    const d = store.drafts.get('g', 'vc-D1-1')!;
    expect(d).toMatchObject({ status: 'pending', edited: false, reason: null });
    store.games.ruling('g', { post: 'p1', ignore: true }, 'x');
    expect(store.games.rulings('g')).toEqual([{ post: 'p1', ignore: true }]);
    store.close();
  });

  it('schema 4: a count stored as "rejected, superseded by …" becomes superseded; a mod\'s rejection stays', () => {
    const file = join(dir, 'v3.db');
    const old = new BetterSqlite3(file);
    migrate(old, 3);
    old
      .prepare(
        "INSERT INTO games (id, game_file, game_json, created_at) VALUES ('g', 'g.yaml', ?, '2026-01-01T00:00:00Z')",
      )
      .run(JSON.stringify(game));
    const add = old.prepare(`INSERT INTO drafts (game_id, id, kind, status, format, text, plan_at, idempotency_key,
      created_at, updated_at, reason, phase, number) VALUES ('g', ?, 'vote-count', 'rejected', 'text', 'VC', 0, ?, 'x', 'x', ?, 'D1', ?)`);
    add.run('vc-D1-1', 'g-vc-D1-1', 'superseded by vc-D1-2', 1);
    add.run('vc-D1-2', 'g-vc-D1-2', 'wrong', 2);
    old.close();
    const store = Store.open(file, extractActions);
    expect(store.drafts.get('g', 'vc-D1-1')).toMatchObject({
      status: 'superseded',
      supersededBy: 'vc-D1-2',
      reason: null,
    });
    expect(store.drafts.get('g', 'vc-D1-2')).toMatchObject({ status: 'rejected', reason: 'wrong', supersededBy: null });
    expect(store.drafts.list('g', 'superseded').map((d) => d.id)).toEqual(['vc-D1-1']);
    store.close();
  });

  it('refuses a database from a newer moddesk', () => {
    const file = join(dir, 'new.db');
    const db = new BetterSqlite3(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openDatabase(file)).toThrow(/newer than this moddesk/);
  });

  it('stores every post version once, by content hash, and lists them in dump order', () => {
    const store = Store.open(join(dir, 'p.db'), extractActions);
    store.games.register('g', 'g.yaml', game, 'x');
    const r1 = store.posts.add('g', [post('10', 'a'), post('9', 'b', { createdAt: '2026-01-01T02:00:00Z' })], 'x');
    expect(r1).toMatchObject({ newPosts: 2, edits: 0 });
    const r2 = store.posts.add('g', [post('10', 'a'), post('10', 'a2', { editedAt: '2026-01-01T03:00:00Z' })], 'y');
    expect(r2).toMatchObject({ newPosts: 0, edits: 1 });
    expect(store.posts.list('g').map((p) => [p.id, p.html])).toEqual([
      ['10', 'a'],
      ['10', 'a2'],
      ['9', 'b'],
    ]);
    expect(store.posts.size('g')).toBe(3);
    store.close();
  });

  it('caches parses by content: an unchanged post is never parsed again, even after a restart', () => {
    const file = join(dir, 'c.db');
    let calls = 0;
    const parse = (html: string, o: Parameters<typeof extractActions>[1]): ParsedPost => {
      calls += 1;
      return extractActions(html, o);
    };
    const s1 = Store.open(file, parse);
    const opts = { syntax: ['bold' as const], channel: 'thread' as const };
    const a = s1.parseCache.fn('<b>Vote: Bob</b>', opts);
    s1.parseCache.fn('<b>Vote: Bob</b>', opts);
    expect(calls).toBe(1);
    s1.close();
    const s2 = Store.open(file, parse);
    expect(s2.parseCache.fn('<b>Vote: Bob</b>', opts)).toEqual(a);
    expect(calls).toBe(1);
    s2.parseCache.fn('<b>Vote: Bob</b>', { ...opts, channel: 'pm' });
    expect(calls).toBe(2);
    s2.close();
  });

  it("the desk's parse cache keeps only its latest answers in memory; the rest come back from the table", () => {
    const store = Store.open(join(dir, 'm.db'), extractActions);
    const opts = { syntax: ['bold' as const], channel: 'thread' as const };
    const bodies = Array.from({ length: 10_001 }, (_, i) => `<p>post ${i}</p>`);
    for (const html of bodies) store.parseCache.fn(html, opts);
    const { memoryHits, diskHits } = store.parseCache.stats;
    store.parseCache.fn(bodies[0]!, opts);
    expect(store.parseCache.stats).toMatchObject({ parsed: 10_001, memoryHits, diskHits: diskHits + 1 });
    store.parseCache.fn(bodies[10_000]!, opts);
    expect(store.parseCache.stats.memoryHits).toBe(memoryHits + 1);
    store.close();
  });

  it("issue 33 M1: the parse cache's memory holds a bounded number of characters of bodies, a long post none", () => {
    const db = openDatabase(join(dir, 'c.db'));
    const cache = new ParseCache(db, extractActions, { memoryChars: 10_000 });
    const opts = { syntax: ['bold' as const], channel: 'thread' as const };
    const long = `<b>Vote: Bob</b> ${'x'.repeat(1_001)}`;
    cache.fn(long, opts);
    cache.fn(long, opts);
    expect(cache.stats).toMatchObject({ parsed: 1, memoryHits: 0, diskHits: 1 });
    const bodies = Array.from({ length: 20 }, (_, i) => `<p>${String(i).padStart(900, '-')}</p>`);
    for (const html of bodies) cache.fn(html, opts);
    cache.fn(bodies[19]!, opts);
    expect(cache.stats.memoryHits).toBe(1);
    cache.fn(bodies[0]!, opts);
    expect(cache.stats).toMatchObject({ memoryHits: 1, diskHits: 2 });
    db.close();
  });

  it('keeps the draft lifecycle: pending → approved → posted, or rejected; nothing else', () => {
    const store = Store.open(join(dir, 'd.db'), extractActions);
    store.games.register('g', 'g.yaml', game, 'x');
    const base = {
      gameId: 'g',
      kind: 'vote-count' as const,
      phase: 'D1',
      number: 1,
      format: 'text',
      text: 'VC',
      to: null,
      throughPost: null,
      planAt: 1,
      createdAt: 'x',
    };
    expect(store.drafts.create({ ...base, id: 'a', idempotencyKey: 'g-a' })).toBe(true);
    expect(store.drafts.create({ ...base, id: 'a', idempotencyKey: 'g-a', text: 'other' })).toBe(false);
    const a = store.drafts.get('g', 'a')!;
    expect(a).toMatchObject({ phase: 'D1', number: 1 });
    expect(() => store.drafts.save({ ...a, status: 'posted' }, 'y')).toThrow(/cannot go from pending to posted/);
    const approved = store.drafts.save({ ...a, status: 'approved' }, 'y');
    store.drafts.save({ ...approved, status: 'posted', posted: { id: 'c1', url: null, at: 'z' } }, 'z');
    expect(store.drafts.get('g', 'a')).toMatchObject({ status: 'posted', text: 'VC', posted: { id: 'c1' } });
    expect(() => store.drafts.save({ ...store.drafts.get('g', 'a')!, status: 'rejected' }, 'z')).toThrow();
    store.close();
  });

  /** A store holding game `g`'s pending drafts `[id, kind, phase, planAt]`. */
  const storeWithDrafts = (file: string, made: [string, 'vote-count' | 'day-end', string | null, number][]) => {
    const store = Store.open(join(dir, file), extractActions);
    store.games.register('g', 'g.yaml', game, 'x');
    const base = { gameId: 'g', number: null, format: 'text', text: 'T', to: null, throughPost: null, createdAt: 'x' };
    for (const [id, kind, phase, planAt] of made)
      store.drafts.create({ ...base, id, kind, phase, planAt, idempotencyKey: `g-${id}` });
    return store;
  };

  it("a phase's pending vote counts are the pending list's counts of that phase, in plan order", () => {
    const store = storeWithDrafts('c.db', [
      ['c3', 'vote-count', 'D1', 3],
      ['c1', 'vote-count', 'D1', 1],
      ['e1', 'day-end', 'D1', 2],
      ['c2', 'vote-count', 'D2', 2],
      ['c0', 'vote-count', null, 0],
      ['c4', 'vote-count', 'D1', 4],
    ]);
    store.drafts.save({ ...store.drafts.get('g', 'c4')!, status: 'superseded', supersededBy: 'c3' }, 'y');
    const pendingOf = (phase: string | null) =>
      store.drafts.list('g', 'pending').filter((d) => d.kind === 'vote-count' && d.phase === phase);
    for (const phase of ['D1', 'D2', null, 'N1'])
      expect(store.drafts.pendingCounts('g', phase)).toEqual(pendingOf(phase));
    expect(store.drafts.pendingCounts('g', 'D1').map((d) => d.id)).toEqual(['c1', 'c3']);
    store.close();
  });

  it("a phase's shown counts are its vote counts approved or posted, in plan order (M2: what the next number follows)", () => {
    const store = storeWithDrafts('s.db', [
      ['c3', 'vote-count', 'D1', 3],
      ['c1', 'vote-count', 'D1', 1],
      ['e1', 'day-end', 'D1', 2],
      ['c2', 'vote-count', 'D2', 2],
      ['c5', 'vote-count', 'D1', 5],
      ['c6', 'vote-count', 'D1', 6],
    ]);
    const approve = (id: string) => store.drafts.save({ ...store.drafts.get('g', id)!, status: 'approved' }, 'y');
    for (const id of ['c3', 'c1', 'e1', 'c2', 'c5']) approve(id);
    store.drafts.save(
      { ...store.drafts.get('g', 'c1')!, status: 'posted', posted: { id: 'p', url: null, at: 'z' } },
      'z',
    );
    store.drafts.save({ ...store.drafts.get('g', 'c5')!, status: 'superseded', supersededBy: 'c6' }, 'z');
    const shownOf = (phase: string | null) =>
      store.drafts
        .list('g')
        .filter(
          (d) => d.kind === 'vote-count' && d.phase === phase && (d.status === 'approved' || d.status === 'posted'),
        );
    for (const phase of ['D1', 'D2', null, 'N1']) expect(store.drafts.shownCounts('g', phase)).toEqual(shownOf(phase));
    expect(store.drafts.shownCounts('g', 'D1').map((d) => [d.id, d.status])).toEqual([
      ['c1', 'posted'],
      ['c3', 'approved'],
    ]);
    store.close();
  });

  it('the audit log is append-only', () => {
    const store = Store.open(join(dir, 'l.db'), extractActions);
    store.audit.append({ at: 'x', gameId: null, actor: 'mod', action: 'test', detail: { n: 1 } });
    expect(store.audit.entries()).toHaveLength(1);
    expect(() => store.db.prepare('UPDATE audit SET action = ?').run('x')).toThrow(/append-only/);
    expect(() => store.db.prepare('DELETE FROM audit').run()).toThrow(/append-only/);
    store.close();
  });
});
