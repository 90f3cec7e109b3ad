import { readdirSync, readFileSync } from 'node:fs';

/** Set by scripts/build.mjs in the bundle: a hash of every file the parser is built from, its libraries included. */
declare const __MODDESK_PARSER_VERSION__: string | undefined;
/** Set by scripts/build.mjs: the same of everything a fold is built from (dump reader, parser, machine, rulesets). */
declare const __MODDESK_FOLD_VERSION__: string | undefined;

let parserFromSources: string | undefined;
let foldFromSources: string | undefined;

/**
 * What every parse-cache key carries, so that a changed parser never reads an older one's answers. Run from the
 * sources (tsx, vitest) or tsc's output, it is a hash of the parser's own folder, read once.
 */
export function parserVersion(): string {
  if (typeof __MODDESK_PARSER_VERSION__ === 'string') return __MODDESK_PARSER_VERSION__;
  parserFromSources ??= sourcesHash(['../parser/']);
  return parserFromSources;
}

/**
 * What every saved fold point's key carries (fold-points.ts): a changed reader, parser, statechart or ruleset never
 * resumes an older build's point, nor reads its answers. From the sources, a hash of those folders and of the commands' files.
 */
export function foldVersion(): string {
  if (typeof __MODDESK_FOLD_VERSION__ === 'string') return __MODDESK_FOLD_VERSION__;
  foldFromSources ??= sourcesHash([
    '../domain/',
    '../parser/',
    '../machine/',
    '../reporter/',
    './fold-points',
    './answer-memo',
    './dump-indexes',
    './dump-stamps',
    '../app/dump-bytes',
    '../app/load-dump',
    '../app/load-game-file',
    '../app/parse-yaml-config',
    '../cli/cached-replay',
    '../cli/replay-options',
    '../cli/state-command',
  ]);
  return foldFromSources;
}

/** A hash of the source files under these folders (relative to this one; a name without `/` is one file). */
function sourcesHash(paths: string[]): string {
  // node:crypto is loaded here, not imported: a call with the cache off never loads it (issue 11).
  const hash = process.getBuiltinModule('node:crypto').createHash('sha256');
  const add = (url: URL, name: string) => hash.update(name).update('\0').update(readFileSync(url)).update('\0');
  const walk = (dir: URL, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isDirectory()) walk(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`);
      else if (!entry.name.includes('.test.') && /\.[jt]s$/.test(entry.name))
        add(new URL(entry.name, dir), `${prefix}${entry.name}`);
    }
  };
  for (const p of paths) {
    if (p.endsWith('/')) walk(new URL(p, import.meta.url), p);
    else {
      const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
      add(new URL(`${p}${ext}`, import.meta.url), p);
    }
  }
  return `src-${hash.digest('base64url').slice(0, 22)}`;
}
