import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/run-main.js';
import { tempDir } from '../temp-dir.js';

const sample = fileURLToPath(new URL('../games/defcon-sample/game.yaml', import.meta.url));

const run = runMain;

describe('moddesk draw (moddesk.draw/1)', () => {
  it('R-Q5 draws the sample game from its D0 Request PMs and game-file requests, with the seed hash to publish', async () => {
    const { code, out } = await run(['draw', '--game', sample, '--json']);
    expect(code).toBe(0);
    const draw = JSON.parse(out);
    expect(draw).toMatchObject({
      schema: 'moddesk.draw/1',
      seed: 'petrov-1983',
      seedSha256: createHash('sha256').update('petrov-1983').digest('hex'),
    });
    expect(draw.assignments).toEqual([
      { player: 'Eve', role: 'Radar', mode: null, round: 1, contested: true },
      { player: 'Fay', role: 'Missile Silo', mode: 'abm', round: 1, contested: false },
      { player: 'Gus', role: 'Special Ops', mode: null, round: 1, contested: false },
      { player: 'Nia', role: 'Missile Silo', mode: 'abm', round: 2, contested: false },
      { player: 'Oz', role: 'Missile Silo', mode: 'launch', round: 1, contested: false },
    ]);
    expect(draw.contests).toEqual([
      expect.objectContaining({
        round: 1,
        role: 'Radar',
        applicants: ['Eve', 'Nia'],
        hashed: 'petrov-1983:1:Radar',
        winner: 'Eve',
      }),
    ]);
  });

  it('R-Q5 the same seed gives the same output; --seed overrides options.seed', async () => {
    const a = await run(['draw', '--game', sample, '--json', '--seed', 'castle-bravo']);
    const b = await run(['draw', '--game', sample, '--json', '--seed', 'castle-bravo']);
    expect(a.out).toBe(b.out);
    const draw = JSON.parse(a.out);
    expect(draw.seed).toBe('castle-bravo');
    expect(draw.assignments.find((x: { player: string }) => x.player === 'Nia')).toMatchObject({
      role: 'Radar',
      contested: true,
    });
  });

  it('without a seed it fails with one line naming the file and options.seed', async () => {
    const dir = tempDir('moddesk-draw-');
    const file = join(dir, 'g.yaml');
    writeFileSync(
      file,
      'ruleset: defcon\nplayers:\n  - { name: Ann, faction: town }\nphases:\n  - { name: D0, start: "2026-03-02T00:00:00Z" }\n',
    );
    const { code, err } = await run(['draw', '--game', file, '--json']);
    expect(code).not.toBe(0);
    expect(err).toBe(
      `moddesk: ${file}: options.seed: no seed: pass --seed or set options.seed (e.g. seed: "my secret phrase")\n`,
    );
  });
});
