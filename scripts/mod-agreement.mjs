#!/usr/bin/env node
// Dev tool: what do the corpus moderators do with each kind of action? For every post with a vote or an unvote,
// the moderator's next count before the voter acts again shows the vote as moddesk read it, or the vote before it
// (the moderator did not apply the post), or something else; tallied by the kind of action, so a reading or a
// default is judged by how many moderators it agrees with, not by the one thread that asked for it. Also: a
// replaced slot's vote and the votes on it (kept or dropped by the next count), plain-text `unvote` in a sentence
// (no bold, no tag) by a player with a vote standing, and votes posted before the day's first scored count; and,
// for the name side, each reading of the ladder other than the exact name (`name: part, doubtful`), and the votes
// a reading refused (the moderator's count shows the vote before it: `as read`).
// Run with `node --import tsx`; about a minute per corpus folder.
//
//   node --import tsx scripts/mod-agreement.mjs <games-dir>... [--game T] [--show] [--forms]
//
// --show: every post where the moderator did otherwise, with the tally it fell in.
// --forms: also each vote and unvote by its form (a bare tag alone in its post, a bold unvote in a sentence, an
// unvote naming the target, by a replacement, at the end of a long post, just before the count, …): the forms of
// the ledger's moderator-miss rows, to tell a form most moderators ignore from a moderator's slip.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { norm } = await import(path.join(root, '..', 'shared', 'eval-data', 'scorer', 'common.mjs'));
const { loadGameFile } = await import(path.join(root, 'src/app/load-game-file.ts'));
const { loadDump } = await import(path.join(root, 'src/app/load-dump.ts'));
const { replay } = await import(path.join(root, 'src/reporter/replay.ts'));
const { toStateJson } = await import(path.join(root, 'src/machine/to-state-json.ts'));
const { extractActions } = await import(path.join(root, 'src/parser/extract-actions.ts'));

const argv = process.argv.slice(2);
const games = [];
const dirs = [];
let show = false;
let forms = false;
for (let i = 0; i < argv.length; i += 1) {
  if (argv[i] === '--game') games.push(argv[++i]);
  else if (argv[i] === '--show') show = true;
  else if (argv[i] === '--forms') forms = true;
  else dirs.push(path.resolve(argv[i]));
}

const tally = new Map();
const threadsOf = new Map();
const note = (group, outcome, line) => {
  const row = tally.get(group) ?? { 'as read': 0, 'not applied': 0, other: 0 };
  row[outcome] += 1;
  tally.set(group, row);
  const seen = threadsOf.get(group) ?? { 'as read': new Set(), 'not applied': new Set(), other: new Set() };
  seen[outcome].add(line.split(' ')[0]);
  threadsOf.set(group, seen);
  if (show && outcome !== 'as read') console.log(`${outcome.padEnd(11)} ${group.padEnd(34)} ${line}`);
};
const PLAIN_UNVOTE = /\bun-?vot(?:e|ed|ing|eing)\b/i;
const plainText = (html) =>
  html
    .replace(/<blockquote[\s\S]*?<\/blockquote>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

for (const dir of dirs) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  for (const { thread } of manifest.games) {
    if (games.length && !games.includes(thread)) continue;
    const e = JSON.parse(fs.readFileSync(path.join(dir, thread, 'expected.json'), 'utf8'));
    const posts = loadDump(path.join(dir, thread, 'posts.jsonl'));
    const key = new Map();
    for (const s of e.slots) for (const n of s.names) if (!key.has(norm(n))) key.set(norm(n), s.key);
    const slotOf = (name) => key.get(norm(String(name ?? ''))) ?? `?${name}`;
    for (const d of e.days) {
      const game = loadGameFile(path.join(dir, thread, `day-${d.day}.game.yaml`));
      const syntax = game.options?.syntax ?? ['bold', 'tag'];
      const last = Math.min(d.transition.number, posts.length - 1);
      const acts = new Map();
      for (let i = d.start.number; i <= last; i += 1) {
        const a = extractActions(posts[i].html, { syntax, channel: 'thread' }).actions;
        const votes = a.filter((x) => x.kind === 'vote' || x.kind === 'unvote');
        if (votes.length) acts.set(i, votes);
      }
      const states = new Map();
      // The slot's standing vote in moddesk's state after post i: a slot key, 'NL', or 'none'.
      const stateAt = (i) => {
        const at = Math.max(0, Math.min(i, posts.length - 1));
        if (!states.has(at)) states.set(at, toStateJson(replay(game, posts, { through: posts[at].id }).context, null));
        return states.get(at);
      };
      const toolVote = (i, who) => {
        const v = stateAt(i).votes ?? {};
        const w = (v.wagons ?? []).find((x) => (x.voters ?? []).some((n) => slotOf(n) === who));
        if (w) return slotOf(w.target);
        return (v.noLynch?.voters ?? []).some((n) => slotOf(n) === who) ? 'NL' : 'none';
      };
      // How moddesk read the name of the slot's standing vote after post i (docs/readings.md N*), or the flag that
      // refused the post's vote.
      const nameReading = (i, who) => {
        const st = stateAt(i);
        for (const w of [...(st.votes?.wagons ?? []), st.votes?.noLynch].filter(Boolean)) {
          const k = (w.voters ?? []).findIndex((n) => slotOf(n) === who);
          const r = k < 0 ? null : w.readings?.[k];
          if (r) return `${r.via}, ${r.confidence}`;
        }
        return null;
      };
      const flagOf = (i, pattern) =>
        (stateAt(i).flags ?? []).find((f) => f.postId === posts[i].id && pattern.test(f.code))?.code;
      const modVote = (vc, who) => {
        if (vc.noLynch?.voters?.includes(who)) return 'NL';
        return vc.wagons.find((w) => w.voters.includes(who))?.target ?? 'none';
      };
      const nextAct = (from, who) => {
        for (const k of acts.keys()) if (k > from && slotOf(posts[k].author) === who) return k;
        return Number.POSITIVE_INFINITY;
      };
      const countFor = (from, who) => {
        const until = nextAct(from, who);
        return d.voteCounts.find((v) => v.through.number >= from && v.through.number < until) ?? null;
      };
      const firstCount = d.voteCounts[0]?.post.number ?? Number.POSITIVE_INFINITY;
      const replacedBy = (game.events ?? [])
        .filter((ev) => 'replace' in ev)
        .map((ev) => ({ old: norm(ev.replace), at: Date.parse(ev.at) }));
      const firstName = new Map(e.slots.map((s) => [s.key, norm(s.names[0])]));
      const formerNames = new Map(e.slots.map((s) => [s.key, s.names.slice(1).map(norm)]));
      // Which slot an unvote's argument names, loosely (a start of 3+ letters either way): for the tally only.
      const namedSlot = (arg) => {
        const n = norm(String(arg ?? ''));
        if (n.length < 2) return null;
        for (const s of e.slots)
          for (const name of s.names.map(norm))
            if (name === n || (n.length >= 3 && (name.startsWith(n) || n.startsWith(name)))) return s.key;
        return null;
      };
      const postText = (i) => plainText(posts[i].html).trim();
      const when = (i, vc) => {
        const gap = vc.post.number - i;
        const minutes = (Date.parse(posts[vc.post.number]?.createdAt) - Date.parse(posts[i].createdAt)) / 60000;
        const out = [];
        if (gap <= 2) out.push('posted 1-2 posts before the count');
        else if (gap <= 5) out.push('posted 3-5 posts before the count');
        if (minutes < 15) out.push('posted < 15 min before the count');
        return out;
      };
      const byReplacement = (i, who) => norm(posts[i].author) !== firstName.get(who);
      // The post of the slot's last vote before post i, this day (null: none, or carried from an earlier day).
      const lastVoteBefore = (i, who) => {
        let found = null;
        for (const [k, a] of acts)
          if (k < i && slotOf(posts[k].author) === who && a.some((x) => x.kind === 'vote')) found = k;
        return found;
      };
      function* unvoteForms(i, act, who, before, vc) {
        const text = postText(i);
        const rest = text.replace(act.text, '').replace(/\s+/g, ' ').trim();
        if (act.argument === null) {
          if (act.form === 'tag') yield rest.length < 20 ? 'bare tag, the whole post' : 'bare tag, in a longer post';
          else if (/^\W*un-?vote\W*$/i.test(act.text)) yield 'bare bold, alone on its line';
          else yield 'bare bold, in a sentence';
        } else {
          const slot = namedSlot(act.argument);
          if (slot === before) yield "names the voter's target";
          else if (slot && formerNames.get(slot).includes(norm(act.argument))) yield 'names a former name of a slot';
          else if (slot) yield 'names another player';
          else if (replacedBy.some((r) => norm(act.argument).startsWith(r.old.slice(0, 3))))
            yield 'names a player replaced out';
          else yield `names nobody (${act.form}: words after the keyword)`;
        }
        if (byReplacement(i, who)) yield 'by a replacement';
        const cast = lastVoteBefore(i, who);
        if (cast !== null && norm(posts[cast].author) !== norm(posts[i].author))
          yield 'withdrawing the vote of the player it replaced';
        if (text.length > 1500) yield 'in a post of 1,500+ characters';
        if (text.length - (text.lastIndexOf(act.text) + act.text.length) < 15 && text.length > 300)
          yield 'at the end of a 300+ character post';
        if (act.midLine) yield 'mid-line';
        yield* when(i, vc);
      }
      function* voteForms(i, a, act, who, vc) {
        const at = a.lastIndexOf(act);
        if (a.slice(0, at).some((x) => x.kind === 'unvote' && x.text === act.text))
          yield `'Unvote, vote X' on one ${act.form} line`;
        if (act.midLine && act.text.length > 200) yield 'mid-line, a line of 200+ characters';
        const text = postText(i);
        if (text.length > 1500) yield 'in a post of 1,500+ characters';
        if (text.length - (text.lastIndexOf(act.text) + act.text.length) < 15 && text.length > 300)
          yield 'at the end of a 300+ character post';
        if (byReplacement(i, who)) yield 'by a replacement';
        if (/^[A-Z]{2,4}$/.test(String(act.argument ?? '').trim())) yield 'argument of 2-4 capitals (initials?)';
        yield* when(i, vc);
      }
      for (const [i, a] of acts) {
        const who = slotOf(posts[i].author);
        const vc = countFor(i, who);
        if (!vc) continue;
        const before = toolVote(i - 1, who);
        const after = toolVote(vc.through.number, who);
        const mod = modVote(vc, who);
        const outcome = mod === after ? 'as read' : mod === before ? 'not applied' : 'other';
        const act = a.at(-1);
        const line = `${thread} D${d.day} #${i} ${who}: ${act.text.slice(0, 60)} (moddesk ${after}, mod ${mod})`;
        if (act.kind === 'unvote') {
          if (before === 'none') continue;
          note(`unvote ${act.form} ${act.argument === null ? 'bare' : 'naming a player'}`, outcome, line);
          if (forms) for (const f of unvoteForms(i, act, who, before, vc)) note(`form: unvote, ${f}`, outcome, line);
        } else {
          if (forms) for (const f of voteForms(i, a, act, who, vc)) note(`form: vote, ${f}`, outcome, line);
          note(`vote ${act.form} ${act.midLine ? 'mid-line' : 'own line'}`, outcome, line);
          if (a.filter((x) => x.kind === 'vote').length > 1) note('vote: 2+ votes in one post', outcome, line);
          if (act.misspelt) note('vote: misspelt keyword', outcome, line);
          if (i < firstCount) note(`vote before the day's first scored count`, outcome, line);
          const voteAt = a.lastIndexOf(act);
          if (before !== 'none' && !a.slice(0, voteAt).some((x) => x.kind === 'unvote'))
            note('vote: moves a standing vote, no unvote first', outcome, line);
          const t = Date.parse(posts[i].createdAt);
          const named = norm(String(act.argument ?? ''));
          if (replacedBy.some((r) => r.old === named && r.at < t))
            note(`vote: names a player replaced out (moddesk: the slot)`, outcome, line);
          // A vote after the day's end, or refused, leaves the standing vote's reading in the state: not this one's.
          const refused = flagOf(i, /^target-(?:unknown|ambiguous|doubtful)$/);
          const late = flagOf(i, /^vote-after-day-end$/);
          const read = late || (toolVote(i, who) === before && refused) ? null : nameReading(i, who);
          if (late) note(`vote after moddesk's day end (as read = not counted)`, outcome, line);
          if (refused && !late && !read)
            note(`name: refused (${refused}; as read = not counted)`, mod === before ? 'as read' : 'other', line);
          else if (read && !read.startsWith('exact')) note(`name: ${read}`, outcome, line);
        }
      }
      for (let i = d.start.number + 1; i <= last; i += 1) {
        if (acts.has(i)) continue;
        const text = plainText(posts[i].html);
        const at = text.search(PLAIN_UNVOTE);
        if (at < 0) continue;
        const who = slotOf(posts[i].author);
        const vc = countFor(i, who);
        const before = vc ? toolVote(i - 1, who) : 'none';
        if (before === 'none') continue;
        const mod = modVote(vc, who);
        const outcome = mod === 'none' ? 'as read' : mod === before ? 'not applied' : 'other';
        const line = `${thread} D${d.day} #${i} ${who}: …${text.slice(Math.max(0, at - 40), at + 40)}…`;
        note(`plain-text unvote (applied = 'as read')`, outcome, line);
      }
      const t0 = Date.parse(posts[d.start.number].createdAt);
      const t1 = Date.parse(posts[last].createdAt);
      for (const ev of game.events ?? []) {
        const at = Date.parse(ev.at);
        if (!('replace' in ev) || at <= t0 || at >= t1) continue;
        const slot = slotOf(ev.replace);
        const k = posts.findIndex((p) => Date.parse(p.createdAt) > at);
        const vc = d.voteCounts.find((v) => v.through.number >= k);
        if (k < 1 || !vc) continue;
        const acted = (who) => nextAct(k - 1, who) <= vc.through.number;
        const own = toolVote(k - 1, slot);
        const line = `${thread} D${d.day} ${ev.replace} -> ${ev.by}`;
        if (own !== 'none' && !acted(slot))
          note('replacement: the slot keeps its vote', modVote(vc, slot) === own ? 'as read' : 'not applied', line);
        for (const s of e.slots) {
          if (s.key === slot || acted(s.key) || toolVote(k - 1, s.key) !== slot) continue;
          const outcome = modVote(vc, s.key) === slot ? 'as read' : 'not applied';
          note('replacement: votes on the slot stay', outcome, `${line} (${s.key})`);
        }
      }
    }
  }
}
console.log(
  `${'kind of action'.padEnd(56)} as read  not applied  other  (threads: as read / not applied / of those, also as read)`,
);
for (const [group, row] of [...tally].sort()) {
  const seen = threadsOf.get(group);
  console.log(
    `${group.padEnd(56)} ${String(row['as read']).padStart(7)}  ${String(row['not applied']).padStart(11)}  ${String(row.other).padStart(5)}  (${seen['as read'].size} / ${seen['not applied'].size} / ${[...seen['not applied']].filter((t) => seen['as read'].has(t)).length})`,
  );
}
