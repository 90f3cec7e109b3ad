import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { readDumpLines } from '../domain/dump.js';
import { ModdeskError } from '../domain/errors.js';
import type { Post } from '../domain/post.js';
import { loadPage } from './common/load-page.js';
import type { PagedPlatform } from './common/paged-forum.js';
import { mapDiscourseResponse } from './discourse/parse-page.js';
import { phpbbEngine } from './phpbb/index.js';
import { parseRedditJson } from './reddit/parse-page.js';
import { vbulletinEngine } from './vbulletin/index.js';
import { xenforoEngine } from './xenforo/index.js';

/** `moddesk parse`: saved pages (HTML, or Reddit/Discourse JSON) to posts, one file at a time. */
export const PARSE_PLATFORMS = ['reddit', 'phpbb', 'xenforo', 'discourse', 'vbulletin', 'file'] as const;

const ENGINES: Record<string, PagedPlatform> = {
  phpbb: phpbbEngine,
  xenforo: xenforoEngine,
  vbulletin: vbulletinEngine,
};

export interface SavedPageOptions {
  timeZone: string;
  dateOrder?: 'mdy' | 'dmy';
  /** Post links are resolved against this (default: the page's canonical link, else the file). */
  baseUrl?: string;
}

export function parseSavedPage(platform: string, file: string, text: string, opts: SavedPageOptions): Post[] {
  try {
    return parse(platform, file, text, opts);
  } catch (err) {
    if (err instanceof ModdeskError && err.file !== file)
      throw new ModdeskError(err.code, err.message, { file, place: err.place, cause: err });
    throw err;
  }
}

function parse(platform: string, file: string, text: string, opts: SavedPageOptions): Post[] {
  const engine = ENGINES[platform];
  if (engine) {
    const canonical = loadPage(text.slice(0, 20_000)).$('link[rel="canonical"]').attr('href');
    const pageUrl = opts.baseUrl ?? (canonical && /^https?:/.test(canonical) ? canonical : pathToFileURL(file).href);
    const page = engine.parsePage(text, {
      pageUrl,
      timeZone: opts.timeZone,
      // "Today, 10:04 PM" on a saved page means the day it was saved.
      now: statSync(file).mtimeMs,
      dateOrder: opts.dateOrder,
    });
    return page.entries.map((e) => e.toPost());
  }
  if (platform === 'discourse') {
    return mapDiscourseResponse(text, opts.baseUrl?.replace(/\/$/, '') ?? '', file)
      .entries.filter((e) => !e.empty)
      .map((e) => e.toPost());
  }
  if (platform === 'reddit') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new ModdeskError('dump-invalid', 'expected Reddit JSON (a saved /comments/{id} page)', {
        file,
        place: 'body',
        cause,
      });
    }
    return parseRedditJson(json, { file, linkBase: opts.baseUrl }).posts;
  }
  if (platform === 'file') return readDumpLines(text, file).posts;
  throw new ModdeskError(
    'platform-unknown',
    `unknown platform ${JSON.stringify(platform)}; expected one of ${PARSE_PLATFORMS.join(', ')}`,
  );
}
