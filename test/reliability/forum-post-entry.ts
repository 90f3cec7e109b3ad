import BetterSqlite3 from 'better-sqlite3';
import { createSource } from '../../src/adapters/registry.js';

/**
 * The posting half of the desk, alone, for the forum kill -9 suite: approved drafts in a real SQLite file are
 * posted one by one through the platform's sink and marked posted with their receipt, as draft-actions.ts does.
 * Usage: node forum-post-entry.mjs PLATFORM THREAD_URL DB (credentials in the environment).
 */
const [platform, url, dbFile] = process.argv.slice(2) as [string, string, string];
const db = new BetterSqlite3(dbFile);
db.pragma('journal_mode = WAL');
const source = createSource(platform, { url, env: process.env });
const next = db.prepare("SELECT id, text FROM drafts WHERE status = 'approved' ORDER BY id LIMIT 1");
const mark = db.prepare("UPDATE drafts SET status = 'posted', receipt = ? WHERE id = ?");
for (let d = next.get() as { id: string; text: string } | undefined; d; d = next.get() as typeof d) {
  const receipt = await source.reply(d.text, d.id);
  mark.run(JSON.stringify(receipt), d.id);
}
await source.close?.();
db.close();
