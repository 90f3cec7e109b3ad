import { readFileSync } from 'node:fs';

const DEFAULT_CONTACT = 'https://github.com/moddesk/moddesk';

let version: string | undefined;

/** The package's version, read on first use from the nearest package.json above this file (src/, dist/ or the bundle). */
export function moddeskVersion(): string {
  if (version !== undefined) return version;
  version = '0.0.0';
  for (let up = new URL('.', import.meta.url); ; up = new URL('..', up)) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', up), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'moddesk') {
        version = pkg.version ?? version;
        break;
      }
    } catch {
      // no package.json at this level: keep walking up
    }
    if (up.pathname === '/') break;
  }
  return version;
}

export const PRODUCT_TOKEN = 'moddesk';

/** `moddesk/<version> (+<contact>)`; the contact comes from MODDESK_CONTACT (a URL or an e-mail address). */
export function userAgent(env: NodeJS.ProcessEnv = {}): string {
  const contact = env.MODDESK_CONTACT?.trim() || DEFAULT_CONTACT;
  return `${PRODUCT_TOKEN}/${moddeskVersion()} (+${contact})`;
}
