import { packageRoot } from '../common/package-root.js';

const DEFAULT_CONTACT = 'https://github.com/moddesk/moddesk';

/** The package's version (package.json), read on first use. */
export function moddeskVersion(): string {
  return packageRoot()?.version ?? '0.0.0';
}

export const PRODUCT_TOKEN = 'moddesk';

/** `moddesk/<version> (+<contact>)`; the contact comes from MODDESK_CONTACT (a URL or an e-mail address). */
export function userAgent(env: NodeJS.ProcessEnv = {}): string {
  const contact = env.MODDESK_CONTACT?.trim() || DEFAULT_CONTACT;
  return `${PRODUCT_TOKEN}/${moddeskVersion()} (+${contact})`;
}
