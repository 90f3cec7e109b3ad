import { afterEach, describe, expect, test } from 'vitest';
import { TEST_HTTP } from '../../../test/adapters/contract.js';
import { type DiscourseFake, startDiscourseFake } from '../../../test/fakes/discourse-fake.js';
import { HostScheduler } from '../http/host-scheduler.js';
import { createDiscourseSource } from './index.js';

const fakes: DiscourseFake[] = [];
afterEach(async () => {
  for (const f of fakes.splice(0)) {
    await f.close();
    f.server.assertClean();
  }
});

describe('Discourse replies through the API', () => {
  test('posts once with the key in the raw text; a retry with the same key finds it and does not post again', async () => {
    const fake = await startDiscourseFake({ posts: 30, apiKey: 'k-123', apiUsername: 'moderator' });
    fakes.push(fake);
    const env = { DISCOURSE_API_KEY: 'k-123', DISCOURSE_API_USERNAME: 'moderator' };
    const src = createDiscourseSource({
      url: fake.threadUrl,
      env,
      http: { ...TEST_HTTP, scheduler: new HostScheduler() },
    });
    const a = await src.reply('**Vote Count 1.1**', 'vc-1.1');
    expect(a.id).not.toBeNull();
    expect(a.url).toMatch(/\/t\/example-mafia-game\/321\/31$/);
    expect(fake.raws.get(Number(a.id))).toContain('<small>moddesk: vc-1.1</small>');
    const b = await src.reply('**Vote Count 1.1**', 'vc-1.1');
    expect(b).toEqual(a);
    expect(fake.server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const posts = fake.server.requests.filter((r) => r.method === 'POST')[0]!;
    expect(posts.headers['api-username']).toBe('moderator');
    await src.close();
  });

  test('a failed POST (server error) is looked for once and never posted again by the sink: the failure goes up (invariant 6: the desk settles it by its reads)', async () => {
    const fake = await startDiscourseFake({ posts: 3, apiKey: 'k', apiUsername: 'moderator' });
    fakes.push(fake);
    const src = createDiscourseSource({
      url: fake.threadUrl,
      env: { DISCOURSE_API_KEY: 'k', DISCOURSE_API_USERNAME: 'moderator' },
      http: { ...TEST_HTTP, scheduler: new HostScheduler() },
    });
    fake.server.inject('500', { match: /^\/posts\.json$/ });
    await expect(src.reply('Night 1 results', 'n1')).rejects.toThrow(/HTTP 500/);
    let log = fake.server.take().filter((l) => !l.includes('robots'));
    expect(log.filter((l) => l.startsWith('POST'))).toHaveLength(1);
    expect(log.filter((l) => l.includes('include_raw=true'))).toHaveLength(2);
    // The desk's later try (once its read showed no post): posted once.
    const r = await src.reply('Night 1 results', 'n1');
    expect(r.id).not.toBeNull();
    log = fake.server.take().filter((l) => !l.includes('robots'));
    expect(log.filter((l) => l.startsWith('POST'))).toHaveLength(1);
    await src.close();
  });

  test('without credentials the text is handed back for pasting', async () => {
    const src = createDiscourseSource({ url: 'https://forum.example/t/x/5', env: {} });
    await expect(src.reply('text', 'k')).resolves.toEqual({ id: null, url: 'https://forum.example/t/5' });
    await src.close();
  });
});
