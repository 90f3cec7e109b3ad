import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Saved pages written to match the real markup quoted in platforms.md (with the hostile cases). They end in
 * `.txt` so that linters leave their (realistically untidy) markup alone. */
export function pagePath(name: string): string {
  return fileURLToPath(new URL(name, import.meta.url));
}

export function savedPage(name: string): string {
  return readFileSync(pagePath(name), 'utf8');
}
