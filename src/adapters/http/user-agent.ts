import { readFileSync } from 'node:fs';

const DEFAULT_CONTACT = 'https://github.com/moddesk/moddesk';

function packageVersion(): string {
  try {
    // src/adapters/http and dist/adapters/http both sit three levels under the package root.
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const MODDESK_VERSION = packageVersion();
export const PRODUCT_TOKEN = 'moddesk';

/** `moddesk/<version> (+<contact>)`; the contact comes from MODDESK_CONTACT (a URL or an e-mail address). */
export function userAgent(env: NodeJS.ProcessEnv = {}): string {
  const contact = env.MODDESK_CONTACT?.trim() || DEFAULT_CONTACT;
  return `${PRODUCT_TOKEN}/${MODDESK_VERSION} (+${contact})`;
}
