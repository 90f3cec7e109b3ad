import { readdirSync, readFileSync } from 'node:fs';

/** Set by scripts/build.mjs in the bundle: a hash of every file the parser is built from, its libraries included. */
declare const __MODDESK_PARSER_VERSION__: string | undefined;

let parserFromSources: string | undefined;

/**
 * What every parse-cache key carries, so that a changed parser never reads an older one's answers. Run from the
 * sources (tsx, vitest) or tsc's output, it is a hash of the parser's own folder, read once.
 */
export function parserVersion(): string {
  if (typeof __MODDESK_PARSER_VERSION__ === 'string') return __MODDESK_PARSER_VERSION__;
  parserFromSources ??= sourcesHash(['../parser/']);
  return parserFromSources;
}

/** A hash of the source files under these folders (relative to this one). */
function sourcesHash(paths: string[]): string {
  const hash = process.getBuiltinModule('node:crypto').createHash('sha256');
  const add = (url: URL, name: string) => hash.update(name).update('\0').update(readFileSync(url)).update('\0');
  const walk = (dir: URL, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isDirectory()) walk(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`);
      else if (!entry.name.includes('.test.') && /\.[jt]s$/.test(entry.name))
        add(new URL(entry.name, dir), `${prefix}${entry.name}`);
    }
  };
  for (const p of paths) walk(new URL(p, import.meta.url), p);
  return `src-${hash.digest('base64url').slice(0, 22)}`;
}
