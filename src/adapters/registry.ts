import { ModdeskError } from '../domain/errors.js';
import { PLATFORMS, type PlatformName } from '../domain/game-file.js';
import type { SourceOptions } from './common/paged-source.js';
import { createDiscourseSource } from './discourse/index.js';
import { createFileSource } from './file/index.js';
import { createPhpbbSource } from './phpbb/index.js';
import { createRedditSource } from './reddit/index.js';
import type { ThreadSink, ThreadSource } from './types.js';
import { createVbulletinSource } from './vbulletin/index.js';
import { createXenforoSource } from './xenforo/index.js';

export type { SourceOptions } from './common/paged-source.js';

/** A source with the optional extras our adapters have (close the HTTP agent). */
export type Source = ThreadSource & ThreadSink & { close?: () => Promise<void> };

const FACTORIES: Record<PlatformName, (opts: SourceOptions) => Source> = {
  reddit: (opts) => createRedditSource({ url: opts.url, env: opts.env, userAgent: opts.userAgent }),
  phpbb: createPhpbbSource,
  xenforo: createXenforoSource,
  vbulletin: createVbulletinSource,
  discourse: createDiscourseSource,
  file: createFileSource,
};

export function isPlatform(name: string): name is PlatformName {
  return (PLATFORMS as readonly string[]).includes(name);
}

/** The adapter for `platform` (interfaces §3 `thread.platform`); an unknown name lists the valid ones. */
export function createSource(platform: string, opts: SourceOptions): Source {
  if (!isPlatform(platform)) {
    throw new ModdeskError(
      'platform-unknown',
      `unknown platform ${JSON.stringify(platform)}; expected one of ${PLATFORMS.join(', ')}`,
    );
  }
  return FACTORIES[platform](opts);
}
