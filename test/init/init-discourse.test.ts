import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { main } from '../../src/cli/main.js';
import { redirectOutput } from '../../src/cli/output.js';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { tempDir } from '../temp-dir.js';

// `moddesk init` through the Discourse adapter (a fake Discourse on 127.0.0.1). The opening post is written in the
// form Discourse cooks a markdown roster (a "Players:" paragraph, an ordered list, a struck replacement); it is
// made up for this test, not a saved real post (none with a licence to keep was found).
const COOKED = `<p>Welcome to the game! Day 1 ends on Friday.</p>
<p><strong>Players:</strong></p>
<ol>
<li>alice_w</li>
<li><s>bobcat</s> brandon</li>
<li>Cleo - confirmed</li>
<li>dan.the.man</li>
</ol>
<p>Rules: vote in bold.</p>`;

describe('moddesk init on a Discourse topic', () => {
  const out = tempDir('moddesk-init-dc-');
  let restore = () => {};
  beforeAll(() => {
    vi.stubEnv('MODDESK_MIN_GAP_MS', '0');
    restore = redirectOutput({ out: () => {}, err: () => {} });
  });
  afterAll(() => {
    restore();
    vi.unstubAllEnvs();
  });

  it('proposes the roster, the moderator and the platform from the first post', async () => {
    const thread = new FakeThread({ firstId: 500, idStep: 1, authors: ['HostMod'] });
    thread.add({ author: 'HostMod', html: COOKED });
    const forum = await startDiscourseFake({ thread });
    try {
      const file = join(out, 'game.yaml');
      expect(await main(['init', '--url', forum.threadUrl, '--out', file, '--ruleset', 'vanilla'])).toBe(0);
      const game = loadGameFile(file);
      expect(game.players.map((p) => p.name)).toEqual(['alice_w', 'bobcat', 'Cleo', 'dan.the.man']);
      expect(game.thread?.platform).toBe('discourse');
      expect(String(game.moderator).toLowerCase()).toBe('hostmod');
    } finally {
      await forum.close();
    }
  });
});
