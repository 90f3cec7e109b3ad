import { readdirSync, readFileSync } from 'node:fs';

/** Set by scripts/build.mjs in the bundle: a hash of every file the parser is built from, its libraries included. */
declare const __MODDESK_PARSER_VERSION__: string | undefined;

let fromSources: string | undefined;

/**
 * What every parse-cache key carries, so that a changed parser never reads an older one's answers. Run from the
 * sources (tsx, vitest) or tsc's output, it is a hash of the parser's own folder, read once.
 */
export function parserVersion(): string {
  if (typeof __MODDESK_PARSER_VERSION__ === 'string') return __MODDESK_PARSER_VERSION__;
  if (fromSources === undefined) {
    const dir = new URL('../parser/', import.meta.url);
    const hash = process.getBuiltinModule('node:crypto').createHash('sha256');
    for (const name of readdirSync(dir).sort()) {
      if (name.includes('.test.') || !/\.[jt]s$/.test(name)) continue;
      hash
        .update(name)
        .update('\0')
        .update(readFileSync(new URL(name, dir)))
        .update('\0');
    }
    fromSources = `src-${hash.digest('base64url').slice(0, 22)}`;
  }
  return fromSources;
}
