import { ModdeskError } from '../domain/errors.js';
import type { GameEvent } from '../domain/game-file.js';
import type { StateJson } from '../domain/state.js';
import { formatInstant, parseInstant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import { toStateJson } from '../machine/to-state-json.js';
import type { Store } from '../storage/store.js';
import type { Clock } from './clock.js';
import type {
  ApproveResult,
  Desk,
  DeskEvent,
  DraftRecord,
  FlagRecord,
  GameSummary,
  Ruling,
  VoteHistoryRow,
} from './desk.js';
import { type DraftActions, toRecord } from './draft-actions.js';
import { appendToGameFile, applyChange } from './game-file-writer.js';
import type { GameRunner } from './game-runner.js';

/** The optional members the dashboard uses beyond Desk (src/web/desk-extras.ts); declared here so app needs no web import. */
interface DeskExtras {
  context(gameId: string): Promise<{ context: GameContext; at: number } | null>;
  endPhase(gameId: string, phase: string): Promise<void>;
}

/** Flag ids: the post, the code, and the how-many-th such flag on that post; the same in every replay. */
export function flagIds(flags: GameContext['flags']): string[] {
  const seen = new Map<string, number>();
  return flags.map((f) => {
    const base = `${f.postId ?? 'game'}:${f.code}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}:${n}`;
  });
}

/** The Desk (desk.ts) over the store and the watch loop's runners: what the dashboard reads and does. */
export class LiveDesk implements Desk, DeskExtras {
  private readonly listeners = new Set<(e: DeskEvent) => void>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly runners: Map<string, GameRunner>,
    private readonly actions: DraftActions,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

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

  async listGames(): Promise<GameSummary[]> {
    return [...this.runners.values()].map((r) => {
      const s = toStateJson(r.ctx, r.plan.at);
      return {
        id: r.id,
        title: r.game.title,
        ruleset: r.game.ruleset,
        platform: r.platform,
        phase: s.phase,
        alive: s.players.filter((p) => p.alive).length,
        pendingDrafts: this.store.drafts.list(r.id, 'pending').length,
        openFlags: this.flagRecords(r).filter((f) => f.status === 'open').length,
        lastPollAt: r.lastPollAt,
        result: s.result,
        gameFileError: r.gameFileError,
      };
    });
  }

  async state(gameId: string, at?: string): Promise<StateJson> {
    const r = this.runner(gameId);
    const instant = at === undefined ? Math.max(this.clock.now(), r.plan.at) : parseInstant(at);
    if (instant === null)
      throw new ModdeskError(
        'timestamp-invalid',
        `expected ISO-8601 UTC like "2026-01-07T18:02:11Z", got ${JSON.stringify(at)}`,
      );
    return toStateJson(r.replayAt(instant), instant);
  }

  async drafts(gameId: string): Promise<DraftRecord[]> {
    return this.store.drafts.list(this.runner(gameId).id).map(toRecord);
  }

  async flags(gameId: string): Promise<FlagRecord[]> {
    return this.flagRecords(this.runner(gameId));
  }

  private flagRecords(r: GameRunner): FlagRecord[] {
    const status = this.store.games.flagStatus(r.id);
    const ruled = new Map<string, string>();
    for (const e of r.game.events) if ('post' in e) ruled.set(e.post, 'ignore' in e ? 'ignored' : 'ruled');
    const ids = flagIds(r.ctx.flags);
    return r.ctx.flags.map((f, i) => {
      const id = ids[i]!;
      const st = (status.get(id) ?? (f.postId ? ruled.get(f.postId) : undefined) ?? 'open') as FlagRecord['status'];
      return { ...f, at: formatInstant(f.at), id, gameId: r.id, status: st };
    });
  }

  async voteHistory(gameId: string, day?: string): Promise<VoteHistoryRow[]> {
    const r = this.runner(gameId);
    const phases = r.ctx.setup.phases;
    let ctx = r.replayAt(Math.max(this.clock.now(), r.plan.at));
    if (day && ctx.day?.day !== day) {
      const i = phases.findIndex((p) => p.name === day);
      if (i < 0) throw new ModdeskError('usage', `no day ${JSON.stringify(day)} in game ${gameId}`);
      const next = phases[i + 1];
      ctx = r.replayAt(next ? next.start - 1 : Math.max(this.clock.now(), r.plan.at));
    }
    if (!ctx.day) return [];
    const name = (slot: number) => ctx.slots[slot]?.name ?? `#${slot}`;
    const urls = new Map(r.posts.map((p) => [p.id, p.url ?? null]));
    return ctx.day.history.map((h) => ({
      day: ctx.day!.day,
      voter: name(h.voter),
      target: h.target === null ? null : h.target === 'no-lynch' ? 'No lynch' : name(h.target),
      postId: h.postId,
      at: formatInstant(h.at),
      url: h.url ?? urls.get(h.postId) ?? null,
    }));
  }

  async post(gameId: string, postId: string) {
    const r = this.runner(gameId);
    const versions = this.store.posts.versions(r.id, postId);
    const p = versions[versions.length - 1];
    return p ? { id: p.id, author: p.author, createdAt: p.createdAt, html: p.html, url: p.url ?? null } : null;
  }

  async editDraft(gameId: string, draftId: string, text: string): Promise<DraftRecord> {
    return this.actions.edit(this.runner(gameId), draftId, text);
  }

  approveDraft(gameId: string, draftId: string, opts?: { confirm?: boolean }): Promise<ApproveResult> {
    return this.actions.approve(this.runner(gameId), draftId, opts);
  }

  async rejectDraft(gameId: string, draftId: string, reason?: string): Promise<DraftRecord> {
    return this.actions.reject(this.runner(gameId), draftId, reason);
  }

  async rule(gameId: string, ruling: Ruling): Promise<void> {
    const r = this.runner(gameId);
    const at = formatInstant(this.clock.now());
    if (ruling.kind === 'accept') {
      this.store.tx(() => {
        this.store.games.setFlag(r.id, ruling.flagId, 'accepted', at);
        this.store.audit.append({
          at,
          gameId: r.id,
          actor: 'mod',
          action: 'flag.accepted',
          detail: { flag: ruling.flagId },
        });
      });
      this.emit({ type: 'flag.changed', gameId: r.id });
      return;
    }
    const event: GameEvent =
      ruling.kind === 'ignore'
        ? { post: ruling.postId, ignore: true, ...(ruling.note ? { note: ruling.note } : {}) }
        : { post: ruling.postId, vote: ruling.target, ...(ruling.note ? { note: ruling.note } : {}) };
    const alias =
      ruling.kind === 'vote' && ruling.rememberAlias
        ? { player: ruling.target, alias: ruling.rememberAlias }
        : undefined;
    this.saveEvent(r, event, 'ruling', alias);
    this.emit({ type: 'flag.changed', gameId: r.id });
  }

  /** The replayed context now: the dashboard's obsidian night console and Doomsday windows read it. */
  async context(gameId: string): Promise<{ context: GameContext; at: number }> {
    const r = this.runner(gameId);
    const at = Math.max(this.clock.now(), r.plan.at);
    return { context: r.replayAt(at), at };
  }

  /** The mod ends the current phase now (the night console's "Everyone, wake up"): a game-file `end` event. */
  async endPhase(gameId: string, phase: string): Promise<void> {
    const r = this.runner(gameId);
    this.saveEvent(r, { at: formatInstant(this.clock.now()), end: phase }, 'phase.ended');
  }

  /** Stores a game-file event (and an alias) in the database, the audit log and the game file, then replays. */
  private saveEvent(r: GameRunner, event: GameEvent, action: string, alias?: { player: string; alias: string }): void {
    const at = formatInstant(this.clock.now());
    // Refused here (a clear error for the page) before the database or the file is touched.
    const game = applyChange(r.game, { event, alias });
    this.store.tx(() => {
      this.store.games.ruling(r.id, event, at);
      this.store.games.saveGame(r.id, game);
      this.store.audit.append({ at, gameId: r.id, actor: 'mod', action, detail: { event, alias: alias ?? null } });
    });
    try {
      appendToGameFile(r.gameFile, { event, alias });
    } catch (err) {
      this.onError(err);
    }
    r.game = game;
    r.ctx = r.replayAt(r.plan.at);
    this.emit({ type: 'game.updated', gameId: r.id });
  }

  async recordNightAction(gameId: string, action: { phase: string; actor: string; line: string }): Promise<void> {
    const r = this.runner(gameId);
    const now = this.clock.now();
    const at = formatInstant(now);
    const id = `console-${action.phase}-${now}`;
    const html = `<p><strong>${escapeHtml(action.line)}</strong></p>`;
    const post = {
      id,
      author: action.actor,
      createdAt: at,
      editedAt: null,
      html,
      channel: 'pm' as const,
      to: 'console',
    };
    this.store.tx(() => {
      this.store.posts.add(r.id, [post], at);
      this.store.audit.append({
        at,
        gameId: r.id,
        actor: 'mod',
        action: 'night-action.recorded',
        detail: { ...action, post: id },
      });
    });
    r.posts = r.gamePosts();
    this.emit({ type: 'game.updated', gameId: r.id });
  }
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
