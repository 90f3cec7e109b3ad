import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { parseDocument, type YAMLSeq } from 'yaml';
import { acceleratedClock, clockSpec } from '../../src/app/clock.js';
import { prepareDemoGame } from '../../src/app/demo/demo-game.js';
import { LocalForum, localThreadUrl } from '../../src/app/demo/local-forum.js';
import { DRAFT_KINDS } from '../../src/domain/draft.js';
import { parserVersion } from '../../src/storage/parser-version.js';
import { ROOT, SAMPLE_GAME } from '../desk/helpers.js';
import { exited } from '../helpers/exited.js';

/**
 * Bundles the watch command once, with the CLI's package options (scripts/bundle-packages.mjs), so each of the many
 * restarts loads what an installed `moddesk watch` loads.
 */
export const bundleWatch = () => bundleEntry('watch', 'watch-entry.ts');

/** Bundles `test/reliability/<entry>` once for the suites that start it many times; the path of its script. */
export async function bundleEntry(name: string, entry: string): Promise<string> {
  const outdir = join(ROOT, 'node_modules', '.cache', 'moddesk-reliability', `${name}-${process.pid}`);
  const esbuild = (await import('esbuild')) as typeof import('esbuild');
  const { BUNDLE_PACKAGES } = await import('../../scripts/bundle-packages.mjs');
  await esbuild.build({
    entryPoints: { [name]: join(ROOT, 'test', 'reliability', entry) },
    bundle: true,
    // What is imported only when used (the dashboard, snoowrap's gateway for a Reddit game) stays in its own chunk:
    // these watchers serve no dashboard, and start many times. (The real build holds a command in one file, which
    // requires snoowrap only when its gateway is made: decision 0044.)
    splitting: true,
    platform: 'node',
    format: 'esm',
    outdir,
    ...BUNDLE_PACKAGES,
    logLevel: 'error',
    // As scripts/build.mjs does: the bundle no longer sits beside src/parser/ to hash it.
    define: { __MODDESK_PARSER_VERSION__: JSON.stringify(parserVersion()) },
  });
  return join(outdir, `${name}.js`);
}

export interface RunSetup {
  dir: string;
  forum: LocalForum;
  spec: string;
  /** The real time the game's clock starts (half an hour of game time before the first phase). */
  startsAtReal: number;
  /** Game time the run stops at, and the real time it is reached. */
  end: number;
  endsAtReal: number;
  env: NodeJS.ProcessEnv;
}

/**
 * How long after set-up the game's clock starts. A desk reads the thread before the game begins even when it was
 * killed at once and restarted on a loaded machine: a desk whose first read comes after the day started joins a
 * running game and drafts less (issue 32, m4), which would make a run differ from the uninterrupted one by timing.
 */
export const GAME_STARTS_IN_MS = 6000;

/** The sample DEFCON game through the end of D2, on its own local forum, `speed` times faster than real time. */
export async function setupRun(dir: string, speed: number, startInMs = GAME_STARTS_IN_MS): Promise<RunSetup> {
  const demo = prepareDemoGame(SAMPLE_GAME, localThreadUrl(), dir);
  // The game stops after D2: no phase, and so no draft, after the end, however long a run lasts.
  const doc = parseDocument(readFileSync(demo.gameFile, 'utf8'));
  const phases = doc.get('phases') as YAMLSeq;
  while (phases.items.length > 4) phases.delete(4);
  // A confirmation nudge falls due a day after its role PM went out, and when that was depends on where a run was
  // killed (the game's clock runs 39 hours a second): no nudge falls due within the run, so every run drafts the
  // same (sending each PM once is test/reliability/pm-kill9.test.ts's).
  doc.setIn(['options', 'confirmHours'], 10_000);
  writeFileSync(demo.gameFile, doc.toString());
  const cutoff = Date.parse('2026-03-08T00:00:00Z');
  const end = Date.parse('2026-03-08T12:00:00Z');
  // A platform that overwrites a post on edit shows its first version only to a poll in between; a watcher killed
  // over that window cannot see it, so the suite's game has each post's last version only (edits: test/desk).
  const last = new Map(demo.posts.filter((p) => Date.parse(p.createdAt) < cutoff).map((p) => [p.id, p]));
  const posts = [...last.values()];
  const origin = Date.parse(demo.game.phases[0]!.start) - 30 * 60_000;
  const realOrigin = Date.now() + startInMs;
  const clock = acceleratedClock(origin, realOrigin, speed);
  const forum = await LocalForum.start({ posts, clock, moderator: 'Mod', title: demo.game.title });
  writeFileSync(
    join(dir, 'app.yaml'),
    [
      'database: moddesk.db',
      'games: [{ file: game.yaml, id: demo }]',
      'poll: { intervalSeconds: 0.1, nearSeconds: 0.05, minSeconds: 0.05, timeoutSeconds: 5, debounceMinutes: 10 }',
      `autoApprove: [${DRAFT_KINDS.join(', ')}]`,
      '',
    ].join('\n'),
  );
  return {
    dir,
    forum,
    spec: clockSpec(origin, realOrigin, speed),
    startsAtReal: realOrigin,
    end,
    endsAtReal: realOrigin + (end - origin) / speed,
    env: { ...process.env, ...forum.env() },
  };
}

export function startWatcher(bundle: string, run: Pick<RunSetup, 'dir' | 'spec' | 'env'>): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      bundle,
      'watch',
      '--config',
      join(run.dir, 'app.yaml'),
      '--clock',
      run.spec,
      '--no-dashboard',
      '--log-level',
      'warn',
    ],
    {
      env: run.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-4000);
  });
  (child as ChildProcess & { errText: () => string }).errText = () => err;
  // `watch` prints its banner once it is running and listening for SIGTERM.
  (child as ChildProcess & { ready: Promise<void> }).ready = new Promise<void>((resolve) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out = (out + c.toString()).slice(-4000);
      if (out.includes('moddesk watch:')) resolve();
    });
  });
  return child;
}

export interface Snapshot {
  posts: string[];
  drafts: {
    id: string;
    kind: string;
    status: string;
    text: string;
    to: string | null;
    through: string | null;
    planAt: number | null;
    posted: boolean;
  }[];
  plan: unknown;
}

/** What must be equal to an uninterrupted run: every player post version, every draft and its fate, the planner. */
export function snapshot(dbFile: string): Snapshot {
  const db = new BetterSqlite3(dbFile, { readonly: true });
  try {
    const posts = (
      db.prepare('SELECT post_id, version, hash, json FROM posts ORDER BY post_id, version').all() as {
        post_id: string;
        version: number;
        hash: string;
        json: string;
      }[]
    )
      .filter((r) => (JSON.parse(r.json) as { author: string }).author !== 'Mod')
      .map((r) => `${r.post_id}#${r.version}:${r.hash}`);
    const drafts = (db.prepare('SELECT * FROM drafts ORDER BY id').all() as Record<string, unknown>[]).map((r) => ({
      id: r.id as string,
      kind: r.kind as string,
      status: r.status as string,
      text: r.text as string,
      to: r.to_player as string | null,
      through: r.through_post as string | null,
      // A role PM is drafted at the desk's first read, an instant of its own clock like the plan's `joinedAt`.
      planAt: r.kind === 'role-pm' ? null : (r.plan_at as number),
      posted: r.posted !== null,
    }));
    const planRow = db.prepare("SELECT plan FROM games WHERE id = 'demo'").pluck().get() as string | null;
    // `at` and `joinedAt` are instants of the desk's own clock (its latest plan, its first read): they differ by
    // timing alone; the drafts they lead to are compared in full.
    const { at: _at, joinedAt: _joinedAt, ...plan } = planRow ? (JSON.parse(planRow) as Record<string, unknown>) : {};
    return { posts, drafts, plan };
  } finally {
    db.close();
  }
}

/** Whether the run has caught up: planned past the end, nothing approved left unposted. */
/** Whether the desk's first read of the thread has settled whether it joined a running game (plan.joinedAt, m4). */
export function firstReadDone(dbFile: string): boolean {
  let db: BetterSqlite3.Database | null = null;
  try {
    db = new BetterSqlite3(dbFile, { readonly: true, fileMustExist: true });
    const plan = db.prepare("SELECT plan FROM games WHERE id = 'demo'").pluck().get() as string | null;
    return plan !== null && plan !== undefined && 'joinedAt' in (JSON.parse(plan) as object);
  } catch {
    return false;
  } finally {
    db?.close();
  }
}

/**
 * Whether the desk's first read found the game already running (`plan.joinedAt` an instant, not null): a machine so
 * loaded that the desk's first read came after GAME_STARTS_IN_MS. Such a run drafts less by design (m4) and is not
 * comparable with one whose desk was there from the start.
 */
export function joinedLate(dbFile: string): boolean {
  const db = new BetterSqlite3(dbFile, { readonly: true, fileMustExist: true });
  try {
    const plan = db.prepare("SELECT plan FROM games WHERE id = 'demo'").pluck().get() as string | null;
    return plan ? (JSON.parse(plan) as { joinedAt?: number | null }).joinedAt != null : false;
  } finally {
    db.close();
  }
}

export function caughtUp(dbFile: string, end: number): boolean {
  let db: BetterSqlite3.Database | null = null;
  try {
    db = new BetterSqlite3(dbFile, { readonly: true, fileMustExist: true });
    const plan = db.prepare("SELECT plan FROM games WHERE id = 'demo'").pluck().get() as string | null;
    if (!plan || (JSON.parse(plan) as { at: number }).at < end) return false;
    return (
      (db.prepare("SELECT COUNT(*) FROM drafts WHERE status IN ('approved', 'pending')").pluck().get() as number) === 0
    );
  } catch {
    return false;
  } finally {
    db?.close();
  }
}

/** Each posted draft's marker, counted on the forum: every one must appear exactly once. */
export function postsPerKey(forum: LocalForum): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of forum.posted) {
    const key = /moddesk: ([\w.:-]+)/.exec(p.text)?.[1] ?? '?';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Kills `child` the instant the forum stores a change, before it answers: the worst moment, the forum has it and
 * the desk has not recorded it. `onTaken` sets the forum's hook (null clears it). With nothing stored within
 * `fallbackMs`, or the child ending first, the kill comes then. True when it fell at that instant.
 */
export async function killWhenTaken(
  child: ChildProcess,
  onTaken: (f: (() => void) | null) => void,
  fallbackMs: number,
): Promise<boolean> {
  let taken = false;
  await new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, fallbackMs);
    void exited(child).then(() => resolve());
    onTaken(() => {
      onTaken(null);
      child.kill('SIGKILL');
      taken = true;
      clearTimeout(fallback);
      resolve();
    });
  });
  onTaken(null);
  child.kill('SIGKILL');
  await exited(child);
  return taken;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small seeded generator, so a failing moment can be replayed. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
