import type { Logger } from 'pino';
import type { Source } from '../adapters/registry.js';
import type { Cursor } from '../adapters/types.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import { formatInstant, type Instant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import { replay } from '../machine/replay.js';
import type { FormatName } from '../reporter/markup.js';
import type { Store } from '../storage/store.js';
import type { PollConfig } from './app-config.js';
import type { Clock } from './clock.js';
import type { DeskEvent, DraftKind } from './desk.js';
import { advancePlan, initialPlan, type PlannedDraft, type PlanState } from './drafts/plan.js';
import type { GameFileError } from './game-file-reload.js';
import { nextPollDelay } from './poll-schedule.js';

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
 * One watched game: poll → store → plan drafts. Posts and the adapter's cursor are stored in one transaction, the
 * drafts and the planner's position in another, so a crash at any point loses nothing and repeats nothing.
 */
export class GameRunner {
  posts: Post[];
  plan: PlanState;
  /** The state at `plan.at`. */
  ctx: GameContext;
  failures = 0;
  lastPollAt: string | null;
  lastError: string | null = null;
  /** Set while the game file on disk does not load: the desk keeps replaying the last good game. */
  gameFileError: GameFileError | null = null;
  readonly format: FormatName;

  constructor(
    readonly id: string,
    readonly gameFile: string,
    public game: GameFile,
    private readonly d: RunnerDeps,
  ) {
    const stored = d.store.games.get(id);
    this.lastPollAt = stored?.lastPollAt ?? null;
    this.format =
      game.thread?.platform === 'reddit' ? 'markdown' : game.thread?.platform === 'file' ? 'text' : 'bbcode';
    this.posts = this.gamePosts();
    const plan = stored?.plan as PlanState | null;
    // Planning starts before the first phase, wherever the clock is: the drafts depend on the posts, not on when
    // the desk was first started.
    this.plan = plan?.v === 1 ? plan : initialPlan(Date.parse(game.phases[0]!.start) - 1);
    if (!plan) d.store.games.savePlan(id, this.plan);
    this.ctx = this.replayAt(this.plan.at);
  }

  get platform(): string {
    return this.game.thread?.platform ?? 'file';
  }

  /**
   * The stored posts the game is replayed from: all of them but the drafts this desk posted (a moderator's post
   * carrying our idempotency marker), which are never actions and whose timing must not move "through post #".
   */
  gamePosts(): Post[] {
    const mods = new Set([this.game.moderator ?? []].flat().map((m) => m.toLowerCase()));
    const marker = `moddesk: ${this.id}-`;
    return this.d.store.posts
      .list(this.id)
      .filter((p) => !(mods.has(p.author.toLowerCase()) && p.html.includes(marker)));
  }

  replayAt(at: Instant): GameContext {
    return replay(this.game, this.posts, { at }, this.d.store.parseCache.fn).context;
  }

  /** One poll: read from the stored cursor, store what is new with the new cursor, then plan up to the poll's start. */
  async pollOnce(signal?: AbortSignal): Promise<{ newPosts: number; drafts: PlannedDraft[] }> {
    const { store, clock, log, source } = this.d;
    const cut = clock.now();
    const cursor = (store.games.get(this.id)?.cursor ?? null) as Cursor | null;
    const timeout = AbortSignal.timeout(this.d.opts.poll.timeoutSeconds * 1000);
    let result: Awaited<ReturnType<Source['read']>>;
    try {
      result = await source.read(cursor, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (err) {
      this.failures += 1;
      this.lastError = (err as Error).message;
      log.warn(
        { err: { message: (err as Error).message, code: (err as { code?: string }).code }, failures: this.failures },
        'poll failed; backing off',
      );
      throw err;
    }
    const seenAt = formatInstant(clock.now());
    const added = store.tx(() => {
      const r = store.posts.add(this.id, result.posts, seenAt);
      store.games.saveCursor(this.id, result.cursor, seenAt);
      if (r.added.length)
        store.audit.append({
          at: seenAt,
          gameId: this.id,
          actor: 'watch',
          action: 'posts.stored',
          detail: { newPosts: r.newPosts, edits: r.edits, requests: result.requests },
        });
      return r;
    });
    this.failures = 0;
    this.lastError = null;
    this.lastPollAt = seenAt;
    if (added.added.length) {
      const late = added.added.some((p) => Date.parse(p.editedAt ?? p.createdAt) <= this.plan.at);
      this.posts = this.gamePosts();
      if (late) this.ctx = this.replayAt(this.plan.at);
      log.info({ newPosts: added.newPosts, edits: added.edits, requests: result.requests }, 'new posts stored');
    } else log.debug({ requests: result.requests }, 'quiet poll');
    const drafts = this.advance(cut);
    this.d.emit({ type: 'poll.done', gameId: this.id, newPosts: added.newPosts });
    if (added.added.length || drafts.length) this.d.emit({ type: 'game.updated', gameId: this.id });
    return { newPosts: added.newPosts, drafts };
  }

  /** Plans drafts through `to` and stores them with the planner's new position (one transaction). */
  advance(to: Instant): PlannedDraft[] {
    const { store, log } = this.d;
    if (to <= this.plan.at) return [];
    const input = {
      game: this.game,
      posts: this.posts,
      parse: store.parseCache.fn,
      format: this.format,
      debounceMs: this.d.opts.debounceMs,
    };
    const flagsBefore = this.ctx.flags.length;
    const r = advancePlan(input, this.plan, to, this.ctx);
    const at = formatInstant(this.d.clock.now());
    const made: PlannedDraft[] = [];
    store.tx(() => {
      for (const d of r.drafts) {
        const created = store.drafts.create({
          gameId: this.id,
          id: d.id,
          kind: d.kind,
          format: this.format,
          text: d.text,
          to: d.to,
          throughPost: d.throughPost,
          planAt: d.at,
          idempotencyKey: `${this.id}-${d.id}`,
          createdAt: at,
        });
        if (!created) continue;
        made.push(d);
        store.audit.append({
          at,
          gameId: this.id,
          actor: 'watch',
          action: 'draft.created',
          detail: { draft: d.id, kind: d.kind },
        });
        if (this.d.opts.autoApprove.has(d.kind)) {
          // Approved as it is made (no recount: nothing can have moved yet), so posting it survives a crash.
          store.drafts.save({ ...store.drafts.get(this.id, d.id)!, status: 'approved' }, at);
          store.audit.append({
            at,
            gameId: this.id,
            actor: 'config',
            action: 'draft.approved',
            detail: { draft: d.id, auto: true },
          });
        }
        if (d.kind === 'vote-count' || d.kind === 'day-end' || d.kind === 'purge') this.supersede(d, at);
      }
      store.games.savePlan(this.id, r.state);
    });
    this.plan = r.state;
    this.ctx = r.ctx;
    for (const d of made) {
      log.info({ draft: d.id, kind: d.kind }, 'draft created');
      this.d.emit({ type: 'draft.changed', gameId: this.id, draftId: d.id });
    }
    if (this.ctx.flags.length !== flagsBefore) {
      log.info({ flags: this.ctx.flags.length - flagsBefore }, 'new flags');
      this.d.emit({ type: 'flag.changed', gameId: this.id });
    }
    return made;
  }

  /** A newer vote count, or the day's end, makes the day's earlier pending counts obsolete. */
  private supersede(d: PlannedDraft, at: string): void {
    const { store } = this.d;
    for (const old of store.drafts.list(this.id, 'pending')) {
      if (old.kind !== 'vote-count' || old.id === d.id || !old.id.startsWith(`vc-${d.phase}-`)) continue;
      store.drafts.save({ ...old, status: 'rejected', reason: `superseded by ${d.id}` }, at);
      store.audit.append({
        at,
        gameId: this.id,
        actor: 'watch',
        action: 'draft.superseded',
        detail: { draft: old.id, by: d.id },
      });
      this.d.emit({ type: 'draft.changed', gameId: this.id, draftId: old.id });
    }
  }

  /** Real ms until the next poll. */
  nextDelay(): number {
    const { clock, opts } = this.d;
    const due = this.plan.lastChange !== null ? this.plan.lastChange + opts.debounceMs : null;
    return nextPollDelay({
      now: clock.now(),
      ctx: this.ctx,
      voteCountDue: due,
      poll: opts.poll,
      floorMs: opts.floorMs,
      toRealMs: (ms) => clock.toRealMs(ms),
      failures: this.failures,
    });
  }
}
