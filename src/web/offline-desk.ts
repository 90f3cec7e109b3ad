import type { ThreadSink } from '../adapters/types.js';
import type {
  ApproveResult,
  DeskEvent,
  DraftRecord,
  FlagRecord,
  GameSummary,
  Ruling,
  VoteHistoryRow,
} from '../app/desk.js';
import { checkAlias } from '../app/game-file-writer.js';
import { loadDump } from '../app/load-dump.js';
import { loadGameFile } from '../app/load-game-file.js';
import { ModdeskError } from '../domain/errors.js';
import type { GameFile } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import type { StateJson } from '../domain/state.js';
import { formatInstant, parseInstant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import { replay } from '../machine/replay.js';
import { toStateJson } from '../machine/to-state-json.js';
import { lineDiff } from '../reporter/line-diff.js';
import type { FormatName } from '../reporter/markup.js';
import type { DashboardDesk } from './desk-extras.js';
import { esc } from './html.js';
import { DraftBook, type HeldDraft } from './offline-draft-book.js';
import { phaseDrafts, postInfo, voteCountNow } from './offline-drafts.js';
import { FlagBook } from './offline-flags.js';
import { voteHistoryOf } from './offline-history.js';

export interface OfflineDeskOptions {
  /** The game's id in URLs; default: from the title. */
  id?: string;
  /** The desk's clock at start (epoch ms); default: the last post's time, or the first phase's start. */
  startAt?: number;
  /** How fast the desk's clock runs against the wall clock: 1 is real time, 0 stops it. */
  speed?: number;
  /** Where approved drafts are posted; without one, Approve hands the text over to be pasted. */
  sink?: ThreadSink;
  /** Draft markup; default markdown for reddit, else bbcode. */
  format?: FormatName;
}

interface Current {
  revision: number;
  second: number;
  context: GameContext;
  at: number;
  state: StateJson;
}

/**
 * A real, read-mostly desk over a game file and a thread dump: every answer is the pure replay; drafts, flag
 * statuses, rulings (added to the in-memory game file's events) and night actions (PMs) live in memory.
 * `moddesk serve` and the dashboard's tests run on it; the live desk (src/app) keeps the same contract.
 */
export class OfflineDesk implements DashboardDesk {
  readonly id: string;
  private readonly game: GameFile;
  private posts: Post[];
  private readonly format: FormatName;
  private readonly sink: ThreadSink | undefined;
  private readonly speed: number;
  private readonly startAt: number;
  private readonly wallStart = Date.now();
  private floorAt = Number.NEGATIVE_INFINITY;
  private revision = 0;
  private cache: Current | null = null;
  private prev: GameContext | null = null;
  private readonly book: DraftBook;
  private readonly flagBook: FlagBook;
  private readonly listeners = new Set<(e: DeskEvent) => void>();
  private timer: NodeJS.Timeout | null = null;
  private nextPm = 1;
  private lastPollAt: string | null = null;

  static fromFiles(gameFile: string, postsFile?: string, opts: OfflineDeskOptions = {}): OfflineDesk {
    return new OfflineDesk(loadGameFile(gameFile), postsFile ? loadDump(postsFile) : [], opts);
  }

  constructor(game: GameFile, posts: Post[], opts: OfflineDeskOptions = {}) {
    this.game = structuredClone(game);
    this.posts = [...posts];
    this.id = opts.id ?? slug(game.title);
    this.flagBook = new FlagBook(this.id);
    this.format = opts.format ?? (game.thread?.platform === 'reddit' ? 'markdown' : 'bbcode');
    this.book = new DraftBook(this.id, this.format);
    this.sink = opts.sink;
    this.speed = opts.speed ?? 1;
    const last = posts.reduce((t, p) => Math.max(t, Date.parse(p.createdAt)), Number.NEGATIVE_INFINITY);
    this.startAt =
      opts.startAt ?? (Number.isFinite(last) ? last : Date.parse(game.phases[0]?.start ?? '1970-01-01T00:00:00Z'));
    this.refresh(false);
  }

  /** The desk's clock (epoch ms). */
  now(): number {
    return Math.floor(Math.max(this.floorAt, this.startAt + (Date.now() - this.wallStart) * this.speed));
  }

  /** Posts arriving from the thread (as a poll would find them): the state, drafts and flags follow at once. */
  addPosts(posts: Post[]): void {
    this.posts = sortPosts([...this.posts, ...posts]);
    // A poll sees posts up to now: the desk's clock is at least at the newest one.
    for (const p of posts) this.floorAt = Math.max(this.floorAt, Date.parse(p.editedAt ?? p.createdAt));
    this.lastPollAt = formatInstant(Date.now());
    this.changed();
    this.emit({ type: 'poll.done', gameId: this.id, newPosts: posts.length });
  }

  /** The game file (with the rulings as events and remembered aliases) and the posts (with entered PMs) as held now. */
  snapshot(): { game: GameFile; posts: Post[] } {
    return { game: structuredClone(this.game), posts: [...this.posts] };
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  async listGames(): Promise<GameSummary[]> {
    const { state } = this.current();
    const drafts = this.book.pendingCount();
    const flags = this.flagBook.records(state, this.posts).filter((f) => f.status === 'open').length;
    return [
      {
        id: this.id,
        title: this.game.title || this.id,
        ruleset: this.game.ruleset,
        platform: this.game.thread?.platform ?? 'file',
        phase: state.phase,
        alive: state.players.filter((p) => p.alive).length,
        pendingDrafts: drafts,
        openFlags: flags,
        lastPollAt: this.lastPollAt,
        result: state.result,
      },
    ];
  }

  async state(gameId: string, at?: string): Promise<StateJson> {
    this.check(gameId);
    if (at === undefined) return this.current().state;
    const instant = parseInstant(at);
    if (instant === null)
      throw new ModdeskError(
        'timestamp-invalid',
        `expected ISO-8601 like "2026-01-07T18:02:11Z", got ${JSON.stringify(at)}`,
      );
    const r = replay(this.game, this.posts, { at: instant });
    return toStateJson(r.context, r.at);
  }

  async context(gameId: string): Promise<{ context: GameContext; at: number } | null> {
    this.check(gameId);
    const { context, at } = this.current();
    return { context, at };
  }

  async drafts(gameId: string): Promise<DraftRecord[]> {
    this.check(gameId);
    return this.book.list();
  }

  async flags(gameId: string): Promise<FlagRecord[]> {
    this.check(gameId);
    return this.flagBook.records(this.current().state, this.posts);
  }

  async voteHistory(gameId: string, day?: string): Promise<VoteHistoryRow[]> {
    this.check(gameId);
    const now = this.current();
    const name = day ?? now.state.votes.day;
    return name ? voteHistoryOf(this.game, this.posts, now, name) : [];
  }

  async post(gameId: string, postId: string) {
    this.check(gameId);
    const p = this.posts.find((x) => x.id === postId);
    return p ? { id: p.id, author: p.author, createdAt: p.createdAt, html: p.html, url: p.url ?? null } : null;
  }

  async editDraft(gameId: string, draftId: string, text: string): Promise<DraftRecord> {
    const d = this.pending(gameId, draftId);
    d.record = { ...d.record, text, updatedAt: formatInstant(this.now()), recount: null };
    d.edited = true;
    this.emit({ type: 'draft.changed', gameId, draftId });
    return { ...d.record };
  }

  async approveDraft(gameId: string, draftId: string, opts: { confirm?: boolean } = {}): Promise<ApproveResult> {
    const d = this.pending(gameId, draftId);
    const fresh = d.voteKey === null ? null : this.freshCount(d);
    if (fresh && fresh.voteKey !== d.voteKey && !opts.confirm) {
      d.record = { ...d.record, recount: { text: fresh.text, diff: lineDiff(d.record.text, fresh.text) } };
      this.emit({ type: 'draft.changed', gameId, draftId });
      return { outcome: 'changed', draft: { ...d.record } };
    }
    const at = formatInstant(this.now());
    if (this.sink) {
      const receipt =
        d.record.to && this.sink.sendMessage
          ? await this.sink.sendMessage(d.record.to, `${this.game.title}: ${d.record.kind}`, d.record.text, d.record.id)
          : await this.sink.reply(d.record.text, d.record.id);
      d.record = { ...d.record, status: 'posted', updatedAt: at, posted: { id: receipt.id, url: receipt.url, at } };
    } else d.record = { ...d.record, status: 'approved', updatedAt: at };
    this.emit({ type: 'draft.changed', gameId, draftId });
    this.refresh(true);
    return { outcome: this.sink ? 'posted' : 'copy', draft: { ...d.record } };
  }

  async rejectDraft(gameId: string, draftId: string, reason?: string): Promise<DraftRecord> {
    const d = this.pending(gameId, draftId);
    d.record = { ...d.record, status: 'rejected', updatedAt: formatInstant(this.now()) };
    d.reason = reason?.trim() || null;
    this.emit({ type: 'draft.changed', gameId, draftId });
    this.refresh(true);
    return { ...d.record };
  }

  async rule(gameId: string, ruling: Ruling): Promise<void> {
    this.check(gameId);
    const at = formatInstant(this.now());
    if (ruling.kind === 'accept') {
      if (!this.flagBook.records(this.current().state, this.posts).some((f) => f.id === ruling.flagId)) {
        throw new ModdeskError('usage', `no flag ${JSON.stringify(ruling.flagId)}`);
      }
      this.flagBook.set(ruling.flagId, 'accepted');
      this.emit({ type: 'flag.changed', gameId });
      return;
    }
    if (!this.posts.some((p) => p.id === ruling.postId))
      throw new ModdeskError('post-unknown', `no post ${JSON.stringify(ruling.postId)} in the thread`);
    const note = ruling.note?.trim() ? { note: ruling.note.trim() } : {};
    const events = this.game.events.filter((e) => !('post' in e && e.post === ruling.postId));
    if (ruling.kind === 'ignore') events.push({ post: ruling.postId, ignore: true, at, ...note });
    else {
      const player = this.playerEntry(ruling.target);
      const alias = ruling.rememberAlias?.trim();
      // Refused before anything changes: an alias that is already a name would break every page.
      if (alias) checkAlias(this.game, player.name, alias);
      events.push({ post: ruling.postId, vote: ruling.target, at, ...note });
      if (alias) player.aliases.push(alias);
    }
    this.game.events = events;
    for (const f of this.flagBook.records(this.current().state, this.posts)) {
      if (f.postId === ruling.postId) this.flagBook.set(f.id, ruling.kind === 'ignore' ? 'ignored' : 'ruled');
    }
    this.changed();
    this.emit({ type: 'flag.changed', gameId });
  }

  async recordNightAction(gameId: string, action: { phase: string; actor: string; line: string }): Promise<void> {
    this.check(gameId);
    const { state } = this.current();
    if (state.phase?.name !== action.phase) {
      throw new ModdeskError('usage', `the current phase is ${state.phase?.name ?? 'none'}, not ${action.phase}`);
    }
    const line = action.line.trim();
    if (!line || line.length > 300) throw new ModdeskError('usage', 'expected one action line, e.g. "Target: Bob"');
    this.playerEntry(action.actor);
    const mod = Array.isArray(this.game.moderator) ? this.game.moderator[0] : this.game.moderator;
    const post: Post = {
      id: `desk-pm-${this.nextPm++}`,
      author: action.actor,
      createdAt: formatInstant(this.now()),
      editedAt: null,
      html: `<p><strong>${esc(line)}</strong></p>`,
      channel: 'pm',
      ...(mod ? { to: mod } : {}),
    };
    this.posts = sortPosts([...this.posts, post]);
    this.changed();
  }

  async endPhase(gameId: string, phase: string): Promise<void> {
    this.check(gameId);
    const { state } = this.current();
    if (state.phase?.name !== phase || state.phase.endedAt !== null) {
      throw new ModdeskError('usage', `${phase} is not the phase running now (${state.phase?.name ?? 'none'})`);
    }
    // One second after now: the PMs recorded this second come first (mod events precede posts at an instant).
    const at = Math.floor(this.now() / 1000) * 1000 + 1000;
    this.game.events = [...this.game.events, { at: formatInstant(at), end: phase }];
    this.floorAt = at;
    this.changed();
  }

  subscribe(listener: (event: DeskEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ------------------------------------------------------------------ internals

  private check(gameId: string): void {
    if (gameId !== this.id) throw new ModdeskError('usage', `no game ${JSON.stringify(gameId)} on this desk`);
  }

  private pending(gameId: string, draftId: string): HeldDraft {
    this.check(gameId);
    return this.book.pending(draftId);
  }

  /** The game file's entry for a player named now or earlier (a replacement's slot is its first player's entry). */
  private playerEntry(name: string): GameFile['players'][number] {
    let n = name.trim().toLowerCase();
    for (const e of [...this.game.events].reverse()) {
      if ('replace' in e && e.by.toLowerCase() === n) n = e.replace.toLowerCase();
    }
    const player = this.game.players.find((p) => p.name.toLowerCase() === n);
    if (!player) throw new ModdeskError('usage', `${JSON.stringify(name)} is not a player of this game`);
    return player;
  }

  private current(): Current {
    const now = this.now();
    const second = Math.floor(now / 1000);
    if (this.cache && this.cache.revision === this.revision && this.cache.second === second) return this.cache;
    const r = replay(this.game, this.posts, { at: now });
    this.cache = { revision: this.revision, second, context: r.context, at: r.at, state: toStateJson(r.context, r.at) };
    return this.cache;
  }

  private changed(): void {
    this.revision += 1;
    this.refresh(true);
    this.emit({ type: 'game.updated', gameId: this.id });
  }

  private freshCount(d: HeldDraft) {
    const { context, at } = this.current();
    const fresh = voteCountNow(context, at, postInfo(this.posts), this.format, this.book.countNumber(d.day));
    return fresh && fresh.day === d.day ? fresh : null;
  }

  /** Brings drafts up to the state now and arms the timer for the next timed event. */
  private refresh(emit: boolean): void {
    const { context, at } = this.current();
    const due = phaseDrafts(this.game, this.posts, this.prev, context, at, this.format);
    this.prev = context;
    const count = voteCountNow(
      context,
      at,
      postInfo(this.posts),
      this.format,
      this.book.countNumber(context.day?.day ?? null),
    );
    const touched = this.book.sync(due, count, formatInstant(at));
    if (emit) for (const draftId of touched) this.emit({ type: 'draft.changed', gameId: this.id, draftId });
    this.arm(context, at);
  }

  private arm(ctx: GameContext, at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = ctx.timers.find((t) => t.at > at);
    if (!next || this.speed <= 0) return;
    const wait = Math.min(2 ** 31 - 1, Math.ceil((next.at - at) / this.speed) + 20);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.revision += 1;
      this.refresh(true);
      this.emit({ type: 'game.updated', gameId: this.id });
    }, wait);
    this.timer.unref();
  }

  private emit(event: DeskEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        // a listener's failure is its own
      }
    }
  }
}

function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'game'
  );
}

function sortPosts(posts: Post[]): Post[] {
  return posts
    .map((p, i) => ({ p, i, t: Date.parse(p.createdAt) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.p);
}
