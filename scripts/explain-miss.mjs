#!/usr/bin/env node
// Dev tool: why does moddesk's count differ from the moderator's? For one thread, day and voter, prints the voter's
// posts that day up to a post number: what the parser read, the flags raised, and the raw text around "vote".
//
//   node --import tsx scripts/explain-miss.mjs <games-dir> <thread> <day> <through-number> <voter-key>
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { loadGameFile } = await import(path.join(root, 'src/app/load-game-file.ts'));
const { loadDump } = await import(path.join(root, 'src/app/load-dump.ts'));
const { replay } = await import(path.join(root, 'src/reporter/replay.ts'));
const { toStateJson } = await import(path.join(root, 'src/machine/to-state-json.ts'));
const { extractActions } = await import(path.join(root, 'src/parser/extract-actions.ts'));

const [dirArg, thread, day, throughArg, voter] = process.argv.slice(2);
const dir = path.join(path.resolve(dirArg), thread);
const e = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8'));
const d = e.days.find((x) => String(x.day) === day);
const posts = loadDump(path.join(dir, 'posts.jsonl'));
const through = Number(throughArg);
const names = new Set((e.slots.find((s) => s.key === voter)?.names ?? [voter]).map((n) => n.toLowerCase()));
const game = loadGameFile(path.join(dir, `day-${day}.game.yaml`));
const j = toStateJson(replay(game, posts, { through: posts[through]?.id ?? posts.at(-1).id }).context, null);
const flags = j.flags.filter((f) => names.has(String(f.actor).toLowerCase()));
console.log(`players: ${e.slots.map((s) => s.names.join('/')).join(', ')}`);
for (let i = d.start.number; i <= through && i < posts.length; i += 1) {
  const p = posts[i];
  if (!names.has(p.author.toLowerCase())) continue;
  const parsed = extractActions(p.html, { syntax: ['bold', 'tag'], channel: 'thread' });
  const acts = parsed.actions.map((a) => `${a.kind}(${a.argument})`).join(' ');
  const f = flags.filter((x) => x.postId === p.id).map((x) => `${x.code}: ${x.message}`);
  const noQuotes = p.html
    .replace(/<blockquote[\s\S]*?<\/blockquote>/gi, '')
    .replace(/<div class="quotecontent"[\s\S]*?<\/div>/gi, '');
  const hits = [...noQuotes.matchAll(/.{0,80}(?:vote|veot|vtoe|lynch)[\s\S]{0,80}/gi)].map((m) =>
    m[0].replace(/\s+/g, ' '),
  );
  if (!acts && !f.length && !hits.length) continue;
  console.log(
    `#${i} ${p.id} ${p.author} ${p.createdAt}${p.editedAt ? ` edited ${p.editedAt}` : ''}\n  read: ${acts || '-'}`,
  );
  for (const x of f) console.log(`  flag ${x}`);
  for (const h of hits.slice(0, 4)) console.log(`  raw: ${h}`);
}
