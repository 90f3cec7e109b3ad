import type { Database, Statement } from 'better-sqlite3';
import type { DraftKind, DraftRecord, DraftStatus, DraftTarget, StoredDraft } from '../domain/draft.js';

export type { StoredDraft };

interface Row {
  game_id: string;
  id: string;
  kind: string;
  status: string;
  format: string;
  text: string;
  to_player: string | null;
  through_post: string | null;
  plan_at: number;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
  recount: string | null;
  posted: string | null;
  edited: number;
  reason: string | null;
  phase: string | null;
  number: number | null;
  superseded_by: string | null;
  posting: string | null;
  target: string | null;
}

const fromRow = (r: Row): StoredDraft => ({
  id: r.id,
  gameId: r.game_id,
  kind: r.kind as DraftKind,
  status: r.status as DraftStatus,
  phase: r.phase,
  number: r.number,
  format: r.format,
  text: r.text,
  to: r.to_player,
  throughPost: r.through_post,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  recount: r.recount ? (JSON.parse(r.recount) as DraftRecord['recount']) : null,
  posted: r.posted ? (JSON.parse(r.posted) as DraftRecord['posted']) : null,
  supersededBy: r.superseded_by,
  posting: r.posting ? (JSON.parse(r.posting) as DraftRecord['posting']) : null,
  target: r.target ? (JSON.parse(r.target) as DraftRecord['target']) : null,
  planAt: r.plan_at,
  idempotencyKey: r.idempotency_key,
  edited: r.edited === 1,
  reason: r.reason,
});

/**
 * The lifecycle a draft may take: pending → approved → posted, or pending → rejected (the mod) or superseded (the
 * desk); an approved roster edit is superseded when a newer one is up before it could be done.
 */
const NEXT: Record<DraftStatus, DraftStatus[]> = {
  pending: ['approved', 'rejected', 'superseded', 'pending'],
  approved: ['posted', 'approved', 'superseded'],
  posted: [],
  rejected: [],
  superseded: [],
};

export class DraftStore {
  private readonly insert: Statement;
  private readonly byId: Statement;
  private readonly byGame: Statement;
  private readonly byStatus: Statement;
  private readonly countsOf: Statement;
  private readonly shownCountsOf: Statement;
  private readonly update: Statement;

  constructor(db: Database) {
    this.insert = db.prepare(`INSERT OR IGNORE INTO drafts
      (game_id, id, kind, status, phase, number, format, text, to_player, through_post, plan_at, idempotency_key, created_at,
      updated_at, target) VALUES (@gameId, @id, @kind, 'pending', @phase, @number, @format, @text, @to, @throughPost, @planAt,
      @idempotencyKey, @createdAt, @createdAt, @target)`);
    this.byId = db.prepare('SELECT * FROM drafts WHERE game_id = ? AND id = ?');
    this.byGame = db.prepare('SELECT * FROM drafts WHERE game_id = ? ORDER BY plan_at, rowid');
    this.byStatus = db.prepare('SELECT * FROM drafts WHERE game_id = ? AND status = ? ORDER BY plan_at, rowid');
    this.countsOf = db.prepare(`SELECT * FROM drafts WHERE game_id = ? AND status = 'pending' AND kind = 'vote-count'
      AND phase IS ? ORDER BY plan_at, rowid`);
    this.shownCountsOf = db.prepare(`SELECT * FROM drafts WHERE game_id = ? AND status IN ('approved', 'posted')
      AND kind = 'vote-count' AND phase IS ? ORDER BY plan_at, rowid`);
    this.update = db.prepare(`UPDATE drafts SET status = @status, text = @text, recount = @recount, posted = @posted,
      edited = @edited, reason = @reason, superseded_by = @supersededBy, posting = @posting, updated_at = @updatedAt WHERE game_id = @gameId AND id = @id`);
  }

  /** Inserts a new pending draft; a draft with the same id is left as it is (returns false). */
  create(d: {
    gameId: string;
    id: string;
    kind: DraftKind;
    phase: string | null;
    number: number | null;
    format: string;
    text: string;
    to: string | null;
    throughPost: string | null;
    planAt: number;
    idempotencyKey: string;
    createdAt: string;
    target?: DraftTarget | null;
  }): boolean {
    return this.insert.run({ ...d, target: d.target ? JSON.stringify(d.target) : null }).changes === 1;
  }

  get(gameId: string, id: string): StoredDraft | null {
    const row = this.byId.get(gameId, id) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  list(gameId: string, status?: DraftStatus): StoredDraft[] {
    const rows = (status ? this.byStatus.all(gameId, status) : this.byGame.all(gameId)) as Row[];
    return rows.map(fromRow);
  }

  /** The pending vote counts of one phase, in plan order (what a new count or the day's end looks at). */
  pendingCounts(gameId: string, phase: string | null): StoredDraft[] {
    return (this.countsOf.all(gameId, phase) as Row[]).map(fromRow);
  }

  /**
   * The vote counts of one phase the moderator approved or posted, in plan order: what the next count's number
   * follows (M2). Asked as each count is planned, so it reads those rows alone, not the game's every draft.
   */
  shownCounts(gameId: string, phase: string | null): StoredDraft[] {
    return (this.shownCountsOf.all(gameId, phase) as Row[]).map(fromRow);
  }

  /**
   * Saves a changed draft; refuses a step the lifecycle does not allow. `before`: the draft as stored, when the
   * caller read it in the same transaction.
   */
  save(d: StoredDraft, updatedAt: string, before = this.get(d.gameId, d.id)): StoredDraft {
    if (!before) throw new Error(`draft ${d.id} of game ${d.gameId} does not exist`);
    if (before.status !== d.status && !NEXT[before.status].includes(d.status)) {
      throw new Error(`draft ${d.id}: cannot go from ${before.status} to ${d.status}`);
    }
    this.update.run({
      gameId: d.gameId,
      id: d.id,
      status: d.status,
      text: d.text,
      recount: d.recount ? JSON.stringify(d.recount) : null,
      posted: d.posted ? JSON.stringify(d.posted) : null,
      edited: d.edited ? 1 : 0,
      reason: d.reason,
      supersededBy: d.supersededBy ?? null,
      posting: d.posting ? JSON.stringify(d.posting) : null,
      updatedAt,
    });
    return { ...d, updatedAt };
  }
}
