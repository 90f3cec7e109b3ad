import BetterSqlite3 from 'better-sqlite3';
import { createSource } from '../../src/adapters/registry.js';

/**
 * The PM-sending half of the desk, alone, for the PM kill -9 suite: approved role PMs in a real SQLite file are sent
 * one by one through the platform's `sendMessage` and marked sent with their receipt, as draft-actions.ts does.
 * Usage: node pm-send-entry.mjs PLATFORM THREAD_URL DB (credentials in the environment).
 */
const [platform, url, dbFile] = process.argv.slice(2) as [string, string, string];
const db = new BetterSqlite3(dbFile);
db.pragma('journal_mode = WAL');
const source = createSource(platform, { url, env: process.env });
const next = db.prepare("SELECT id, recipient, text FROM pms WHERE status = 'approved' ORDER BY id LIMIT 1");
const mark = db.prepare("UPDATE pms SET status = 'sent', receipt = ? WHERE id = ?");
type Row = { id: string; recipient: string; text: string };
for (let d = next.get() as Row | undefined; d; d = next.get() as Row | undefined) {
  const receipt = await source.sendMessage!(d.recipient, 'Kill Game: your role', d.text, d.id);
  mark.run(JSON.stringify(receipt), d.id);
}
await source.close?.();
db.close();
