import { ModdeskError } from '../domain/errors.js';
import { CAUSES, type GameEvent, type GameFile } from '../domain/game-file.js';
import { formatInstant, type Instant, parseInstant } from '../domain/time.js';
import type { GameContext } from '../machine/context.js';
import { isDayOpen } from '../machine/death-rules.js';
import type { ModEvent, RecordedModEvent } from './desk.js';
import { type GameFileChange, nameOwner } from './game-file-writer.js';

/**
 * A mid-day event from the dashboard's forms as a game-file change, at `at` (the next whole second, so what was
 * entered this second comes first). Refused here with the reason in words when it cannot apply now (a dead player,
 * a taken name, a phase already running); the change is then checked as a load checks the file (applyChange).
 */
export function modEventChange(
  e: ModEvent,
  now: { context: GameContext; at: Instant },
  game: GameFile,
): { change: GameFileChange; action: string; at: Instant } {
  const at = Math.floor(now.at / 1000) * 1000 + 1000;
  const iso = formatInstant(at);
  const ctx = now.context;
  const living = (name: string) => {
    const wanted = name.trim().toLowerCase();
    const slot = ctx.slots.find((s) => s.name.toLowerCase() === wanted);
    if (!slot) throw new ModdeskError('usage', `${JSON.stringify(name.trim())} is not a player of this game`);
    if (!slot.alive) throw new ModdeskError('usage', `${slot.name} is already dead`);
    return slot.name;
  };
  switch (e.kind) {
    case 'kill': {
      if (!(CAUSES as readonly string[]).includes(e.cause))
        throw new ModdeskError(
          'usage',
          `unknown cause ${JSON.stringify(e.cause)}; expected one of: ${CAUSES.join(', ')}`,
        );
      return { change: { event: { at: iso, kill: living(e.player), cause: e.cause } }, action: 'player.killed', at };
    }
    case 'replace': {
      const player = living(e.player);
      const by = e.by.trim();
      if (!by) throw new ModdeskError('usage', "type the replacement's name");
      const owner = nameOwner(game, by);
      if (owner)
        throw new ModdeskError(
          'usage',
          `${JSON.stringify(by)} is already a name of ${owner}; one name cannot stand for two players`,
        );
      const votes = e.votes ? { votes: e.votes } : {};
      return { change: { event: { at: iso, replace: player, by, ...votes } }, action: 'player.replaced', at };
    }
    case 'reset-votes': {
      if (!isDayOpen(ctx)) throw new ModdeskError('usage', 'no day is open: there are no votes to reset');
      const note = e.note?.trim() ? { note: e.note.trim() } : {};
      return { change: { event: { at: iso, resetVotes: true, ...note } }, action: 'votes.reset', at };
    }
    case 'phase': {
      const start = e.start ? instant(e.start, 'start') : at;
      const deadline = e.deadline ? instant(e.deadline, 'deadline') : null;
      const listed = game.phases.find((p) => p.name === e.name);
      if (listed && Date.parse(listed.start) <= now.at)
        throw new ModdeskError('usage', `${e.name} has already started (${listed.start})`);
      if (ctx.phase && start <= ctx.phase.startedAt)
        throw new ModdeskError('usage', `${e.name} must start after ${ctx.phase.name} started`);
      if (deadline !== null && deadline <= start)
        throw new ModdeskError('usage', `the deadline must be after the start (${formatInstant(start)})`);
      const phase = {
        name: e.name,
        start: formatInstant(start),
        ...(deadline !== null ? { deadline: formatInstant(deadline) } : {}),
      };
      return { change: { phase }, action: 'phase.started', at: start };
    }
  }
}

function instant(text: string, what: string): Instant {
  const t = parseInstant(text.trim());
  if (t === null)
    throw new ModdeskError(
      'timestamp-invalid',
      `${what}: expected a UTC time like "2026-03-05T18:00:00Z", got ${JSON.stringify(text)}`,
    );
  return t;
}

/** The phase after the running one: D1 → N1, N1 → D2. */
export function nextPhaseName(current: string | null | undefined): string {
  const m = /^([DN])(\d+)$/.exec(current ?? '');
  if (!m) return 'D1';
  return m[1] === 'D' ? `N${m[2]}` : `D${Number(m[2]) + 1}`;
}

/**
 * The game's mod events (everything in `events` but the rulings on posts), newest first, each in words with where it
 * stands in the file: what the Mod events tab lists with an Undo.
 */
export function recordedModEvents(game: GameFile): RecordedModEvent[] {
  const out: RecordedModEvent[] = [];
  game.events.forEach((event, index) => {
    if ('post' in event) return;
    out.push({ index, event, at: event.at, text: eventInWords(event) });
  });
  return out.reverse();
}

/** "Ann killed (modkill)": one event as the mod would say it. */
export function eventInWords(e: GameEvent): string {
  if ('kill' in e) return `${e.kill} killed (${e.cause})`;
  if ('replace' in e)
    return `${e.replace} replaced by ${e.by}${e.votes ? ` (vote ${e.votes === 'carry' ? 'carried over' : 'reset'})` : ''}`;
  if ('revive' in e) return `${e.revive} revived`;
  if ('resetVotes' in e) return `every vote reset${e.note ? ` (${e.note})` : ''}`;
  if ('end' in e) return `${e.end} ended`;
  if ('winner' in e) return `game over: ${e.winner} wins`;
  return 'post' in e ? `ruling on post ${e.post}` : 'event';
}
