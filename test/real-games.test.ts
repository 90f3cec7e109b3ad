import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 2's bar: replay the six real MafiaScum games through `moddesk state` with the shared scorer and agree with
// at least 90% of the moderators' own vote counts (a naive counter scores about 37%).
const root = fileURLToPath(new URL('..', import.meta.url));
const shared = join(root, '..', 'shared', 'eval-data');

describe.skipIf(!existsSync(shared))('real MafiaScum games (../shared/eval-data)', () => {
  it('the scorer finds ≥ 90% of moderator vote counts exact, and every day ends on the real lynch', () => {
    const out = execFileSync(
      process.execPath,
      [join(shared, 'scorer', 'run.mjs'), root, join(shared, 'mafiascum-donbot', 'games'), '--jobs', '2'],
      { encoding: 'utf8', timeout: 900_000, maxBuffer: 20 * 1024 * 1024 },
    );
    const m = /real-data: (\d+)\/(\d+) VCs exact \(([\d.]+)%\), lynch (\d+)\/(\d+), hammer post (\d+)\/(\d+)/.exec(out);
    expect(m, out.slice(-2000)).not.toBeNull();
    const [, exact, compared, , lynchOk, lynchN] = (m as RegExpExecArray).map(Number);
    process.stdout.write(`${(m as RegExpExecArray)[0]}\n`);
    expect(compared).toBeGreaterThan(100);
    expect((exact as number) / (compared as number)).toBeGreaterThanOrEqual(0.9);
    expect(lynchOk).toBeGreaterThanOrEqual((lynchN as number) - 6);
  }, 900_000);
});
