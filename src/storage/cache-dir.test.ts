import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheDir } from './cache-dir.js';

const dir = mkdtempSync(join(tmpdir(), 'moddesk-cache-dir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cacheDir', () => {
  it('MODDESK_CACHE_DIR, else the home cache folder, else the checkout fallback, else none; off is off', () => {
    const home = join(dir, 'xdg');
    const fallback = join(dir, 'node_modules', '.cache');
    expect(cacheDir({ MODDESK_CACHE_DIR: '/x' }, fallback)).toBe('/x');
    expect(cacheDir({ MODDESK_CACHE: 'off', MODDESK_CACHE_DIR: '/x' })).toBeNull();
    expect(cacheDir({ XDG_CACHE_HOME: home }, fallback)).toBeNull();
    mkdirSync(fallback, { recursive: true });
    expect(cacheDir({ XDG_CACHE_HOME: home }, fallback)).toBe(join(fallback, 'moddesk'));
    mkdirSync(home);
    expect(cacheDir({ XDG_CACHE_HOME: home }, fallback)).toBe(join(home, 'moddesk'));
  });
});
