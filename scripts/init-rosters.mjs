#!/usr/bin/env node
// Measures `moddesk init`'s roster reading on real opening posts: the first post of every thread in the shared
// MafiaScum corpus (../shared/eval-data/mafiascum-donbot/{games,train}, as the moderators left them at game end),
// read by `readRoster` and compared with the slots the moderators' counts and the archive give (expected.json
// `slots[].names`: the slot's first player, then who replaced them, in order). A roster is exact when its first
// players are the slots' first players; exact with chains when each slot's later players match too.
// Run with `node --import tsx`.
//
//   node --import tsx scripts/init-rosters.mjs [--show]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.join(root, '..', 'shared', 'eval-data', 'mafiascum-donbot');
if (!fs.existsSync(corpus)) {
  console.error(`init-rosters: ${corpus} not found (the shared corpus is read from ../shared)`);
  process.exit(2);
}
const show = process.argv.includes('--show');
const { readRoster } = await import(path.join(root, 'src/cli/init/opening-post.ts'));
const { readVotingRules } = await import(path.join(root, 'src/cli/init/voting-rules.ts'));

const norm = (s) => s.toLowerCase().replace(/[\s_]+/g, '');
let games = 0;
let found = 0;
let exact = 0;
let chains = 0;
let withReplacements = 0;
let chainsOfReplaced = 0;
const rules = new Map();
for (const part of ['games', 'train']) {
  const dir = path.join(corpus, part);
  for (const thread of fs.readdirSync(dir).sort()) {
    const expectedFile = path.join(dir, thread, 'expected.json');
    if (!fs.existsSync(expectedFile)) continue;
    games += 1;
    const expected = JSON.parse(fs.readFileSync(expectedFile, 'utf8'));
    const first = JSON.parse(fs.readFileSync(path.join(dir, thread, 'posts.jsonl'), 'utf8').split('\n')[0]);
    for (const r of readVotingRules(first.html)) rules.set(r.key, [...(rules.get(r.key) ?? []), thread]);
    const slots = readRoster(first.html);
    if (slots.length) found += 1;
    const want = expected.slots.map((s) => s.names.map(norm));
    const got = slots.map((s) => [s.name, ...s.replacedBy].map(norm));
    const firstsOk = JSON.stringify(want.map((w) => w[0]).sort()) === JSON.stringify(got.map((g) => g[0]).sort());
    const chainOk =
      firstsOk &&
      JSON.stringify(want.map((w) => w.join('>')).sort()) === JSON.stringify(got.map((g) => g.join('>')).sort());
    const replaced = want.some((w) => w.length > 1);
    if (firstsOk) exact += 1;
    if (chainOk) chains += 1;
    if (replaced) withReplacements += 1;
    if (replaced && chainOk) chainsOfReplaced += 1;
    if (show && !chainOk)
      console.log(
        `${part}/${thread} ${firstsOk ? 'firsts ok, chains differ' : 'roster differs'}\n  want ${want.map((w) => w.join('>')).join(', ')}\n  got  ${got.map((g) => g.join('>')).join(', ')}`,
      );
  }
}
console.log(
  `init on ${games} real opening posts: a roster found in ${found}; exact first players in ${exact}; exact with replacement chains in ${chains} (${chainsOfReplaced} of the ${withReplacements} games with a replacement)`,
);
console.log(`voting rules read: ${[...rules].map(([k, ts]) => `${k} ${ts.length}`).join(', ') || 'none'}`);
