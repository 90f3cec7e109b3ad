import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exited } from '../helpers/exited.js';
import { ROOT } from './helpers.js';

/** `moddesk demo` (= `npm start`): up and reachable quickly, drafts appearing, and a clean stop on a signal. */
describe('moddesk demo', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`serves the local forum, drafts as the game unfolds, and stops cleanly on ${signal}`, async () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(ROOT, 'test', 'desk', 'cli.ts'), 'demo', '--port', '0', '--hours-per-second', '24'],
        {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
      });
      child.stderr.on('data', (c: Buffer) => {
        out += c.toString();
      });
      const waitFor = async (re: RegExp, ms: number) => {
        const until = Date.now() + ms;
        while (!re.test(out)) {
          if (Date.now() > until) throw new Error(`no ${re} in:\n${out}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        return re.exec(out)!;
      };
      const forum = (await waitFor(/local forum: (http:\/\/127\.0\.0\.1:\d+)\//, 20_000))[1]!;
      const page = await fetch(`${forum}/`);
      expect(page.status).toBe(200);
      expect(out).toMatch(/dashboard: /);
      await waitFor(/draft vc-D1-\d+ \(vote-count\) pending/, 20_000);
      const workDir = /working copy: (\S+)/.exec(out)![1]!;
      expect(existsSync(workDir)).toBe(true);
      child.kill(signal);
      const code = await exited(child);
      expect(code).toBe(0);
      expect(out).toContain(`${signal}: stopping`);
      expect(existsSync(workDir)).toBe(false);
    }, 60_000);
  }
});
