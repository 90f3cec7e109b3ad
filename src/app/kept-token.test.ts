import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keptToken } from './kept-token.js';

const made: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  made.push(d);
  return d;
};
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

// Issue 32, m3: the dashboard's token survives a restart, kept where only its owner reads it.
describe('m3: the kept dashboard token', () => {
  it('m3: made once, 0600, and the same on the next start', () => {
    const db = join(tempDir('moddesk-token-'), 'g.db');
    const warnings: string[] = [];
    const first = keptToken(db, (l) => warnings.push(l));
    expect(first).toMatch(/^[\w-]{32}$/);
    expect(statSync(`${db}.token`).mode & 0o777).toBe(0o600);
    expect(keptToken(db, (l) => warnings.push(l))).toBe(first);
    expect(warnings).toEqual([]);
  });

  it('m3: a token file others could read is replaced, in words', () => {
    const db = join(tempDir('moddesk-token-'), 'g.db');
    writeFileSync(`${db}.token`, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n');
    chmodSync(`${db}.token`, 0o644);
    const warnings: string[] = [];
    const token = keptToken(db, (l) => warnings.push(l));
    expect(token).not.toBe('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(readFileSync(`${db}.token`, 'utf8').trim()).toBe(token);
    expect(statSync(`${db}.token`).mode & 0o777).toBe(0o600);
    expect(warnings.join('')).toMatch(/was not a token only its owner can read; a new token replaces it/);
  });

  it('m3: none kept inside a git checkout or for an in-memory database', () => {
    const checkout = tempDir('moddesk-token-checkout-');
    mkdirSync(join(checkout, '.git'));
    const db = join(checkout, 'g.db');
    const warnings: string[] = [];
    expect(keptToken(db, (l) => warnings.push(l))).toBeUndefined();
    expect(existsSync(`${db}.token`)).toBe(false);
    expect(warnings.join('')).toMatch(/inside a git checkout.*set MODDESK_DASHBOARD_TOKEN to keep one/);
    expect(keptToken(':memory:', () => {})).toBeUndefined();
  });
});
