/**
 * A real MafiaScum game thread (a donbot `posts.jsonl` under ../shared/eval-data) served as MafiaScum-style
 * `viewtopic.php?t=…&start=…` pages on 127.0.0.1, 25 posts a page unless `ppp` is asked: the newcomer trial's
 * forum (issue 32's acceptance run). Run: `npx tsx test/fakes/serve-real-thread.ts <posts.jsonl> [topic id]
 * [first N posts]` (a game in progress: only its first N posts); prints the thread's URL and serves until stopped.
 */
import { readFileSync } from 'node:fs';
import { FakeThread } from './fake-thread.js';
import { startPhpbbFake } from './phpbb-fake.js';

const [file, topic, until] = process.argv.slice(2);
if (!file) throw new Error('usage: serve-real-thread.ts <posts.jsonl> [topic id] [first N posts]');
const posts = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { author: string; html: string; createdAt: string; channel?: string })
  .filter((p) => (p.channel ?? 'thread') === 'thread')
  .slice(0, until ? Number(until) : undefined);
const thread = new FakeThread({ authors: [...new Set(posts.map((p) => p.author))] });
for (const p of posts) thread.add({ author: p.author, html: p.html, createdAt: Date.parse(p.createdAt) });
const fake = await startPhpbbFake({
  thread,
  variant: 'mafiascum',
  perPage: 25,
  topicId: Number(topic ?? 71047),
  timeZone: 'UTC',
});
process.stdout.write(`${fake.threadUrl.replace(/&ppp=\d+/, '')}\n`);
