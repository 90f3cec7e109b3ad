import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'htmlparser2';
import { extractActions } from '../src/parser/extract-actions.js';
import type { BenchFigure } from './run.js';

// The action parser against a bare htmlparser2 parse of the same 7,650 real post bodies, runs interleaved so
// both see the same machine load; the best of several rounds each.
const games = fileURLToPath(new URL('../../shared/eval-data/mafiascum-donbot/games/', import.meta.url));

export default async function (): Promise<BenchFigure[]> {
  const bodies: string[] = [];
  for (const g of readdirSync(games)) {
    if (!/^\d+$/.test(g)) continue;
    for (const line of readFileSync(`${games}${g}/posts.jsonl`, 'utf8').split('\n'))
      if (line) bodies.push(JSON.parse(line).html);
  }
  let bare = Number.POSITIVE_INFINITY;
  let parser = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round += 1) {
    let t0 = performance.now();
    for (const b of bodies) parseDocument(b);
    bare = Math.min(bare, performance.now() - t0);
    t0 = performance.now();
    for (const b of bodies) extractActions(b, { syntax: ['bold', 'tag'], channel: 'thread' });
    parser = Math.min(parser, performance.now() - t0);
  }
  return [
    { name: `bare htmlparser2 parseDocument (${bodies.length} bodies)`, value: bare, unit: 'ms' },
    { name: 'extractActions', value: parser, unit: 'ms', baseline: { name: 'bare parse', value: bare } },
  ];
}
