import BetterSqlite3 from 'better-sqlite3';
import { createSource } from '../../src/adapters/registry.js';
import { OPENING_POST } from '../../src/domain/owned-block.js';

/**
 * The edit-and-lock half of the desk, alone, for the kill -9 suite (issue 30 items 3, 4): approved actions in a
 * real SQLite file (an edit of the opening post's roster block, a lock, an unlock), carried out one by one through
 * the platform's sink and marked done, as draft-actions.ts does; a restart carries out again the first not marked.
 * Usage: node edit-lock-entry.mjs PLATFORM THREAD_URL DB (credentials in the environment).
 */
const [platform, url, dbFile] = process.argv.slice(2) as [string, string, string];
const db = new BetterSqlite3(dbFile);
db.pragma('journal_mode = WAL');
const source = createSource(platform, { url, env: process.env });
const next = db.prepare("SELECT id, kind, content FROM actions WHERE status = 'approved' ORDER BY seq LIMIT 1");
const mark = db.prepare("UPDATE actions SET status = 'done', changed = ? WHERE id = ?");
type Row = { id: string; kind: 'edit' | 'lock' | 'unlock'; content: string };
for (let a = next.get() as Row | undefined; a; a = next.get() as Row | undefined) {
  const changed =
    a.kind === 'edit'
      ? (await source.editPost!(OPENING_POST, { kind: 'block', name: 'roster', content: a.content })).changed
      : (await source.setLocked!(a.kind === 'lock')).changed;
  mark.run(changed ? 1 : 0, a.id);
}
await source.close?.();
db.close();
