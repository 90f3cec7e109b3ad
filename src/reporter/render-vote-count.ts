import { formatDeadline, formatShort, timeLeft } from './format-time.js';
import type { Markup } from './markup.js';
import type { VoteCountModel } from './vote-count-model.js';

/** The vote-count post (interfaces §4 `count`): wagons, L-n, no lynch, not voting, threshold, deadline, missiles. */
export function renderVoteCount(m: VoteCountModel, mk: Markup, opts: { history?: boolean } = {}): string {
  const t = mk.text;
  const lines: string[] = [];
  const through = m.through ? ` (through post ${mk.link(label(m.through.label), m.through.url)})` : '';
  lines.push(`${mk.bold(t(m.title))}${through}`);
  lines.push('');
  const voters = (vs: VoteCountModel['wagons'][number]['voters']) =>
    vs.map((v) => `${mk.link(t(v.name), v.post.url)}${v.weight === 1 ? '' : ` (x${v.weight})`}`).join(', ');
  for (const w of m.wagons) {
    const why = w.modifier === null ? '' : ` (${w.modifier}: ${w.needed} to lynch)`;
    const ln = w.toLynch === null ? '' : w.toLynch <= 0 ? '  — lynched' : `  — L-${w.toLynch}${why}`;
    lines.push(`${mk.bold(`${t(w.target)} (${w.count})`)}: ${voters(w.voters)}${ln}`);
  }
  if (m.noLynch.count > 0) lines.push(`${mk.bold(`No lynch (${m.noLynch.count})`)}: ${voters(m.noLynch.voters)}`);
  if (m.wagons.length === 0 && m.noLynch.count === 0) lines.push('No votes yet.');
  if (m.notVoting.length > 0) lines.push(`Not voting (${m.notVoting.length}): ${m.notVoting.map(t).join(', ')}`);
  if (m.activity?.length) lines.push(`Posts today: ${m.activity.map((a) => `${t(a.name)} ${a.posts}`).join(', ')}`);
  lines.push('');
  if (m.threshold !== null) {
    lines.push(`With ${m.alive} alive, it takes ${m.threshold} to lynch.`);
    if (m.noLynchThreshold !== null && m.noLynchThreshold !== m.threshold)
      lines.push(`No lynch takes ${m.noLynchThreshold}.`);
  } else {
    lines.push(`With ${m.alive} alive, the most votes at the deadline decide.`);
  }
  if (m.endedAt !== null) lines.push(`The day ended ${formatDeadline(m.endedAt, m.timeZone)}.`);
  else if (m.deadline !== null)
    lines.push(`Deadline: ${formatDeadline(m.deadline, m.timeZone)} (${timeLeft(m.at, m.deadline)})`);
  if (m.missiles.length === 1) lines.push(`Missiles: ${missileLine(m.missiles[0]!, m, mk)}`);
  else if (m.missiles.length > 1) lines.push('Missiles:', ...m.missiles.map((x) => `- ${missileLine(x, m, mk)}`));
  if (opts.history && m.history.length > 0) {
    const entries = m.history.map(
      (h) =>
        `${mk.link(t(h.post.label), h.post.url)} ${t(h.voter)} ${h.target === null ? 'unvotes' : `→ ${t(h.target)}`}`,
    );
    lines.push('', ...mk.collapsed('Vote history', entries));
  }
  return `${mk.join(lines)}\n`;
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
