#!/usr/bin/env node
// Measures `moddesk check-counts` (H-VC6) on the train/ corpus against the independent ledger audit
// (../shared/reviews/train-ledger-audit.md): of the moderators' slips the audit confirms (its appendix, verdict MOD
// and TOOL + MOD), how many counts check-counts flags, and how many differences it reports at the other counts
// (false alarms), per 100 counts checked. The audit numbers the ledger's train/ rows as they stood at commit
// 1504a3c (read from git), so the verdicts stay tied to the counts they were given for.
// Run with `node --import tsx`; a few minutes over the 60 games.
//
//   node --import tsx scripts/check-counts-train.mjs [--margin MINUTES] [--game T] [--show]
//
// --show: every difference reported, with the audit's verdict for its count.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.join(root, '..', 'shared');
const trainDir = path.join(shared, 'eval-data', 'mafiascum-donbot', 'train');
const auditFile = path.join(shared, 'reviews', 'train-ledger-audit.md');
for (const p of [trainDir, auditFile])
  if (!fs.existsSync(p)) {
    console.error(`check-counts-train: ${p} not found (the shared corpus and reviews are read from ../shared)`);
    process.exit(2);
  }

const argv = process.argv.slice(2);
let marginMinutes = 60;
let show = false;
const only = [];
for (let i = 0; i < argv.length; i += 1) {
  if (argv[i] === '--margin') marginMinutes = Number(argv[++i]);
  else if (argv[i] === '--game') only.push(argv[++i]);
  else if (argv[i] === '--show') show = true;
}

const { loadGameFile } = await import(path.join(root, 'src/app/load-game-file.ts'));
const { loadDump } = await import(path.join(root, 'src/app/load-dump.ts'));
const { checkGameCounts, checkLines } = await import(path.join(root, 'src/reporter/count-checks.ts'));

// The audit's verdict of each train/ ledger row (by its index), then of each count (thread, count post number).
const audit = fs.readFileSync(auditFile, 'utf8');
const verdictOf = new Map();
for (const line of audit.split('\n')) {
  // `| **MOD** (97) | **0–1** 60635 BBT. …`, `| **UNCLEAR / real judgment** (31) | …`, `| **TIMING** (7) | **164, 171–174** …`
  const row = /^\| \*\*([A-Z][A-Za-z +/]*?)\*\* \(\d+\) \| (.*)$/.exec(line);
  if (!row) continue;
  const verdict = row[1].startsWith('TOOL + MOD') ? 'TOOL+MOD' : row[1].split(' ')[0];
  for (const m of row[2].matchAll(/\*\*([\d,–\- ]+)\*\*/g))
    for (const piece of m[1].split(',')) {
      const [from, to = from] = piece.trim().split(/[–-]/).map(Number);
      for (let i = from; i <= to; i += 1) verdictOf.set(i, verdict);
    }
}
if (verdictOf.size !== 178)
  throw new Error(`${auditFile}: its appendix gives verdicts for ${verdictOf.size} rows, not 178`);
const ledger = JSON.parse(
  execFileSync('git', ['-C', root, 'show', '1504a3c:test/real-games/known-mismatches.json'], { encoding: 'utf8' }),
);
const trainRows = ledger.mismatches.filter((m) => m.corpus === 'train');
if (trainRows.length !== 178)
  throw new Error(`expected the audit's 178 train/ rows at 1504a3c, found ${trainRows.length}`);
const countVerdict = new Map();
for (const [i, r] of trainRows.entries()) countVerdict.set(`${r.thread}#${r.vcPost}`, verdictOf.get(i) ?? 'unjudged');
const slips = [...countVerdict].filter(([, v]) => v === 'MOD' || v === 'TOOL+MOD').map(([k]) => k);

const threads = fs
  .readdirSync(trainDir)
  .filter((t) => fs.existsSync(path.join(trainDir, t, 'expected.json')))
  .filter((t) => only.length === 0 || only.includes(t))
  .sort();
let counts = 0;
let unread = 0;
let partial = 0;
const caught = new Set();
const alarms = { lines: 0, counts: 0, byVerdict: {} };
const skippedWhy = {};
for (const thread of threads) {
  const dir = path.join(trainDir, thread);
  const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8'));
  const posts = loadDump(path.join(dir, 'posts.jsonl'), () => {});
  const number = new Map(posts.map((p) => [p.id, p.number]));
  const label = (id) => `#${number.get(id) ?? id}`;
  for (const day of expected.days) {
    const game = loadGameFile(path.join(dir, day.gameFile));
    const from = day.start.number;
    const to = day.transition?.number ?? Number.POSITIVE_INFINITY;
    for (const { context, check } of checkGameCounts(game, posts, marginMinutes * 60_000)) {
      const n = number.get(check.post.id);
      if (n < from || n > to) continue;
      counts += 1;
      if (check.read === 'unread') unread += 1;
      if (check.read === 'partial') partial += 1;
      for (const s of check.skipped) skippedWhy[s.why] = (skippedWhy[s.why] ?? 0) + 1;
      const k = `${thread}#${n}`;
      const verdict = countVerdict.get(k) ?? 'no ledger row';
      const lines = checkLines(context, check, label);
      if (lines.length === 0) continue;
      if (verdict === 'MOD' || verdict === 'TOOL+MOD') caught.add(k);
      else {
        alarms.lines += lines.length;
        alarms.counts += 1;
        alarms.byVerdict[verdict] = (alarms.byVerdict[verdict] ?? 0) + lines.length;
      }
      if (show) for (const l of lines) console.log(`${thread} [${verdict}] ${l}`);
    }
  }
}
const per100 = (x) => ((100 * x) / Math.max(counts, 1)).toFixed(1);
const slipsHere = slips.filter((k) => only.length === 0 || only.includes(k.split('#')[0]));
console.log(
  `check-counts on train/ (margin ${marginMinutes} min): ${counts} moderator counts checked (${unread} unread, ${partial} partly read)`,
);
console.log(`slips the audit confirms (MOD, TOOL+MOD counts): ${caught.size} of ${slipsHere.length} flagged`);
console.log(
  `false alarms: ${alarms.lines} differences at ${alarms.counts} other counts = ${per100(alarms.lines)} per 100 counts (${per100(alarms.counts)} counts per 100); by the audit's verdict of the count: ${JSON.stringify(alarms.byVerdict)}`,
);
console.log(`not reported: ${JSON.stringify(skippedWhy)}`);
const missed = slipsHere.filter((k) => !caught.has(k));
if (missed.length) console.log(`slips not flagged: ${missed.join(' ')}`);
