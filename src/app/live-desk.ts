import { ModdeskError } from '../domain/errors.js';
import { type GameEvent, PLATFORMS_WITH_PMS } from '../domain/game-file.js';
import type { Post } from '../domain/post.js';
import type { StateJson } from '../domain/state.js';
import { formatInstant, parseInstant } from '../domain/time.js';
import { postFlags, withPostFacts } from '../machine/house-rules/post-facts.js';
import { toStateJson } from '../machine/to-state-json.js';
import { nightPreview } from '../reporter/replay.js';
import type { Store } from '../storage/store.js';
import { auditActor } from './acting.js';
import type { Clock } from './clock.js';
import { countCheckRows } from './count-check-rows.js';
import { draftCountFix } from './count-fix.js';
import type {
  AlertChannelHealth,
  ApproveResult,
  CountCheckRow,
  DashboardDesk,
  DeskEvent,
  DraftRecord,
  FlagFilter,
  FlagRecord,
  FlagTriage,
  GameSummary,
  GroupRuling,
  ModEvent,
  NightEntryOutcome,
  NightPick,
  PersonChange,
  RecordedModEvent,
  RolePmView,
  Ruling,
  VoteHistoryRow,
} from './desk.js';
import { type DraftActions, toRecord } from './draft-actions.js';
import { type DraftShelf, shelve } from './drafts/tidy.js';
import { triage } from './flag-groups.js';
import { flagIds, flagRecords } from './flag-records.js';
import { type GameFileChange, playerEntry } from './game-file-writer.js';
import type { GameRunner } from './game-runner.js';
import { modEventChange, recordedModEvents } from './mod-events.js';
import { DEFAULT_CONFIRM_HOURS, rolePmRows } from './role-pms.js';
import { Rulings } from './rulings.js';
import { voteHistoryOf } from './vote-history.js';

export { flagIds };

export interface LiveDeskOptions {
  /** Write rulings and aliases into the game file too (`watch`); `serve` keeps them in its in-memory store only. */
  writeGameFile?: boolean;
  onError?: (err: unknown) => void;
  /** The alert channels' health (`Alerter.channels`), when the app config has alerts. */
  alertChannels?: () => AlertChannelHealth[];
}

/** The Desk (desk.ts) over the store and the watch loop's runners: what the dashboard reads and does. */
export class LiveDesk implements DashboardDesk {
  private readonly listeners = new Set<(e: DeskEvent) => void>();
  private readonly onError: (err: unknown) => void;
  private readonly rulings: Rulings;
  private rolePmSends: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly runners: Map<string, GameRunner>,
    private readonly actions: DraftActions,
    private readonly opts: LiveDeskOptions = {},
  ) {
    this.onError = opts.onError ?? (() => {});
    this.rulings = new Rulings({
      store,
      clock,
      writeGameFile: opts.writeGameFile !== false,
      emit: (e) => this.emit(e),
      onError: (err) => this.onError(err),
      flagsOf: (r) => this.flagsOf(r),
    });
  }

  async alertChannels(): Promise<AlertChannelHealth[]> {
    return this.opts.alertChannels?.() ?? [];
  }

  emit(e: DeskEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  subscribe(listener: (event: DeskEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private runner(gameId: string): GameRunner {
    const r = this.runners.get(gameId);
    if (!r)
      throw new ModdeskError(
        'usage',
        `no game ${JSON.stringify(gameId)}; games: ${[...this.runners.keys()].join(', ')}`,
      );
    return r;
  }

  /** A game the moderator acts on: its polls snap back to the base interval (decision 0015). */
  private acted(gameId: string): GameRunner {
    const r = this.runner(gameId);
    r.noteActivity();
    return r;
  }

  /** The desk's "now" for a game: the clock, but never before what the planner has already drafted through. */
  private nowOf(r: GameRunner): number {
    return Math.max(this.clock.now(), r.plan.at);
  }

  async listGames(): Promise<GameSummary[]> {
    return [...this.runners.values()].map((r) => {
      const s = toStateJson(r.ctx, r.plan.at);
      return {
        id: r.id,
        title: r.game.title || r.id,
        ruleset: r.game.ruleset,
        platform: r.platform,
        phase: s.phase,
        alive: s.players.filter((p) => p.alive).length,
        pendingDrafts: this.store.drafts.list(r.id, 'pending').length,
        openFlags: this.flagsOf(r).filter((f) => f.status === 'open').length,
        lastPollAt: r.lastPollAt,
        poll: {
          lastGoodAt: r.lastPollAt,
          failures: r.failures,
          lastError: r.lastError && r.lastErrorAt ? { message: r.lastError, at: r.lastErrorAt } : null,
          nextAt: r.nextPollAt,
          interval: r.pollStep ? { seconds: r.pollStep.delayMs / 1000, reason: r.pollStep.reason } : null,
          reading: r.reading,
        },
        missingPosts: r.missing,
        pmsError: r.inboxError,
        notPosted: this.store.drafts
          .list(r.id, 'approved')
          .filter((d) => d.posting)
          .map(toRecord),
        result: s.result,
        timeZone: r.game.timezone,
        writesGameFile: this.opts.writeGameFile !== false,
        gameFileError: r.gameFileError,
        publicPage: r.game.publicPage === true,
      };
    });
  }

  async state(gameId: string, at?: string): Promise<StateJson> {
    const r = this.runner(gameId);
    const instant = at === undefined ? this.nowOf(r) : parseInstant(at);
    if (instant === null)
      throw new ModdeskError(
        'timestamp-invalid',
        `expected ISO-8601 UTC like "2026-01-07T18:02:11Z", got ${JSON.stringify(at)}`,
      );
    const s = r.fold.stateAt(instant);
    return withPostFacts(
      toStateJson(s.context, instant, s.machine),
      s.context,
      // Every stored post, this desk's own posted counts too: they are the players' "last count".
      this.store.posts.list(r.id),
      (post) => r.fold.stateAt(Date.parse(post.createdAt)).context,
    );
  }

  async drafts(gameId: string): Promise<DraftRecord[]> {
    return this.store.drafts.list(this.runner(gameId).id).map(toRecord);
  }

  async draftShelf(gameId: string): Promise<DraftShelf> {
    const r = this.runner(gameId);
    const now = r.replayAt(this.nowOf(r));
    const phases = now.setup.phases.map((p) => p.name);
    return shelve(await this.drafts(r.id), phases, now.phase?.name ?? null);
  }

  async flags(gameId: string): Promise<FlagRecord[]> {
    return this.flagsOf(this.runner(gameId));
  }

  private flagsOf(r: GameRunner): FlagRecord[] {
    // With the flags only the posts raise (prods due, requests for a count), as `moddesk state` lists them.
    const flags = [...r.ctx.flags, ...postFlags(r.ctx, this.store.posts.list(r.id), r.plan.at)];
    return flagRecords(r.id, flags, this.store.games.flagStatus(r.id), r.game.events);
  }

  async voteHistory(gameId: string, day?: string): Promise<VoteHistoryRow[]> {
    const r = this.runner(gameId);
    const at = this.nowOf(r);
    const now = { context: r.replayAt(at), at };
    const name = day ?? now.context.day?.day;
    return name ? voteHistoryOf(now, (t) => r.replayAt(t), r.posts, name) : [];
  }

  async changesByPeople(gameId: string): Promise<PersonChange[]> {
    return this.store.audit
      .latestByPeople(this.runner(gameId).id, 20)
      .map((e) => ({ at: e.at, actor: e.actor, action: e.action, detail: e.detail }));
  }

  async countChecks(gameId: string): Promise<CountCheckRow[]> {
    const r = this.runner(gameId);
    return countCheckRows(r.game, r.posts);
  }

  async post(gameId: string, postId: string) {
    const r = this.runner(gameId);
    const versions = this.store.posts.versions(r.id, postId);
    const p = versions[versions.length - 1];
    return p ? { id: p.id, author: p.author, createdAt: p.createdAt, html: p.html, url: p.url ?? null } : null;
  }

  async editDraft(gameId: string, draftId: string, text: string): Promise<DraftRecord> {
    return this.actions.edit(this.acted(gameId), draftId, text);
  }

  approveDraft(gameId: string, draftId: string, opts?: { confirm?: boolean }): Promise<ApproveResult> {
    return this.actions.approve(this.acted(gameId), draftId, opts);
  }

  /**
   * Issue 30 item 1: every pending role PM approved at once (one audit entry each), then sent one after another in
   * the background (boards count PMs against the account's flood interval); each draft's card shows how it went.
   */
  async approveRolePms(gameId: string): Promise<{ approved: number }> {
    const r = this.acted(gameId);
    const pending = this.store.drafts.list(r.id, 'pending').filter((d) => d.kind === 'role-pm');
    for (const d of pending) await this.actions.approve(r, d.id, { hold: true });
    this.rolePmSends = pending.reduce(
      (chain, d) =>
        chain.then(() =>
          this.actions.approve(r, d.id).then(
            () => undefined,
            () => undefined, // said on the draft's card (posting state, audit)
          ),
        ),
      this.rolePmSends,
    );
    return { approved: pending.length };
  }

  /** The role PMs sent so far by `approveRolePms` (a test or a stop awaits them). */
  rolePmsSent(): Promise<void> {
    return this.rolePmSends;
  }

  /** Issue 30 item 1: each role PM, sent or not, confirmed or not, and whether the platform can send PMs at all. */
  async rolePms(gameId: string): Promise<RolePmView> {
    const r = this.runner(gameId);
    const platform = r.game.thread?.platform ?? 'file';
    return {
      rows: rolePmRows(this.store.drafts.list(r.id).map(toRecord), r.posts, r.game),
      platform,
      canSend: PLATFORMS_WITH_PMS.includes(platform),
      confirmHours: r.game.options.confirmHours ?? DEFAULT_CONFIRM_HOURS,
    };
  }

  async stopPosting(gameId: string, draftId: string): Promise<DraftRecord> {
    return this.actions.stop(this.acted(gameId), draftId);
  }

  /** Issue 30 item 3b: an edit of a posted count drafted for approval; null when the count still stands. */
  async correctCount(gameId: string, draftId: string): Promise<DraftRecord | null> {
    const made = draftCountFix(this.store, this.clock, this.acted(gameId), draftId);
    if (made) this.emit({ type: 'draft.changed', gameId, draftId: made.id });
    return made ? toRecord(made) : null;
  }

  async rejectDraft(gameId: string, draftId: string, reason?: string): Promise<DraftRecord> {
    return this.actions.reject(this.acted(gameId), draftId, reason);
  }

  async rule(gameId: string, ruling: Ruling): Promise<void> {
    this.rulings.rule(this.acted(gameId), ruling);
  }

  async ruleGroup(gameId: string, ruling: GroupRuling): Promise<void> {
    this.rulings.ruleGroup(this.acted(gameId), ruling);
  }

  async undoRuling(gameId: string, flagId: string): Promise<void> {
    this.rulings.undo(this.acted(gameId), flagId);
  }

  async flagTriage(gameId: string, filter: FlagFilter = {}): Promise<FlagTriage> {
    const r = this.runner(gameId);
    return triage(this.flagsOf(r), r.game, filter);
  }

  async nightPreview(gameId: string, phase: string, picks: NightPick[]): Promise<StateJson> {
    const r = this.runner(gameId);
    const at = this.nowOf(r);
    const now = r.replayAt(at);
    if (now.phase?.name !== phase || now.phase.endedAt !== null)
      throw new ModdeskError('usage', `${phase} is not the night running now (${now.phase?.name ?? 'none'})`);
    return nightPreview(now, picks, at);
  }

  /**
   * The mod ends the running phase (the night console's "Everyone, wake up"): a game-file `end` event at the next
   * whole second, so the actions entered this second come first (mod events precede posts at one instant).
   */
  async endPhase(gameId: string, phase: string): Promise<void> {
    const r = this.acted(gameId);
    const now = r.replayAt(this.nowOf(r));
    if (now.phase?.name !== phase || now.phase.endedAt !== null)
      throw new ModdeskError('usage', `${phase} is not the phase running now (${now.phase?.name ?? 'none'})`);
    const at = Math.floor(this.nowOf(r) / 1000) * 1000 + 1000;
    this.saveEvent(r, { at: formatInstant(at), end: phase }, 'phase.ended');
    r.advance(at);
  }

  /** A mid-day event from the dashboard (modEventChange checks it can apply now), stored like a ruling, then replayed. */
  async modEvent(gameId: string, e: ModEvent): Promise<void> {
    const r = this.acted(gameId);
    // Written into a file that does not load, it would be lost from the file: the mod fixes the file first.
    if (r.gameFileError && this.opts.writeGameFile !== false)
      throw new ModdeskError(
        'game-invalid',
        `the game file does not load (${r.gameFileError.text}); fix it first, then record this again`,
      );
    const now = this.nowOf(r);
    const { change, action, at } = modEventChange(e, { context: r.replayAt(now), at: now }, r.game);
    this.saveChange(r, change, action);
    if (at <= now + 1000) r.advance(at);
  }

  async modEvents(gameId: string): Promise<RecordedModEvent[]> {
    return recordedModEvents(this.runner(gameId).game);
  }

  /**
   * A mod event's Undo: the event leaves the game file (checked to be still where the page saw it) and the store,
   * then the game is replayed without it, as if it had never been recorded.
   */
  async undoModEvent(gameId: string, index: number, event: GameEvent): Promise<void> {
    const r = this.acted(gameId);
    if (r.gameFileError && this.opts.writeGameFile !== false)
      throw new ModdeskError(
        'game-invalid',
        `the game file does not load (${r.gameFileError.text}); fix it first, then undo this again`,
      );
    if ('post' in event) throw new ModdeskError('usage', 'a ruling on a post is undone from the Flags page');
    this.saveChange(r, { unevent: { index, event } }, 'mod-event.undone');
  }

  /** Stores a game-file event (and an alias) in the database, the audit log and the game file, then replays. */
  private saveEvent(
    r: GameRunner,
    event: GameEvent,
    action: string,
    alias?: { player: string; alias: string },
    alsoInTx?: () => void,
  ): void {
    this.saveChange(r, { event, alias }, action, alsoInTx);
  }

  /** Stores a change (events, an alias, a phase) in the database, the audit log and the game file (rulings.ts). */
  private saveChange(r: GameRunner, change: GameFileChange, action: string, alsoInTx?: () => void): void {
    this.rulings.save(r, change, action, alsoInTx);
  }

  /** A night action the mod enters for a player: a PM from that player to the moderator, as if sent. */
  async recordNightAction(
    gameId: string,
    action: { phase: string; actor: string; line: string },
  ): Promise<NightEntryOutcome> {
    const r = this.acted(gameId);
    const nowAt = this.nowOf(r);
    const current = r.replayAt(nowAt).phase;
    if (current?.name !== action.phase)
      throw new ModdeskError('usage', `the current phase is ${current?.name ?? 'none'}, not ${action.phase}`);
    const line = action.line.trim();
    if (!line || line.length > 300) throw new ModdeskError('usage', 'expected one action line, e.g. "Target: Bob"');
    const actor = action.actor.trim();
    playerEntry(r.game, actor);
    const at = formatInstant(nowAt);
    const mod = [r.game.moderator ?? []].flat()[0];
    const prefix = `console-${action.phase}-`;
    const id = `${prefix}${r.posts.filter((p) => p.id.startsWith(prefix)).length + 1}`;
    const post: Post = {
      id,
      author: actor,
      createdAt: at,
      editedAt: null,
      html: `<p><strong>${escapeText(line)}</strong></p>`,
      channel: 'pm',
      ...(mod ? { to: mod } : {}),
    };
    const stored = this.store.tx(() => {
      const { added } = this.store.posts.add(r.id, [post], at);
      this.store.audit.append({
        at,
        gameId: r.id,
        actor: auditActor(),
        action: 'night-action.recorded',
        detail: { ...action, post: id },
      });
      return added;
    });
    r.addPosts(stored);
    this.emit({ type: 'game.updated', gameId: r.id });
    // What the entry became, so the console says it: an action for the night, or flags for the mod to rule on.
    const after = r.replayAt(nowAt);
    const flags = after.flags.filter((f) => f.postId === id).map((f) => f.message);
    if (flags.length) return { outcome: 'flagged', flags };
    const acted = after.nightActions.some((a) => a.postId === id);
    return acted ? { outcome: 'recorded', flags: [] } : { outcome: 'no-action', flags: [] };
  }
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
