import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { threadUrlFor } from '../../src/cli/init-command.js';
import { main } from '../../src/cli/main.js';
import { redirectOutput } from '../../src/cli/output.js';
import { FakeThread } from '../fakes/fake-thread.js';
import type { ForumFake } from '../fakes/forum-fake.js';
import { startPhpbbFake } from '../fakes/phpbb-fake.js';
import { tempDir } from '../temp-dir.js';

const ROSTER = '<b>Players:</b><br>1. Alice<br>2. Bob<br>3. Cleo<br>4. Dan<br>5. Eve';

describe('init: the thread URL it writes (issue 32, B1 and m9)', () => {
  it('asks MafiaScum for 200 posts a page and drops the page it was copied from', () => {
    expect(threadUrlFor('phpbb', 'https://forum.mafiascum.net/viewtopic.php?t=71047&start=25')).toBe(
      'https://forum.mafiascum.net/viewtopic.php?t=71047&ppp=200',
    );
    expect(threadUrlFor('phpbb', 'https://forum.mafiascum.net/viewtopic.php?f=53&t=71047&ppp=50')).toBe(
      'https://forum.mafiascum.net/viewtopic.php?f=53&t=71047&ppp=50',
    );
    // A stock phpBB board ignores ppp: nothing is added there.
    expect(threadUrlFor('phpbb', 'https://board.example/viewtopic.php?t=9&start=10')).toBe(
      'https://board.example/viewtopic.php?t=9',
    );
    expect(threadUrlFor('reddit', 'https://www.reddit.com/r/x/comments/abc/y/')).toBe(
      'https://www.reddit.com/r/x/comments/abc/y/',
    );
  });
});

describe('init --platform in any case, mafiascum as phpbb, the topic title (issue 32, m9)', () => {
  const out = tempDir('moddesk-init-');
  let forum: ForumFake;
  let writes: string[] = [];
  let restore = () => {};
  beforeAll(async () => {
    vi.stubEnv('MODDESK_MIN_GAP_MS', '0');
    restore = redirectOutput({ out: (s) => writes.push(s), err: (s) => writes.push(s) });
    const thread = new FakeThread({ authors: ['Mod'] });
    thread.add({ author: 'Mod', html: ROSTER });
    forum = await startPhpbbFake({ thread, variant: 'mafiascum', timeZone: 'UTC' });
  });
  afterAll(async () => {
    restore();
    vi.unstubAllEnvs();
    await forum.close();
  });

  for (const platform of ['phpBB', 'PHPBB', 'mafiascum', 'MafiaScum'])
    it(`--platform ${platform} is phpbb, and the game is named after the topic`, async () => {
      writes = [];
      const file = `${out}/${platform}.yaml`;
      const url = `${forum.threadUrl}&start=25`;
      expect(await main(['init', '--url', url, '--platform', platform, '--out', file])).toBe(0);
      const game = loadGameFile(file);
      expect(game.thread).toEqual({ platform: 'phpbb', url: forum.threadUrl });
      expect(game.title).toBe('Mini 2500 - Example Mafia');
    });

  it('an unknown platform is named as given', async () => {
    writes = [];
    const code = await main(['init', '--url', forum.threadUrl, '--platform', 'Smf', '--out', `${out}/x.yaml`]);
    expect(code).not.toBe(0);
    expect(writes.join('')).toContain('got "Smf"');
  });
});
