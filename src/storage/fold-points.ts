import { mkdirSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { GameFile } from '../domain/game-file.js';
import type { SavedFold } from '../machine/fold.js';
import { evictOldest, quietly, readChecked, writeChecked } from './cache-files.js';
import { foldVersion } from './parser-version.js';

/** A saved point as its file name tells it: where it stands and the hash of the dump lines it was folded from. */
export interface PointEntry {
  lines: number;
  at: number;
  lastLine: number;
  prefix: string;
  name: string;
}

/** A saved point and the answers given from it: a command's output at that cut, by the command (`state`). */
export interface StoredPoint {
  point: SavedFold;
  answers: Record<string, string>;
}

/** Points kept per game file and build, and game files kept: older ones (by last use) are removed. */
export const LIMITS = { pointsPerGame: 64, games: 512 };

const MAGIC = 'moddesk-fold-point/1\n';

// Node's modules are loaded when a point is first used, not imported: other commands never load them (issue 11).
const sha256 = () => process.getBuiltinModule('node:crypto').createHash('sha256');
const v8 = () => process.getBuiltinModule('node:v8');
const zlib = () => process.getBuiltinModule('node:zlib');
const NAME = /^(\d+)_(-?\d+)_(\d+)_([0-9a-f]{32})\.point$/;

/**
 * The fold points of one game file under one build (decision 0013): a folder per (build, Node, game file) in the
 * cache directory, a file per point named by where it stands and the hash of the dump lines it was folded from,
 * written whole under a temporary name and renamed. It only ever saves work: a file that cannot be read, or whose
 * checksum or shape is wrong, is removed and read as a miss; a write that fails is dropped.
 */
export class FoldPoints {
  readonly dir: string;

  /** `key`: the game file's folder (`foldPointsKey`). */
  constructor(cacheDir: string, key: string) {
    this.root = join(cacheDir, 'fold-points');
    this.dir = join(this.root, key);
  }

  private readonly root: string;

  /** The points saved for this game file, in no order. */
  entries(): PointEntry[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    const out: PointEntry[] = [];
    for (const name of names) {
      const m = NAME.exec(name);
      if (m) out.push({ lines: Number(m[1]), at: Number(m[2]), lastLine: Number(m[3]), prefix: m[4] as string, name });
    }
    return out;
  }

  /** The point of `entry`, or null (and the file removed) when it is not one this build wrote whole. */
  read(entry: PointEntry): StoredPoint | null {
    return readChecked(join(this.dir, entry.name), MAGIC, (body) => {
      const value = v8().deserialize(zlib().inflateRawSync(body)) as StoredPoint;
      const p = value?.point;
      const fits = p && p.lines === entry.lines && p.at === entry.at && p.lastLine === entry.lastLine;
      return fits && typeof value.answers === 'object' && value.answers !== null ? value : null;
    });
  }

  /** Saves a point folded from the dump lines whose hash is `prefix`; keeps the folders within their limits. */
  write(stored: StoredPoint, prefix: string): void {
    const { lines, at, lastLine } = stored.point;
    const name = `${lines}_${at}_${lastLine}_${prefix}.point`;
    if (!NAME.test(name)) return;
    quietly(() => {
      const fresh = !isDir(this.dir);
      mkdirSync(this.dir, { recursive: true });
      writeChecked(join(this.dir, name), MAGIC, zlib().deflateRawSync(v8().serialize(stored), { level: 1 }));
      evictOldest(this.dir, LIMITS.pointsPerGame, (n) => NAME.test(n), unlinkSync);
      if (!fresh) return;
      evictOldest(
        this.root,
        LIMITS.games,
        (n) => /^[0-9a-f]{32}$/.test(n),
        (dir) => {
          rmSync(dir, { recursive: true, force: true });
        },
      );
    });
  }
}

/** The folder of a game file's points under this build: its fold version, Node's (the serializer's), the game file. */
export function foldPointsKey(game: GameFile, version = foldVersion()): string {
  return sha256().update(`${version}\0${process.version}\0`).update(JSON.stringify(game)).digest('hex').slice(0, 32);
}

const isDir = (dir: string) => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true;
