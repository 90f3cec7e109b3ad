import { formatDeadline, formatShort, timeLeft } from './format-time.js';
import type { Markup } from './markup.js';
import type { VoteCountModel } from './vote-count-model.js';

/**
 * The vote-count post (interfaces §4 `count`): wagons, L-n, no lynch, not voting, threshold, deadline, missiles,
 * and the full count's parts the game shows (H-VC1..H-VC5). `history` adds the vote history whatever the game says.
 */
export function renderVoteCount(m: VoteCountModel, mk: Markup, opts: { history?: boolean } = {}): string {
  const t = mk.text;
  const lines: string[] = [];
  const through =
    m.through && m.parts.through ? ` (through post ${mk.link(label(m.through.label), m.through.url)})` : '';
  lines.push(`${mk.bold(t(m.title))}${through}`);
  lines.push('');
  const voters = (vs: VoteCountModel['wagons'][number]['voters']) =>
    vs.map((v) => `${mk.link(t(v.name), v.post.url)}${v.weight === 1 ? '' : ` (x${v.weight})`}`).join(', ');
  for (const w of m.wagons) {
    const why = w.modifier === null ? '' : ` (${w.modifier}: ${w.needed} to lynch)`;
    const shown = m.parts.lMinus === 'every' || (m.parts.lMinus === 'near' && w.toLynch !== null && w.toLynch <= 2);
    const reached = w.held ? "  — L-0, a vote awaits the moderator's ruling" : '  — lynched';
    const ln = w.toLynch === null || !shown ? '' : w.toLynch <= 0 ? reached : `  — L-${w.toLynch}${why}`;
    lines.push(`${mk.bold(`${t(w.target)} (${w.count})`)}: ${voters(w.voters)}${ln}`);
  }
  if (m.noLynch.count > 0) lines.push(`${mk.bold(`No lynch (${m.noLynch.count})`)}: ${voters(m.noLynch.voters)}`);
  if (m.wagons.length === 0 && m.noLynch.count === 0) lines.push('No votes yet.');
  if (m.notVoting.length > 0) lines.push(`Not voting (${m.notVoting.length}): ${m.notVoting.map(t).join(', ')}`);
  if (m.activity?.length) lines.push(`Posts today: ${m.activity.map((a) => `${t(a.name)} ${a.posts}`).join(', ')}`);
  if (m.changes) lines.push('', ...changeLines(m.changes, mk));
  lines.push('');
  if (m.threshold !== null) {
    lines.push(`With ${m.alive} alive, it takes ${m.threshold} to lynch.`);
    if (m.noLynchThreshold !== null && m.noLynchThreshold !== m.threshold)
      lines.push(`No lynch takes ${m.noLynchThreshold}.`);
  } else {
    lines.push(`With ${m.alive} alive, the most votes at the deadline decide.`);
  }
  if (m.voteLock) lines.push(lockLine(m.voteLock));
  if (m.endedAt !== null) lines.push(`The day ended ${formatDeadline(m.endedAt, m.timeZone)}.`);
  else if (m.deadline !== null)
    lines.push(`Deadline: ${formatDeadline(m.deadline, m.timeZone)} (${timeLeft(m.at, m.deadline)})`);
  if (m.missiles.length === 1) lines.push(`Missiles: ${missileLine(m.missiles[0]!, m, mk)}`);
  else if (m.missiles.length > 1) lines.push('Missiles:', ...m.missiles.map((x) => `- ${missileLine(x, m, mk)}`));
  if (m.previousCounts?.length)
    lines.push(`Previous counts: ${m.previousCounts.map((p) => mk.link(label(p.label), p.url)).join(', ')}`);
  if ((opts.history || m.parts.history) && m.history.length > 0)
    lines.push('', ...mk.collapsed('Vote history', historyLines(m, mk)));
  return `${mk.join(lines)}\n`;
}

/** H-WV2, in the players' words. */
function lockLine(lock: NonNullable<VoteCountModel['voteLock']>): string {
  if (!lock.inForce) return `Votes are no longer locked (${lock.liftsAt} or fewer alive).`;
  const until = lock.liftsAt === null ? '' : ` until ${lock.liftsAt} or fewer are alive`;
  return `Votes are locked: a vote cannot be changed or withdrawn${until}.`;
}

/** H-VC1: `Ava: Bea → Cid` for each voter who moved since the last count. */
function changeLines(c: NonNullable<VoteCountModel['changes']>, mk: Markup): string[] {
  const t = mk.text;
  const since = c.fromDayStart
    ? 'the day started'
    : c.since
      ? `the last count (${mk.link(label(c.since.label), c.since.url)})`
      : 'the last count';
  if (c.moves.length === 0) return [`No changes since ${since}.`];
  const names = (ns: string[]) => (ns.length ? ns.map(t).join(' + ') : 'no vote');
  return [`Changes since ${since}:`, ...c.moves.map((x) => `${t(x.voter)}: ${names(x.from)} → ${names(x.to)}`)];
}

/** H-VC2: each player's votes of the day in order, each linked to its post: `Ava: Bea #3 → unvote #5 → Cid #9`. */
function historyLines(m: VoteCountModel, mk: Markup): string[] {
  const t = mk.text;
  const byVoter = new Map<string, string[]>();
  for (const h of m.history) {
    const move = `${h.target === null ? 'unvote' : t(h.target)} ${mk.link(label(h.post.label), h.post.url)}`;
    byVoter.set(h.voter, [...(byVoter.get(h.voter) ?? []), move]);
  }
  return [...byVoter].map(([voter, moves]) => `${t(voter)}: ${moves.join(' → ')}`);
}

/** Post labels are `#` and the platform's number or id: keep them to characters no markup reads. */
function label(s: string): string {
  return s.replace(/[^\w#.-]/g, '');
}

function missileLine(missile: VoteCountModel['missiles'][number], m: VoteCountModel, mk: Markup): string {
  const who = missile.launcher === null ? 'anonymous' : mk.text(missile.launcher);
  const target = missile.target === null ? 'unknown' : mk.text(missile.target);
  const abort =
    missile.abortableUntil === null
      ? 'cannot be aborted'
      : `abortable until ${formatShort(missile.abortableUntil, m.timeZone)}`;
  return `${who} → ${target}, lands ${formatDeadline(missile.landsAt, m.timeZone)} (${timeLeft(m.at, missile.landsAt)}; ${abort})`;
}
