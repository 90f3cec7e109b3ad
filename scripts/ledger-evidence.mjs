#!/usr/bin/env node
// The ledger's evidence and the silent misreadings (issue 28): for every row of test/real-games/known-mismatches.json,
// replays the thread through the post before the moderator's count (as the scorer does), compares, and for each
// voter the two counts disagree on finds the deciding post: the voter's last post before the count with an action
// read or a flag raised (or a post by an account on no slot whose flag reads the account as that voter). It prints, per row, that post, its age at the count, what was read (bold or tag) and the
// flags on it; then, over the rows the ledger calls the tool's (`tool-error`), how many had no flag on any deciding
// post (a silent misreading; the goal is 0).
//
//   node --import tsx scripts/ledger-evidence.mjs [--corpus train|games] [--thread T] [--json FILE] [--quiet]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpusRoot = path.join(root, '..', 'shared', 'eval-data', 'mafiascum-donbot');
const { makeNamer, toolVotes, modVotes } = await import(path.join(root, 'scripts/compare-counts.mjs'));
const { loadGameFile } = await import(path.join(root, 'src/app/load-game-file.ts'));
const { loadDump } = await import(path.join(root, 'src/app/load-dump.ts'));
const { replay } = await import(path.join(root, 'src/reporter/replay.ts'));
const { toStateJson } = await import(path.join(root, 'src/machine/to-state-json.ts'));
const { extractActions } = await import(path.join(root, 'src/parser/extract-actions.ts'));

const argv = process.argv.slice(2);
const opts = { corpus: null, threads: [], json: null, quiet: false };
for (let i = 0; i < argv.length; i += 1) {
  if (argv[i] === '--corpus') opts.corpus = argv[++i];
  else if (argv[i] === '--thread') opts.threads.push(argv[++i]);
  else if (argv[i] === '--json') opts.json = argv[++i];
  else if (argv[i] === '--quiet') opts.quiet = true;
  else throw new Error(`ledger-evidence: unknown argument ${argv[i]}`);
}
if (!fs.existsSync(corpusRoot)) throw new Error(`ledger-evidence: the real corpus is missing: looked in ${corpusRoot}`);

const ledger = JSON.parse(fs.readFileSync(path.join(root, 'test/real-games/known-mismatches.json'), 'utf8'));
const rows = ledger.mismatches.filter(
  (m) => (!opts.corpus || m.corpus === opts.corpus) && (!opts.threads.length || opts.threads.includes(m.thread)),
);
const HOUR = 3_600_000;
const threads = new Map();
function threadData(corpus, thread) {
  const key = `${corpus}/${thread}`;
  if (!threads.has(key)) {
    const dir = path.join(corpusRoot, corpus, thread);
    const e = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8'));
    threads.set(key, { dir, e, posts: loadDump(path.join(dir, 'posts.jsonl')), slotOf: makeNamer(e) });
  }
  return threads.get(key);
}

const parsed = new Map();
const parse = (html, o) => {
  const k = `${o.channel}\u0000${(o.syntax ?? []).join()}\u0000${html}`;
  if (!parsed.has(k)) parsed.set(k, extractActions(html, o));
  return parsed.get(k);
};

const results = [];
for (const row of rows) {
  const { dir, e, posts, slotOf } = threadData(row.corpus, row.thread);
  const day = e.days.find((d) => d.voteCounts.some((vc) => vc.post.number === row.vcPost));
  if (!day) throw new Error(`ledger-evidence: ${row.thread}#${row.vcPost} is no scored count in ${dir}`);
  const vc = day.voteCounts.find((x) => x.post.number === row.vcPost);
  const game = loadGameFile(path.join(dir, `day-${day.day}.game.yaml`));
  const j = toStateJson(replay(game, posts, { through: vc.through.id }, parse).context, null);
  const tool = toolVotes(j, slotOf);
  const mod = modVotes(vc);
  const differ = new Set();
  for (const [a, b] of [
    [tool.pairs, mod.pairs],
    [mod.pairs, tool.pairs],
  ])
    for (const p of a) if (!b.has(p)) differ.add(p.split('\u0000')[0]);
  if (tool.notVoting && mod.notVoting)
    for (const [a, b] of [
      [tool.notVoting, mod.notVoting],
      [mod.notVoting, tool.notVoting],
    ])
      for (const v of a) if (!b.has(v)) differ.add(v);
  const at = Date.parse(posts[row.vcPost].createdAt);
  const flagsOf = (id) => (j.flags ?? []).filter((f) => f.postId === id).map((f) => f.code);
  const deciding = [];
  for (const voter of differ) {
    let found = null;
    for (let n = vc.through.number; n >= day.start.number && !found; n -= 1) {
      const p = posts[n];
      if (!p) continue;
      // A post by an account on no slot counts as the voter's when its flag reads the account as the voter (a
      // hydra's head posting from their own account: vote-not-player names the player the account reads as).
      const placed = slotOf(p.author);
      const named =
        placed.startsWith('?') &&
        (j.flags ?? []).some((f) => f.postId === p.id && f.reading && slotOf(f.reading) === voter);
      if (placed !== voter && !named) continue;
      const actions = parse(p.html, { syntax: ['bold', 'tag'], channel: 'thread' }).actions.filter(
        (a) => a.kind === 'vote' || a.kind === 'unvote',
      );
      const flags = flagsOf(p.id);
      if (actions.length || flags.length)
        found = {
          voter,
          ...(named ? { account: p.author } : {}),
          post: n,
          ageHours: Math.round(((at - Date.parse(p.createdAt)) / HOUR) * 10) / 10,
          read: actions.map((a) => `${a.kind}(${a.argument ?? ''}) ${a.form}`),
          flags,
        };
    }
    deciding.push(found ?? { voter, post: null, flags: [] });
  }
  results.push({ thread: row.thread, vcPost: row.vcPost, corpus: row.corpus, kind: row.kind, deciding });
}

const tool = results.filter((r) => r.kind === 'tool-error');
const silent = tool.filter((r) => !r.deciding.some((d) => d.flags.length));
if (!opts.quiet)
  for (const r of results)
    console.log(
      `${r.corpus} ${r.thread}#${r.vcPost} ${r.kind}: ${
        r.deciding
          .map(
            (d) =>
              `${d.voter}${d.account ? ` (from the account ${d.account})` : ''} ${d.post === null ? 'no post' : `#${d.post} ${d.ageHours} h before, read ${d.read.join(' + ') || '-'}, flags ${d.flags.join(',') || 'none'}`}`,
          )
          .join('; ') || 'no voter differs (alive or threshold)'
      }`,
    );
if (opts.json) fs.writeFileSync(opts.json, JSON.stringify(results, null, 1));
console.log(
  `ledger-evidence: ${results.length} rows; tool-error ${tool.length}, of which unflagged on every deciding post: ${silent.length}${
    silent.length ? ` (${silent.map((r) => `${r.thread}#${r.vcPost}`).join(', ')})` : ''
  }`,
);
