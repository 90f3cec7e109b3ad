#!/usr/bin/env node
// Check (issue 28 item 2): no day of the real games ends on a doubtful reading without the `hammer-needs-ruling`
// flag. Replays each day of each game folder (../shared/eval-data/mafiascum-donbot/{train,games}, read at run time)
// up to the moderator's day-end post, in one process over the sources, and prints per folder: the days that ended
// by threshold, those whose deciding vote is doubtful with no flag (must be 0: the script exits 1 otherwise), the
// days that now stop for a ruling, and of those how many the moderator did end on that post (the hammer window:
// the design's cost) and how many went on (the guess the moderator did not count), and the `hammer-earlier-vote` flags.
//
//   node --import tsx scripts/held-hammers.mjs <games-dir>… [--show] [--root <a moddesk checkout>]
//
// `--root` runs another checkout's sources (an older commit in a worktree), to count what it did before.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
let root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let show = false;
const dirs = [];
for (let i = 0; i < argv.length; i += 1) {
  if (argv[i] === '--root') root = path.resolve(argv[++i]);
  else if (argv[i] === '--show') show = true;
  else dirs.push(path.resolve(argv[i]));
}
if (dirs.length === 0) {
  console.error('usage: node --import tsx scripts/held-hammers.mjs <games-dir>… [--show] [--root DIR]');
  process.exit(2);
}
for (const dir of dirs)
  if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
    console.error(`no manifest.json in ${dir}: give a folder of ../shared/eval-data/mafiascum-donbot (train, games)`);
    process.exit(2);
  }

const { loadGameFile } = await import(path.join(root, 'src/app/load-game-file.ts'));
const { loadDump } = await import(path.join(root, 'src/app/load-dump.ts'));
const { replay } = await import(path.join(root, 'src/reporter/replay.ts'));
const { toStateJson } = await import(path.join(root, 'src/machine/to-state-json.ts'));

let failed = false;
for (const dir of dirs) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const t = { days: 0, threshold: 0, onDoubtNoFlag: 0, onDoubtFlagged: 0, held: 0, heldInWindow: 0, earlier: 0 };
  for (const { thread } of manifest.games) {
    const e = JSON.parse(fs.readFileSync(path.join(dir, thread, 'expected.json'), 'utf8'));
    const posts = loadDump(path.join(dir, thread, 'posts.jsonl'));
    const byId = new Map(posts.map((p) => [p.id, p]));
    for (const d of e.days) {
      const game = loadGameFile(path.join(dir, thread, `day-${d.day}.game.yaml`));
      const j = toStateJson(replay(game, posts, { through: d.transition.id }).context, null);
      t.days += 1;
      const dayPosts = new Set(posts.slice(d.start.number, d.transition.number + 1).map((p) => p.id));
      const flagged = (code) => (j.flags ?? []).filter((f) => f.code === code && dayPosts.has(f.postId));
      const where = `${path.basename(dir)}/${thread} D${d.day}`;
      if (j.phase?.endReason === 'threshold') {
        t.threshold += 1;
        // The deciding vote: the one cast by the post stamped with the day's end.
        const endAt = Date.parse(j.phase.endedAt);
        const all = [...(j.votes?.wagons ?? []), j.votes?.noLynch].filter(Boolean);
        for (const w of all)
          w.posts.forEach((postId, i) => {
            const p = byId.get(postId);
            const r = w.readings?.[i];
            if (!p || Date.parse(p.createdAt) !== endAt || r?.confidence !== 'doubtful') return;
            const hasFlag = (j.flags ?? []).some((f) => f.code === 'hammer-needs-ruling' && f.postId === postId);
            if (hasFlag) t.onDoubtFlagged += 1;
            else {
              t.onDoubtNoFlag += 1;
              console.log(`ENDED ON A DOUBT, NO FLAG ${where} post ${postId} (${w.voters[i]}: ${JSON.stringify(r)})`);
            }
          });
      }
      const held = flagged('hammer-needs-ruling');
      if (held.length) {
        t.held += 1;
        const first = held[0];
        const n = byId.get(first.postId)?.number;
        const w = d.hammerWindow;
        const inWindow = w && n !== undefined && n >= w.from.number && n <= w.to.number;
        if (inWindow) t.heldInWindow += 1;
        if (show)
          console.log(
            `held ${where} post #${n} (${inWindow ? 'the moderator ended the day here' : 'the moderator went on'}): ${first.message}`,
          );
      }
      const earlier = flagged('hammer-earlier-vote');
      t.earlier += earlier.length;
      if (show) for (const f of earlier) console.log(`earlier-vote ${where} post ${f.postId}: ${f.message}`);
    }
  }
  if (t.onDoubtNoFlag > 0) failed = true;
  console.log(
    `${path.basename(dir)}: ${t.days} days, ${t.threshold} ended by threshold; ended on a doubtful reading without the flag: ${t.onDoubtNoFlag}` +
      ` (with it: ${t.onDoubtFlagged}); stopped for a ruling (hammer-needs-ruling): ${t.held} days, of which the moderator ended the day on that post: ${t.heldInWindow}, went on: ${t.held - t.heldInWindow}; hammer-earlier-vote flags: ${t.earlier}`,
  );
}
process.exit(failed ? 1 : 0);
