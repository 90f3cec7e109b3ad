import type { Logger } from 'pino';
import { hasMarker, marker } from '../adapters/common/idempotency.js';
import type { Source } from '../adapters/registry.js';
import type { Cursor, ReadResult } from '../adapters/types.js';
import type { GameFile } from '../domain/game-file.js';
import { pmWindowOf } from '../domain/pm-window.js';
import type { Post } from '../domain/post.js';
import { formatInstant, HOUR, type Instant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import { isDayOpen } from '../machine/death-rules.js';
import type { GameFold } from '../machine/fold.js';
import { countNumberOf } from '../parser/count-posts.js';
import { type FormatName, MARKUPS } from '../reporter/markup.js';
import { foldOf } from '../reporter/replay.js';
import { type AddResult, inDumpOrder, withNewPosts } from '../storage/post-store.js';
import type { Store } from '../storage/store.js';
import type { PollConfig } from './app-config.js';
import type { Clock } from './clock.js';
import type { DeskEvent, DraftKind } from './desk.js';
import { advancePlan, initialPlan, type PlannedDraft, type PlanState, voteFingerprint } from './drafts/plan.js';
import { PlanMarks } from './drafts/plan-marks.js';
import { storePlannedDrafts } from './drafts/store-drafts.js';
import type { GameFileError } from './game-file-read.js';
import { withTimeout } from './loop-sleep.js';
import { nextPollStep, type PollStep } from './poll-schedule.js';
import { rolePmDraftsDue, withRolePmAnswers } from './role-pms.js';
import { scrubSecrets } from './scrub.js';

/** A post this long is read ahead of the poll's transaction, in a turn of the event loop of its own. */
const LONG_POST_CHARS = 20_000;

/** What `planThrough` planned and stored, for `settle` to take once it is committed. */
interface Planned {
  state: PlanState;
  ctx: GameContext;
  /** False: nothing could happen in the span, and the position waits for the next transaction (`deferPlan`). */
  written: boolean;
  made: PlannedDraft[];
  /** Drafts superseded or recounted, said once the transaction is committed. */
  events: DeskEvent[];
  flagsBefore: number;
}

/** At rest the planner's position is written at least this often (game time), so a restart replans little. */
const QUIET_WRITE_MS = HOUR;

export interface RunnerOptions {
  poll: PollConfig;
  debounceMs: number;
  autoApprove: ReadonlySet<DraftKind>;
  dryRun: boolean;
  /** The adapter's shortest allowed gap between polls (real ms). */
  floorMs: number;
}

export interface RunnerDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  source: Source;
  emit(e: DeskEvent): void;
  opts: RunnerOptions;
}

/**
 * One watched game: poll → store → plan drafts. A poll's posts, the adapter's cursor, the drafts they make and the
 * planner's position are stored in one transaction, so a crash at any point loses nothing and repeats nothing.
 */
export class GameRunner {
  plan: PlanState;
  /** The state at `plan.at`. */
  ctx: GameContext;
  failures = 0;
  lastPollAt: string | null;
  lastError: string | null = null;
  /** When the last poll failed (desk time, ISO), while polls fail. */
  lastErrorAt: string | null = null;
  /** Why the last poll could not read the moderator's PMs (it read the thread); null when it could. */
  inboxError: { message: string; at: string } | null = null;
  /** When the next poll is due (desk time, ISO); null before the first poll or on a stopped clock. */
  nextPollAt: string | null = null;
  /** The schedule's last answer: the wait before the next poll and why (poll-schedule.ts). */
  pollStep: PollStep | null = null;
  /**
   * The game's last sign of life (desk time): the newest post or version the desk holds, a poll that brought new
   * ones, the moderator's last act. A quiet game is polled less often from it (decision 0015).
   */
  activeAt: Instant | null;
  /** Set by the watch loop while it sleeps: cuts the sleep short when the schedule moves earlier (`noteActivity`). */
  wake: (() => void) | null = null;
  /** Posts the last poll could not get from the platform (ReadResult.missing); the next poll asks again. */
  missing: string[] = [];
  /**
   * A long read under way (the first read of a long thread, stored page by page): the posts held so far and the
   * thread's size as the platform says; null once a read has reached the end. Shown on the dashboard in words.
   */
  reading: { held: number; total: number | null } | null = null;
  /**
   * When the last poll that read the whole thread from the stored cursor (nothing missing) began (desk time), in
   * this process: a try at posting whose fate is unknown is settled by such a read from after it (draft-actions.ts).
   */
  readThroughAt: Instant | null = null;
  /** Set while the game file on disk does not load: the desk keeps replaying the last good game. */
  gameFileError: GameFileError | null = null;
  readonly format: FormatName;
  private _posts: Post[] = [];
  private _game: GameFile;
  /** States already folded for the current posts and game file, by instant (the dashboard asks for "now" often). */
  private readonly states = new Map<Instant, GameContext>();
  /** The cursor as last stored (read once, not parsed back out of the store at every poll). */
  private cursor: Cursor | null = null;
  /** When the desk's first read of the thread began, until that read settles `plan.joinedAt` (m4). */
  private firstLookAt: Instant | null = null;
  /** The game folded to `plan.at`: planning, the recount and the dashboard continue from it (null: to be made). */
  private _fold: GameFold | null = null;
  /** The planner's instant as last written to the store (a quiet span only defers the write: `advance`). */
  private writtenAt: Instant;
  /** The planner's past positions, to plan again from before a post the forum showed late. */
  private readonly planMarks = new PlanMarks();

  constructor(
    readonly id: string,
    readonly gameFile: string,
    game: GameFile,
    private readonly d: RunnerDeps,
  ) {
    this._game = game;
    const stored = d.store.games.get(id);
    this.lastPollAt = stored?.lastPollAt ?? null;
    this.cursor = (stored?.cursor ?? null) as Cursor | null;
    this.format =
      game.thread?.platform === 'reddit' ? 'markdown' : game.thread?.platform === 'file' ? 'text' : 'bbcode';
    this.posts = this.gamePosts();
    this.activeAt = newestVersionAt(this.posts);
    const plan = stored?.plan as PlanState | null;
    this.plan = plan?.v === 1 ? plan : firstPlan(game);
    if (!plan) d.store.games.savePlan(id, this.plan);
    this.planMarks.add(this.plan);
    this.writtenAt = this.plan.at;
    this.ctx = this.fold.state().context;
  }

  /** The fold at `plan.at`, made again only after the game file or the whole post list was replaced. */
  get fold(): GameFold {
    if (!this._fold) {
      this._fold = foldOf(this.game, this.posts, this.d.store.parseCache.fn);
      this._fold.advanceTo(this.plan.at);
    }
    return this._fold;
  }

  get posts(): Post[] {
    return this._posts;
  }

  set posts(posts: Post[]) {
    this._posts = posts;
    this.states.clear();
    this._fold = null;
  }

  /**
   * New lines just stored for the game (what `store.posts.add` added): merged into the posts in the store's order
   * (one copy of each post, shared with the fold, not the whole list read back), and the fold takes them (going
   * back only for one in the past), no replay. `newPosts`: every line is a new post (no edit), as most polls bring.
   */
  addPosts(lines: Post[], newPosts = false): void {
    const mine = lines.filter((p) => !this.isOwnDraft(p));
    // The fold at the plan's instant, made from the posts before these if there is none: it says whether one is late.
    const fold = this.fold;
    this._posts = newPosts ? withNewPosts(this._posts, mine) : inDumpOrder([...this._posts, ...mine]);
    this.states.clear();
    const late = fold.addPosts(mine);
    if (late !== null && late <= this.plan.at) this.planAgainFrom(late);
    this.ctx = this.fold.state().context;
  }

  /**
   * A post the forum showed after the planner went past its time (a lag, a clock behind the forum's): the planner
   * goes back to its last position before the post and plans forward again with it (the fold is made again there),
   * so a day its hammer ended is ended; what was drafted already is not drafted twice.
   */
  private planAgainFrom(t: Instant): void {
    const start = firstPlan(this.game);
    // Before the planner's first position (a first read's posts before the game): nothing was planned past it.
    if (t <= start.at) return;
    this.plan = this.planMarks.rewindBefore(t, this.plan, start);
    this._fold = null;
    this.d.log.info(
      { postAt: formatInstant(t), from: formatInstant(this.plan.at) },
      'a post came after the planner passed its time: planning again from before it',
    );
  }

  get game(): GameFile {
    return this._game;
  }

  set game(game: GameFile) {
    this._game = game;
    this.states.clear();
    this._fold = null;
  }

  get platform(): string {
    return this.game.thread?.platform ?? 'file';
  }

  /**
   * The stored posts the game is replayed from: all of them but the drafts this desk posted (a moderator's post
   * carrying our idempotency marker), which are never actions and whose timing must not move "through post #".
   */
  /**
   * Reads each long post that arrived (issue 33 M1: a player's 240 KB line of votes) in a turn of the event loop of
   * its own, before the poll's transaction, so the dashboard keeps answering while a poll brings several; the fold
   * then finds their readings in the parse cache's memory. Ordinary posts are read by the fold as before.
   */
  private async readLongPostsAhead(posts: readonly Post[], signal?: AbortSignal): Promise<void> {
    const { syntax } = this.ctx.setup.options;
    for (const post of posts) {
      if (signal?.aborted) return;
      if (post.html.length < LONG_POST_CHARS) continue;
      this.d.store.parseCache.fn(post.html, { syntax, channel: post.channel });
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  gamePosts(): Post[] {
    return this.d.store.posts.list(this.id).filter((p) => !this.isOwnDraft(p));
  }

  /**
   * The moderator's stored post carrying draft `key`'s marker (its newest version), whatever the thread did since:
   * the desk's own read of the thread, not a look at a few pages.
   */
  ownPost(key: string): Post | null {
    const mods = [this.game.moderator ?? []].flat().map((m) => m.toLowerCase());
    const found = this.d.store.posts
      .containing(this.id, marker(key))
      .filter((p) => (mods.length === 0 || mods.includes(p.author.toLowerCase())) && hasMarker(p.html, key));
    return found.at(-1) ?? null;
  }

  private isOwnDraft(p: Post): boolean {
    const mods = [this.game.moderator ?? []].flat().map((m) => m.toLowerCase());
    return mods.includes(p.author.toLowerCase()) && p.html.includes(`moddesk: ${this.id}-`);
  }

  /** The state at any instant, from the fold (a past one from the last phase start before it). */
  replayAt(at: Instant): GameContext {
    const known = this.states.get(at);
    if (known) return known;
    const ctx = this.fold.stateAt(at).context;
    if (this.states.size >= 8) this.states.delete(this.states.keys().next().value as Instant);
    this.states.set(at, ctx);
    return ctx;
  }

  /**
   * One poll: read from the stored cursor, store what is new with the new cursor, then plan up to the poll's start.
   * A long read stores each page as it comes (`storePage`) and is bound by the poll's timeout per page, not as a
   * whole: cut short, it keeps what it read and the next poll continues from there (issue 32, B1).
   */
  async pollOnce(signal?: AbortSignal): Promise<{ newPosts: number; drafts: PlannedDraft[] }> {
    const { store, clock, log, source } = this.d;
    const cut = clock.now();
    const firstCursor = this.cursor;
    if (firstCursor === null && this.plan.joinedAt === undefined) this.firstLookAt ??= cut;
    let result: Awaited<ReturnType<Source['read']>>;
    let total: number | null = this.reading?.total ?? null;
    try {
      const inbox = { at: cut, maxAgeMs: this.inboxMaxAgeMs() };
      result = await withTimeout(this.d.opts.poll.timeoutSeconds * 1000, signal, (s, progress) =>
        source.read(firstCursor, {
          signal: s,
          inbox,
          pms: withRolePmAnswers(pmWindowOf(this.game), this.d.store.drafts.list(this.id)),
          onProgress: (p) => {
            total = p.postsTotal ?? total;
            progress();
          },
          onCheckpoint: (partial) => {
            this.storePage(partial, total);
            progress();
          },
        }),
      );
    } catch (err) {
      this.failures += 1;
      this.lastError = scrubSecrets((err as Error).message);
      this.lastErrorAt = formatInstant(clock.now());
      this.nextPollAt = this.nextPollInstant();
      log.warn(
        {
          err: { message: (err as Error).message, code: (err as { code?: string }).code },
          failures: this.failures,
          ...(this.reading ? { postsHeld: this.reading.held, postsTotal: this.reading.total } : {}),
        },
        this.reading
          ? 'poll cut short; the posts read are kept and the next poll continues'
          : 'poll failed; backing off',
      );
      // Said on the dashboard at once: a failing poll must never look like a quiet one.
      this.d.emit({ type: 'poll.failed', gameId: this.id });
      throw err;
    }
    // What noteJoined changes is kept only with the poll's transaction: a failed one leaves the plan as it was.
    const planBefore = this.plan;
    const lookBefore = this.firstLookAt;
    this.noteJoined(result.posts.length > 0);
    // A read that began at the thread's start, or continued one stored page by page: the thread is dated by its posts.
    const firstRead = firstCursor === null || this.reading !== null;
    this.reading = null;
    const cursor = this.cursor;
    await this.readLongPostsAhead(result.posts, signal);
    const seenAt = formatInstant(clock.now());
    // A quiet poll (nothing read, the cursor as it was) opens no transaction. Any other stores its posts, the new
    // cursor, the drafts they make and the planner's position in one transaction: all of it, or none of it.
    const quiet = result.posts.length === 0 && sameCursor(result.cursor, cursor);
    const posts = this._posts;
    const ctx = this.ctx;
    let stored: AddResult = { added: [], newPosts: 0, edits: 0 };
    let timed: boolean;
    let planned: Planned | null;
    try {
      if (quiet) {
        timed = this.timerDue(cut);
        planned = this.planThrough(cut, false);
      } else
        [stored, timed, planned] = store.tx(() => {
          const r = store.posts.add(this.id, result.posts, seenAt);
          // A poll that moved nothing writes nothing.
          if (r.added.length || !sameCursor(result.cursor, cursor))
            store.games.saveCursor(this.id, result.cursor, seenAt);
          if (r.added.length) {
            store.audit.append({
              at: seenAt,
              gameId: this.id,
              actor: 'watch',
              action: 'posts.stored',
              detail: { newPosts: r.newPosts, edits: r.edits, requests: result.requests },
            });
            this.addPosts(r.added, r.edits === 0);
          }
          return [r, this.timerDue(cut), this.planThrough(cut, true)] as const;
        });
    } catch (err) {
      // The fold went ahead of the store (and took posts the failed transaction did not keep): made again from it.
      this._posts = posts;
      this.ctx = ctx;
      this.plan = planBefore;
      this.firstLookAt = lookBefore;
      this.states.clear();
      this._fold = null;
      throw err;
    }
    this.cursor = result.cursor;
    this.failures = 0;
    this.lastError = null;
    this.lastErrorAt = null;
    this.lastPollAt = seenAt;
    this.inboxError = result.inboxError ? { message: scrubSecrets(result.inboxError), at: seenAt } : null;
    if (this.inboxError) {
      log.warn(
        { err: { message: this.inboxError.message } },
        "the moderator's PMs could not be read; the next poll tries again",
      );
    }
    this.missing = result.missing ?? [];
    if (this.missing.length === 0) this.readThroughAt = cut;
    if (this.missing.length > 0)
      log.warn(
        { missing: this.missing.length, ids: this.missing.slice(0, 20) },
        'the platform did not give every post; the next poll asks again',
      );
    if (firstRead) this.activeAt = newestVersionAt(this._posts);
    if (stored.added.length) {
      // The thread moved since the last look; a first read dates the thread by its newest post instead.
      if (!firstRead) this.activeAt = clock.now();
      log.info({ newPosts: stored.newPosts, edits: stored.edits, requests: result.requests }, 'new posts stored');
    } else log.debug({ requests: result.requests }, 'quiet poll');
    const drafts = planned ? this.settle(planned) : [];
    this.nextPollAt = this.nextPollInstant();
    this.d.emit({ type: 'poll.done', gameId: this.id, newPosts: stored.newPosts });
    if (firstRead || stored.added.length || drafts.length || timed)
      this.d.emit({ type: 'game.updated', gameId: this.id });
    return { newPosts: stored.newPosts, drafts };
  }

  /**
   * m4: whether the desk joined a running game, settled by its first read that answered. A thread with posts then:
   * what fell due before that read the moderator handled by hand (`joinedAt`, the read's start). An empty thread:
   * the desk was there from the start (`null`), whenever the posts come; a read that failed settles nothing.
   */
  private noteJoined(threadHasPosts: boolean): void {
    if (this.firstLookAt === null || this.plan.joinedAt !== undefined) return;
    this.plan = { ...this.plan, joinedAt: threadHasPosts ? this.firstLookAt : null };
    this.d.store.games.savePlan(this.id, this.plan);
    this.firstLookAt = null;
  }

  /**
   * One page of a long read: its posts and the cursor after them in one transaction, so a read cut short (the
   * poll's timeout, a crash) keeps them and the next poll continues after them. Nothing is planned until the read
   * reaches the end: drafts are made from the whole thread, never from its first pages.
   */
  private storePage(partial: ReadResult, total: number | null): void {
    const { store, clock } = this.d;
    const seenAt = formatInstant(clock.now());
    const posts = this._posts;
    const ctx = this.ctx;
    this.noteJoined(partial.posts.length > 0);
    try {
      store.tx(() => {
        const r = store.posts.add(this.id, partial.posts, seenAt);
        store.games.saveCursor(this.id, partial.cursor, seenAt);
        if (r.added.length === 0) return;
        store.audit.append({
          at: seenAt,
          gameId: this.id,
          actor: 'watch',
          action: 'posts.stored',
          detail: { newPosts: r.newPosts, edits: r.edits, requests: partial.requests, partial: true },
        });
        this.addPosts(r.added, r.edits === 0);
      });
    } catch (err) {
      this._posts = posts;
      this.ctx = ctx;
      this.states.clear();
      this._fold = null;
      throw err;
    }
    this.cursor = partial.cursor;
    this.reading = { held: this._posts.length, total };
    this.d.emit({ type: 'game.updated', gameId: this.id });
  }

  /**
   * After a ruling (the game file changed, the posts did not): if the open day's votes now read otherwise, that is
   * a change at the planner's position, and the count falls due as after any change (at once without a debounce).
   */
  replanAfterRuling(): PlannedDraft[] {
    const ctx = this.ctx;
    const fp = voteFingerprint(ctx);
    if (!ctx.day || !isDayOpen(ctx) || this.plan.voteDay !== ctx.day.day || fp === this.plan.voteFp) return [];
    this.plan = { ...this.plan, voteFp: fp, lastChange: this.plan.at };
    this.d.store.games.savePlan(this.id, this.plan);
    this.writtenAt = this.plan.at;
    const now = this.d.clock.now();
    return this.advance(this.d.opts.debounceMs === 0 ? Math.max(now, this.plan.at + 1) : now);
  }

  /** Whether a timer of the state (a deadline, a missile, a window) falls between the plan's position and `to`. */
  private timerDue(to: Instant): boolean {
    return this.ctx.timers.some((t) => t.at > this.plan.at && t.at <= to);
  }

  /** Plans drafts through `to` and stores them with the planner's new position (one transaction). */
  advance(to: Instant): PlannedDraft[] {
    let planned: Planned | null;
    try {
      planned = this.planThrough(to, false);
    } catch (err) {
      this._fold = null; // the fold went ahead of the stored plan: made again from it
      throw err;
    }
    return planned ? this.settle(planned) : [];
  }

  /**
   * Plans through `to` and writes the drafts with the planner's position: in the caller's transaction (`inTx`, the
   * poll's), or in one of its own. Outside a transaction a span where nothing could happen writes nothing (only the
   * instant moved: written with the next transaction). The runner takes the result once it is stored (`settle`).
   */
  private planThrough(to: Instant, inTx: boolean): Planned | null {
    const { store } = this.d;
    // Issue 30 item 1: role PMs and nudges, drafted beside the planner (before the game's first phase too).
    const roles = rolePmDraftsDue(
      this.plan,
      this.game,
      store.drafts.list(this.id),
      this.posts,
      to,
      MARKUPS[this.format],
      this.ctx.phase?.name ?? null,
    );
    if (to <= this.plan.at && !roles.rolePms && roles.drafts.length === 0) return null;
    const input = {
      game: this.game,
      posts: this.posts,
      parse: store.parseCache.fn,
      format: this.format,
      debounceMs: this.d.opts.debounceMs,
      fold: this.fold,
      approvedCount: (day: string) => this.approvedCount(day),
    };
    const flagsBefore = this.ctx.flags.length;
    const r =
      to <= this.plan.at
        ? { drafts: [], state: this.plan, ctx: this.ctx, stepped: false }
        : advancePlan(input, this.plan, to);
    const state = roles.rolePms ? { ...r.state, rolePms: true } : r.state;
    const quiet = !r.stepped && !roles.rolePms && roles.drafts.length === 0;
    if (!inTx && quiet && state.at - this.writtenAt < QUIET_WRITE_MS) {
      store.games.deferPlan(this.id, state);
      return { state, ctx: r.ctx, written: false, made: [], events: [], flagsBefore };
    }
    const events: DeskEvent[] = [];
    const target = { store, gameId: this.id, format: this.format, autoApprove: this.d.opts.autoApprove };
    const drafts = [...roles.drafts, ...r.drafts];
    const write = () => storePlannedDrafts(target, drafts, state, formatInstant(this.d.clock.now()), events);
    const made = inTx ? write() : store.tx(write);
    return { state, ctx: r.ctx, written: true, made, events, flagsBefore };
  }

  /** M2: the highest number among the day's counts approved or posted on the desk, as shown (`1.02`), or null. */
  private approvedCount(day: string): { n: number; width: number } | null {
    let best: { n: number; width: number } | null = null;
    for (const d of this.d.store.drafts.shownCounts(this.id, day)) {
      const read = countNumberOf(d.text) ?? { n: d.number ?? 0, width: 1 };
      if (!best || read.n > best.n) best = { n: read.n, width: read.width };
    }
    return best;
  }

  /** Takes a stored plan: the planner's new position and state, then says what changed. */
  private settle(p: Planned): PlannedDraft[] {
    const { log } = this.d;
    this.plan = p.state;
    this.planMarks.add(p.state);
    this.ctx = p.ctx;
    if (!p.written) return [];
    this.writtenAt = p.state.at;
    for (const e of p.events) this.d.emit(e);
    for (const d of p.made) {
      log.info({ draft: d.id, kind: d.kind }, 'draft created');
      this.d.emit({ type: 'draft.changed', gameId: this.id, draftId: d.id });
    }
    if (this.ctx.flags.length !== p.flagsBefore) {
      log.info({ flags: this.ctx.flags.length - p.flagsBefore }, 'new flags');
      this.d.emit({ type: 'flag.changed', gameId: this.id });
    }
    return p.made;
  }

  /**
   * The moderator acted on this game (a draft approved, a ruling, a mid-day event, the game file edited): the quiet
   * backoff snaps back to the base interval, and a loop asleep for longer wakes to the new schedule.
   */
  noteActivity(): void {
    this.activeAt = Math.max(this.activeAt ?? 0, this.d.clock.now());
    this.nextPollAt = this.nextPollInstant();
    this.wake?.();
  }

  /** The next poll as desk time: now plus the real delay at the clock's speed (none on a stopped clock). */
  private nextPollInstant(): string | null {
    const { clock } = this.d;
    const real = this.nextDelay();
    const perGameMs = clock.toRealMs(1);
    if (!Number.isFinite(perGameMs) || perGameMs <= 0) return null;
    return formatInstant(clock.now() + Math.ceil(real / perGameMs));
  }

  /**
   * How old the account's shared inbox read may be for this poll (decision 0015): one base interval of a game
   * polled at its ordinary pace; none near or just after a deadline or timed event, or after a failure.
   */
  private inboxMaxAgeMs(): number {
    const step = this.pollStep;
    if (!step || step.reason === 'event-near' || step.reason === 'event-next' || step.reason === 'retry') return 0;
    // The base interval in game time (the clock may run fast); never longer than the wait that just passed.
    const gameMsPerRealMs = 1 / this.d.clock.toRealMs(1);
    const real = Math.min(step.delayMs, this.d.opts.poll.intervalSeconds * 1000);
    return Number.isFinite(gameMsPerRealMs) ? real * gameMsPerRealMs : 0;
  }

  /** Real ms until the next poll (kept with its reason in `pollStep`). */
  nextDelay(): number {
    const { clock, opts } = this.d;
    const due = this.plan.lastChange !== null ? this.plan.lastChange + opts.debounceMs : null;
    this.pollStep = nextPollStep({
      now: clock.now(),
      ctx: this.ctx,
      voteCountDue: due,
      poll: opts.poll,
      floorMs: opts.floorMs,
      toRealMs: (ms) => clock.toRealMs(ms),
      failures: this.failures,
      activeAt: this.activeAt,
    });
    return this.pollStep.delayMs;
  }
}

/**
 * Where planning starts: before the first phase, wherever the clock is (the drafts depend on the posts, not on when
 * the desk was first started).
 */
function firstPlan(game: GameFile): PlanState {
  return initialPlan(Date.parse(game.phases[0]!.start) - 1);
}

/** The newest instant any of the posts was written or edited at (null: no posts). */
function newestVersionAt(posts: Post[]): Instant | null {
  let newest: Instant | null = null;
  for (const p of posts) {
    const at = Math.max(Date.parse(p.createdAt), p.editedAt ? Date.parse(p.editedAt) : 0);
    if (Number.isFinite(at) && (newest === null || at > newest)) newest = at;
  }
  return newest;
}

/**
 * Whether a read left the cursor as it was: each key's value the same object (an adapter hands back the maps it did
 * not change) or, for arrays, the same items; anything else is compared as JSON.
 */
function sameCursor(a: Cursor, b: Cursor | null): boolean {
  if (b === null) return false;
  const keys = Object.keys(a);
  const shallow =
    keys.length === Object.keys(b).length &&
    keys.every((k) => {
      const x = a[k];
      const y = b[k];
      if (x === y) return true;
      return Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => v === y[i]);
    });
  return shallow || JSON.stringify(a) === JSON.stringify(b);
}
