import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Desk } from '../../src/app/desk.js';
import { startWebServer, type WebServer } from '../../src/web/server.js';
import { REPO } from './games.js';

/** Screenshots of the browser tests (gitignored), to look at after a run. */
export const ARTIFACTS = join(REPO, 'test-artifacts', 'web');

/** Debian's Chromium (never a downloaded browser: reference/packages-node20.md §4). */
export async function openBrowser(): Promise<Browser> {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install Debian's: apt-get install -y --no-install-recommends chromium fonts-liberation (as .ci/run does), or set CHROMIUM_PATH.`,
    );
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: path,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
/** The desktop width the issues and the tests name (1280 px). */
export const DESKTOP = { width: 1280, height: 900 };

export interface Session {
  page: Page;
  context: BrowserContext;
  server: WebServer;
  /** `http://127.0.0.1:PORT/games/ID` */
  base: string;
  dialogs: string[];
  errors: string[];
  close(): Promise<void>;
}

/** The dashboard for `desk`, signed in through the printed link (the token, then its cookie). */
export async function signIn(browser: Browser, h: { desk: Desk; id: string }, viewport = DESKTOP): Promise<Session> {
  const server = await startWebServer(h.desk, {});
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}?token=${server.token}`);
  return {
    page,
    context,
    server,
    base: `${server.url}games/${h.id}`,
    dialogs,
    errors,
    close: async () => {
      await context.close();
      await server.close();
    },
  };
}

/** One Chromium for a test file (opened before its tests, closed after them), and the dashboard sessions on it. */
export interface BrowserSuite {
  browser(): Browser;
  /**
   * The dashboard for `h` at `viewport`, signed in: runs `run`, then requires that no page threw, and closes the
   * session and the desk whatever happened.
   */
  withDashboard(
    h: { desk: Desk; id: string; close(): Promise<void> },
    viewport: { width: number; height: number },
    run: (s: Session) => Promise<void>,
  ): Promise<void>;
}

export function useBrowser(): BrowserSuite {
  let open: Browser | undefined;
  beforeAll(async () => {
    open = await openBrowser();
  });
  afterAll(async () => {
    await open?.close();
  });
  const browser = () => {
    if (!open) throw new Error('the browser opens in beforeAll: use it inside a test');
    return open;
  };
  return {
    browser,
    async withDashboard(h, viewport, run) {
      const s = await signIn(browser(), h, viewport);
      try {
        await run(s);
        expect(s.errors).toEqual([]);
      } finally {
        await s.close();
        await h.close();
      }
    },
  };
}

export const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });

/** Presses Tab until the element with `id` has focus (proves it is reachable by keyboard). */
export async function tabTo(page: Page, id: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.id ?? '')) === id) return;
  }
  throw new Error(`#${id} was not reached with ${max} presses of Tab`);
}

/** Runs `act` (a click or key that submits a form) and waits for the page the redirect leads to. */
export async function navigating(page: Page, act: () => Promise<unknown>): Promise<void> {
  const navigated = page.waitForEvent('framenavigated');
  await act();
  await navigated;
  await page.waitForLoadState('load');
}
