import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { packageRoot } from '../../adapters/common/package-root.js';
import { ModdeskError } from '../../domain/errors.js';
import type { GameFile } from '../../domain/game-file.js';
import type { Post } from '../../domain/post.js';
import { loadDump } from '../load-dump.js';
import { loadGameFile } from '../load-game-file.js';

/** The recorded DEFCON game the demo plays: the repository's sample game. */
export const BUNDLED_GAME = join(packageRoot()?.dir ?? '.', 'test', 'games', 'defcon-sample', 'game.yaml');

export interface DemoGame {
  game: GameFile;
  posts: Post[];
  /** The working copy of the game file (its thread points at the local forum; rulings are written into it). */
  gameFile: string;
  workDir: string;
}

/** Reads a recorded game (game file + the dump its thread names) and writes a working copy into a fresh temp dir. */
export function prepareDemoGame(source: string, threadUrl: string, workDir?: string): DemoGame {
  if (!existsSync(source)) {
    throw new ModdeskError('file-unreadable', 'the demo game is missing; run from a full checkout or pass --game', {
      file: source,
    });
  }
  const game = loadGameFile(source);
  const dump = resolve(dirname(source), game.thread?.platform === 'file' ? game.thread.url : 'posts.jsonl');
  const posts = loadDump(dump);
  const dir = workDir ?? mkdtempSync(join(tmpdir(), 'moddesk-demo-'));
  const doc = parseDocument(readFileSync(source, 'utf8'));
  doc.set('thread', doc.createNode({ platform: 'reddit', url: threadUrl }, { flow: true }));
  const gameFile = join(dir, 'game.yaml');
  writeFileSync(gameFile, doc.toString());
  return { game: loadGameFile(gameFile), posts, gameFile, workDir: dir };
}
