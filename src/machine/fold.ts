import { initialTransition } from 'xstate';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import { type Instant, parseInstant } from '../domain/time.js';
import { extractActions } from '../parser/extract-actions.js';
import type { GameContext, Timer } from './context.js';
import { isDayOpen } from './death-rules.js';
import { createGameMachine, type GameEvent, type GameMachine, type GameSnapshot } from './game-machine.js';
import { initialContext } from './initial-context.js';
import type { PostRuling } from './post-rules.js';
import { type ParseFn, postVersions, postVersionsOf } from './post-versions.js';
import { pureTransition } from './pure-transition.js';
import type { Ruleset } from './ruleset.js';
import { stateKey } from './state-key.js';
import { byTime, eventItems, postItem, rulingsOf, type TimelineItem } from './timeline.js';
import { nextTimer } from './timers.js';

/** The game at one instant: the context (with the count's "through post #") and the chart's state. */
export interface FoldState {
  at: Instant;
  context: GameContext;
  /** The statechart's state, e.g. `day.open`, `day.ended`, `night.open`, `over`. */
  machine: string;
}

/** A saved point: everything at or before `at` is folded in. */
interface Point {
  snapshot: GameSnapshot;
  at: Instant;
  /** The last thread post read while a day was open: the vote count's "through post #". */
  through: { day: string; postId: string } | null;
}

/** One statechart per ruleset, shared by every fold (a machine is immutable; a desk folds 1,000 games). */
interface Chart {
  machine: GameMachine;
  step: (snapshot: GameSnapshot, event: GameEvent) => GameSnapshot;
}
const CHARTS = new WeakMap<object, Chart>();
function chartFor(ruleset: Ruleset): Chart {
  let c = CHARTS.get(ruleset);
  if (!c) {
    const machine = createGameMachine(ruleset);
    c = { machine, step: pureTransition(machine) };
    CHARTS.set(ruleset, c);
  }
  return c;
}

/**
 * The one way to walk a game forward (state is a pure function of game file, posts and instant). It folds the
 * timeline — post versions, the mod's events, the timers of the state — into the game statechart with xstate's
 * pure transition (`pureTransition`), never going back: `advanceTo(t)` continues from where it is, `steps(until)` yields the
 * state at every instant where something can happen, and `addPosts` takes new lines of the dump, re-folding
 * from the last phase start before them only when one lands in the past.
 */
export class GameFold {
  private readonly chart: Chart;
  private readonly ctx0: GameContext;
  private readonly rulings: Map<string, PostRuling>;
  private readonly lines: Post[] = [];
  /** Each post id's lines: a number for a post never edited (most of them; 1,000 games hold this map), else the list. */
  private readonly linesOf = new Map<string, number | number[]>();
  private items: TimelineItem[];
  private point: Point;
  private next = 0;
  /** Points at phase starts (and the start), for re-folding after a late post. */
  private readonly checkpoints: Point[] = [];

  /** `rules`: the game's ruleset's hooks (upper layers find them by name: `foldOf` in src/reporter/replay.ts). */
  constructor(
    rules: Ruleset,
    readonly game: GameFile,
    posts: Post[] = [],
    private readonly parse: ParseFn = extractActions,
  ) {
    this.chart = chartFor(rules);
    this.ctx0 = initialContext(game, rules);
    this.rulings = rulingsOf(game);
    const [snapshot] = initialTransition(this.chart.machine, this.ctx0);
    this.point = { snapshot, at: Number.NEGATIVE_INFINITY, through: null };
    this.checkpoints.push(this.point);
    this.items = eventItems(game);
    this.addLines(posts);
    const versions = postVersionsOf(posts, this.ctx0.setup.options.syntax, parse);
    for (const { line, version } of versions) this.items.push(postItem(version, line, this.rulings, this.ctx0));
    this.items.sort(byTime);
  }

  /** The instant the fold has reached. */
  get at(): Instant {
    return this.point.at;
  }

  /** The state where the fold is. */
  state(): FoldState {
    const { snapshot, at, through } = this.point;
    let context = snapshot.context;
    if (context.day && through?.day === context.day.day)
      context = { ...context, day: { ...context.day, throughPost: through.postId } };
    return { at, context, machine: stateKey(snapshot.value) };
  }

  /** The next instant after the fold's where something can happen (an eventful post, a mod's event, a timer). */
  nextInstant(): Instant | null {
    let item: Instant | null = null;
    for (let i = this.next; i < this.items.length; i++) {
      const it = this.items[i] as TimelineItem;
      if (it.event && it.at > this.point.at) {
        item = it.at;
        break;
      }
    }
    const timer = this.point.snapshot.context.timers.find((t) => t.at > this.point.at)?.at ?? null;
    if (item === null) return timer;
    return timer === null ? item : Math.min(item, timer);
  }

  /** Folds in everything at or before `t` (inclusive); `t` before the fold's instant changes nothing. */
  advanceTo(t: Instant): FoldState {
    if (t < this.point.at) return this.state();
    this.foldWhile((it) => it.at <= t);
    this.drain(t);
    this.settleAt(t);
    return this.state();
  }

  /** Folds in up to and including the first version of post `postId` (with the timers due by then). */
  advanceThrough(postId: string): FoldState {
    const i = this.items.findIndex((it) => it.postId === postId && it.firstVersion);
    if (i < 0)
      throw new ModdeskError('post-unknown', `--through ${JSON.stringify(postId)}: no post with that id in the dump`);
    const target = this.items[i] as TimelineItem;
    this.foldWhile((it) => byTime(it, target) <= 0);
    this.drain(target.at);
    this.point = { ...this.point, at: target.at };
    return this.state();
  }

  /**
   * The state at any instant, leaving the fold where it is: a past one is folded from the last phase start
   * before it, a later one from the fold's own point (the recount before approval, the dashboard's "now").
   */
  stateAt(t: Instant): FoldState {
    // Lines added at the fold's own instant are not folded in yet: a fork folds them (the night console's entry).
    const pending = (this.items[this.next] as TimelineItem | undefined)?.at === t;
    if (t === this.point.at && !pending) return this.state();
    if (t >= this.point.at) return this.fork(this.point, this.next).advanceTo(t);
    const from = [...this.checkpoints].reverse().find((c) => c.at <= t) ?? (this.checkpoints[0] as Point);
    return this.fork(from, this.indexAfter(from.at)).advanceTo(t);
  }

  /** The state at every instant after the fold's, up to `until`, where something can happen. */
  *steps(until: Instant): Generator<FoldState> {
    for (let t = this.nextInstant(); t !== null && t <= until; t = this.nextInstant()) yield this.advanceTo(t);
  }

  /** The instant `moddesk state` shows without a cut: the last post's, or the first phase's start. */
  lastPostAt(): Instant {
    return lastPostAt(this.lines) ?? this.ctx0.setup.phases[0]?.start ?? 0;
  }

  /**
   * New lines of the dump (posts and edits, in dump order). When one lands at or before the fold's instant, the
   * fold goes back to the last phase start before it and folds forward again to where it was. Returns the earliest
   * instant of an action among the new lines at or before the fold's instant (a post the forum showed late: a
   * planner that went past it plans again from before it), or null.
   */
  addPosts(posts: Post[]): Instant | null {
    if (!posts.length) return null;
    const ids = new Set(posts.map((p) => p.id));
    // Most polls bring only posts the fold has never seen: none of its items is replaced.
    const known = [...ids].some((id) => this.linesOf.has(id));
    const before = new Map(
      known ? this.items.filter((it) => it.postId !== null && ids.has(it.postId)).map((it) => [it.order, it]) : [],
    );
    const base = this.lines.length;
    this.addLines(posts);
    const fresh: TimelineItem[] = [];
    for (const id of ids) {
      const orders = [this.linesOf.get(id) as number | number[]].flat();
      const versions = postVersions(
        orders.map((o) => this.lines[o] as Post),
        this.ctx0.setup.options.syntax,
        this.parse,
      );
      versions.forEach((v, k) => {
        fresh.push(postItem(v, orders[k] as number, this.rulings, this.ctx0));
      });
    }
    const changed = fresh.filter((it) => {
      const old = before.get(it.order);
      return it.order >= base || !old || old.unverifiedEdit !== it.unverifiedEdit;
    });
    if (!changed.length) return null;
    const earliest = Math.min(...changed.map((it) => it.at));
    // New lines only: an old post marked edited by a new version is not news the planner missed.
    const acted = changed.filter((it) => it.event && it.order >= base && it.at <= this.point.at).map((it) => it.at);
    const late = acted.length ? Math.min(...acted) : null;
    this.items = known
      ? [...this.items.filter((it) => !(it.postId !== null && ids.has(it.postId))), ...fresh].sort(byTime)
      : merged(this.items, fresh.sort(byTime));
    // New lines at the fold's instant sort after the lines folded in there (file order): no going back for them.
    if (earliest > this.point.at || (earliest === this.point.at && changed.every((it) => it.order >= base))) {
      const at = this.point.at;
      this.next = this.items.findIndex((it) => it.at > at || (it.at === at && it.group === 1 && it.order >= base));
      if (this.next < 0) this.next = this.items.length;
      return late;
    }
    const to = this.point.at;
    this.rewind(earliest);
    this.advanceTo(to);
    return late;
  }

  /** A fold sharing this one's timeline, at `from`: only ever advanced, never given posts. */
  private fork(from: Point, next: number): GameFold {
    const f = Object.create(GameFold.prototype) as GameFold;
    return Object.assign(f, this, { point: from, next, checkpoints: [from], phaseChanged: false });
  }

  /** The first item after `at` (items are sorted by time). */
  private indexAfter(at: Instant): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.items[mid] as TimelineItem).at <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private addLines(posts: Post[]): void {
    for (const p of posts) {
      const order = this.lines.push(p) - 1;
      const lines = this.linesOf.get(p.id);
      if (lines === undefined) this.linesOf.set(p.id, order);
      else if (typeof lines === 'number') this.linesOf.set(p.id, [lines, order]);
      else lines.push(order);
    }
  }

  private rewind(before: Instant): void {
    while (this.checkpoints.length > 1 && (this.checkpoints[this.checkpoints.length - 1] as Point).at >= before)
      this.checkpoints.pop();
    this.point = this.checkpoints[this.checkpoints.length - 1] as Point;
    this.next = this.indexAfter(this.point.at);
  }

  private foldWhile(ok: (it: TimelineItem) => boolean): void {
    while (this.next < this.items.length && ok(this.items[this.next] as TimelineItem)) {
      const item = this.items[this.next] as TimelineItem;
      this.next += 1;
      // The mod's recorded events at an instant come before its timers (a death recorded at a day's start
      // belongs to the time before it); posts come after them (interfaces §4 "Time").
      this.drain(item.group === 0 ? item.at - 1 : item.at);
      if (item.postId !== null && item.firstVersion && item.thread) {
        const ctx = this.point.snapshot.context;
        if (ctx.day && isDayOpen(ctx))
          this.point = { ...this.point, through: { day: ctx.day.day, postId: item.postId } };
      }
      // Most posts hold no action: they cannot change the state, so they skip the statechart (speed).
      if (item.event) this.send(item.event);
    }
  }

  private drain(limit: Instant): void {
    for (let t = nextTimer(this.point.snapshot.context, limit); t; t = nextTimer(this.point.snapshot.context, limit))
      this.send(timerEvent(t));
  }

  private send(event: GameEvent): void {
    const phase = this.point.snapshot.context.phase?.index;
    const snapshot = this.chart.step(this.point.snapshot, event);
    this.point = { ...this.point, snapshot, at: Math.max(this.point.at, event.at) };
    if (snapshot.context.phase?.index !== phase) this.phaseChanged = true;
  }

  private phaseChanged = false;

  private settleAt(t: Instant): void {
    this.point = { ...this.point, at: t };
    if (this.phaseChanged) {
      this.checkpoints.push(this.point);
      this.phaseChanged = false;
    }
  }
}

/** Sorted items and sorted new ones in one sorted list: appended when they all come after the last (new posts). */
function merged(items: TimelineItem[], fresh: TimelineItem[]): TimelineItem[] {
  const last = items[items.length - 1];
  const first = fresh[0];
  if (!last || !first || byTime(last, first) < 0) return items.concat(fresh);
  return [...items, ...fresh].sort(byTime);
}

/** The instant of the last post's first version, or null for no post. */
export function lastPostAt(lines: Post[]): Instant | null {
  const seen = new Set<string>();
  let last: Instant | null = null;
  for (const p of lines) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    const at = parseInstant(p.createdAt) as Instant;
    if (last === null || at > last) last = at;
  }
  return last;
}

function timerEvent(t: Timer): GameEvent {
  const index = Number(t.ref);
  if (t.kind === 'phase-started') return { type: 'phase.started', at: t.at, index, timer: t };
  if (t.kind === 'phase-deadline') return { type: 'phase.deadline', at: t.at, index, timer: t };
  return { type: 'clock.tick', at: t.at, timer: t };
}
