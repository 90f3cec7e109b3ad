import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let found: { dir: string; version: string } | null | undefined;

/**
 * The moddesk package this code runs from: the nearest folder above this file whose package.json is moddesk's
 * (the sources, tsc's dist/ and the bundle's dist/bin/ sit at different depths). Read once; null if none is found.
 */
export function packageRoot(): { dir: string; version: string } | null {
  if (found !== undefined) return found;
  found = null;
  for (let up = new URL('.', import.meta.url); ; up = new URL('..', up)) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', up), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'moddesk') {
        found = { dir: fileURLToPath(up), version: pkg.version ?? '0.0.0' };
        break;
      }
    } catch {
      // no package.json at this level: keep walking up
    }
    if (up.pathname === '/') break;
  }
  return found;
}
