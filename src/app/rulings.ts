import { ModdeskError } from '../domain/errors.js';
import type { GameEvent } from '../domain/game-file.js';
import { HAMMER_NEEDS_RULING } from '../domain/state.js';
import { formatInstant } from '../domain/time.js';
import type { Store } from '../storage/store.js';
import { auditActor } from './acting.js';
import type { Clock } from './clock.js';
import type { DeskEvent, FlagRecord, GroupRuling, Ruling } from './desk.js';
import { applyChange, type GameFileChange, playerEntry, prepareGameFileWrite, sameEvent } from './game-file-writer.js';
import type { GameRunner } from './game-runner.js';

export interface RulingDeps {
  store: Store;
  clock: Clock;
  /** Write rulings into the game file too (`watch`); `serve` keeps them in its store only. */
  writeGameFile: boolean;
  emit(e: DeskEvent): void;
  onError(err: unknown): void;
  flagsOf(r: GameRunner): FlagRecord[];
}

/** The most flags one bulk ruling may take (a page's worth, far above a real day's 78). */
const MAX_GROUP = 500;

/**
 * The mod's rulings on flags: one, a whole group at once, and undoing one. Every change is validated as a whole
 * (the game it makes, and the game file text it writes) before the database or the file is touched; then the
 * database in one transaction, then the file, renamed into place.
 */
export class Rulings {
  constructor(private readonly d: RulingDeps) {}

  private now(): string {
    return formatInstant(this.d.clock.now());
  }

  private flag(r: GameRunner, flagId: string): FlagRecord {
    const flag = this.d.flagsOf(r).find((f) => f.id === flagId);
    if (!flag) throw new ModdeskError('usage', `no flag ${JSON.stringify(flagId)} in game ${r.id}`);
    return flag;
  }

  rule(r: GameRunner, ruling: Ruling): void {
    if (ruling.kind === 'accept') {
      // Accepting a held hammer as read is counting it: only the game file can end the day, replayably.
      const flag = this.flag(r, ruling.flagId);
      if (flag.code === HAMMER_NEEDS_RULING && flag.postId && flag.reading) {
        this.rule(r, { kind: 'vote', postId: flag.postId, target: flag.reading, note: 'count it (held hammer)' });
        return;
      }
      this.ruleGroup(r, { kind: 'accept', flagIds: [ruling.flagId] });
      return;
    }
    if (this.d.store.posts.versions(r.id, ruling.postId).length === 0)
      throw new ModdeskError('post-unknown', `no post ${JSON.stringify(ruling.postId)} in the thread of ${r.id}`);
    const onPost = this.d.flagsOf(r).filter((f) => f.postId === ruling.postId);
    this.apply(r, ruling.kind, [ruling.postId], onPost, {
      target: ruling.kind === 'vote' ? ruling.target : undefined,
      note: ruling.note,
      rememberAlias: ruling.kind === 'vote' ? ruling.rememberAlias : undefined,
    });
  }

  /** One ruling for every flag of a group ("accept all guessed readings of Rev as TheReverend"), all or nothing. */
  ruleGroup(r: GameRunner, g: GroupRuling): void {
    const ids = [...new Set(g.flagIds)];
    if (ids.length === 0) throw new ModdeskError('usage', 'no flags chosen');
    if (ids.length > MAX_GROUP) throw new ModdeskError('usage', `at most ${MAX_GROUP} flags at once`);
    const flags = ids.map((id) => this.flag(r, id));
    if (g.kind === 'accept' && flags.length > 1 && flags.some((f) => f.code === HAMMER_NEEDS_RULING))
      throw new ModdeskError('usage', 'a held hammer ends a day: rule it on its own (count it, or not)');
    if (g.kind === 'accept' && flags.length === 1 && flags[0]?.code === HAMMER_NEEDS_RULING) {
      this.rule(r, { kind: 'accept', flagId: flags[0].id });
      return;
    }
    const posts = [...new Set(flags.flatMap((f) => f.postId ?? []))];
    if (g.kind !== 'accept' && posts.length < flags.length)
      throw new ModdeskError('usage', 'a flag without a post can only be accepted');
    const onPosts = this.d.flagsOf(r).filter((f) => f.postId !== null && posts.includes(f.postId));
    this.apply(r, g.kind, g.kind === 'accept' ? [] : posts, g.kind === 'accept' ? flags : onPosts, g);
  }

  private apply(
    r: GameRunner,
    kind: GroupRuling['kind'],
    posts: string[],
    flags: FlagRecord[],
    o: { target?: string; note?: string; rememberAlias?: string },
  ): void {
    const note = o.note?.trim() ? { note: o.note.trim() } : {};
    const target = o.target?.trim();
    if (kind === 'vote' && !target) throw new ModdeskError('usage', 'choose the player the votes are for');
    const player = target ? playerEntry(r.game, target).name : undefined;
    const events: GameEvent[] = posts.map((post) =>
      kind === 'ignore' ? { post, ignore: true, ...note } : { post, vote: target as string, ...note },
    );
    const remembered = o.rememberAlias?.trim();
    const aliasOwner = player ?? sameReading(flags);
    if (remembered && !aliasOwner)
      throw new ModdeskError('usage', 'choose the player whose alias this is (the flags read as different players)');
    const alias = remembered && aliasOwner ? { player: aliasOwner, alias: remembered } : undefined;
    const status = kind === 'accept' ? 'accepted' : kind === 'ignore' ? 'ignored' : 'ruled';
    const at = this.now();
    this.save(r, { events, alias }, flags.length > 1 ? `flags.${status}` : `flag.${status}`, () => {
      const remembered = alias ? { player: alias.player, alias: alias.alias.trim() } : null;
      for (const f of flags) this.d.store.games.setFlag(r.id, f.id, status, at, plainFlag(f), remembered);
    });
    this.d.emit({ type: 'flag.changed', gameId: r.id });
  }

  /**
   * Undoes the ruling on a flag from the Ruled table: an accepted flag is open again; an ignored or re-read post
   * loses its game-file event (every flag on the post is open again, as the replay now reads it). The alias the
   * ruling remembered goes too, unless a ruling still standing remembered it as well.
   */
  undo(r: GameRunner, flagId: string): void {
    const flag = this.flag(r, flagId);
    if (flag.status === 'open') throw new ModdeskError('usage', `flag ${flagId} is open; there is no ruling to undo`);
    const stored = this.d.store.games.flagStatus(r.id);
    const undone = (ids: string[]) => {
      const alias = ids.map((id) => stored.get(id)?.alias).find((a) => a);
      const kept = [...stored].some(([id, s]) => !ids.includes(id) && s.alias?.alias === alias?.alias);
      return alias && !kept ? { unalias: alias } : {};
    };
    if (flag.status === 'accepted' || !flag.postId) {
      this.save(r, undone([flagId]), 'flag.unruled', () => this.d.store.games.clearFlag(r.id, flagId), {
        flag: flagId,
      });
    } else {
      const post = flag.postId;
      const onPost = [...stored].filter(([id, s]) => id === flagId || s.flag?.postId === post).map(([id]) => id);
      this.save(r, { unrule: [post], ...undone(onPost) }, 'ruling.undone', () => {
        this.d.store.games.removeRulings(r.id, post);
        for (const id of onPost) this.d.store.games.clearFlag(r.id, id);
      });
    }
    this.d.emit({ type: 'flag.changed', gameId: r.id });
  }

  /**
   * Stores a change to the game (events, an alias, undone rulings) in the database, the audit log and the game
   * file, then replays. Refused (a clear error for the page) before the database or the file is touched.
   */
  save(
    r: GameRunner,
    change: GameFileChange,
    action: string,
    alsoInTx?: () => void,
    detail: Record<string, unknown> = {},
  ): void {
    const at = this.now();
    const game = applyChange(r.game, change);
    const events = [...(change.event ? [change.event] : []), ...(change.events ?? [])];
    const touched =
      events.length > 0 ||
      (change.unrule?.length ?? 0) > 0 ||
      change.alias !== undefined ||
      change.unalias !== undefined ||
      change.unevent !== undefined ||
      change.phase !== undefined;
    const write = this.d.writeGameFile && touched ? prepareGameFileWrite(r.gameFile, change) : null;
    this.d.store.tx(() => {
      for (const event of events) this.d.store.games.ruling(r.id, event, at);
      if (change.unevent) this.d.store.games.removeRuling(r.id, change.unevent.event, sameEvent);
      this.d.store.games.saveGame(r.id, game);
      this.d.store.audit.append({
        at,
        gameId: r.id,
        actor: auditActor(),
        action,
        detail: {
          ...detail,
          ...(change.event ? { event: change.event } : {}),
          ...(change.events?.length ? { events: change.events } : {}),
          ...(change.unrule?.length ? { unrule: change.unrule } : {}),
          ...(change.phase ? { phase: change.phase } : {}),
          alias: change.alias ?? null,
          ...(change.unalias ? { unalias: change.unalias } : {}),
          ...(change.unevent ? { unevent: change.unevent.event } : {}),
        },
      });
      alsoInTx?.();
    });
    if (write) {
      try {
        write();
      } catch (err) {
        this.d.onError(err);
      }
    }
    r.game = game;
    r.ctx = r.replayAt(r.plan.at);
    if (events.some((e) => 'post' in e) || change.unrule?.length || change.alias || change.unalias || change.unevent)
      r.replanAfterRuling();
    this.d.emit({ type: 'game.updated', gameId: r.id });
  }
}

/** The one player all the flags read their name as, if they agree (the owner of an alias remembered for them). */
function sameReading(flags: FlagRecord[]): string | undefined {
  const readings = new Set(flags.map((f) => f.reading));
  const [only] = readings;
  return readings.size === 1 && only ? only : undefined;
}

function plainFlag(f: FlagRecord) {
  const { id: _id, gameId: _game, status: _status, ...flag } = f;
  return flag;
}
