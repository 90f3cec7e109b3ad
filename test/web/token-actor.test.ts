import { afterAll, describe, expect, it } from 'vitest';
import { startWebServer } from '../../src/web/server.js';
import { openDesk } from './desk.js';
import { pendingCount, post, smallGame } from './games.js';
import { csrfOf, request } from './http-client.js';

// Issue 31 item 2: the single-token desk stays as it was, and its audit log names its holder "moderator (token)".
const TOKEN = 'token-actor-token-1234567890';

describe('the single-token desk', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('approving a draft and ruling a flag are written as done by "moderator (token)"; the sign-in page is not there', async () => {
    const d = await openDesk(smallGame(), [
      post('Alice', '2026-05-04T19:00:00Z', { action: 'Vote: Bob', id: 'p1' }),
      post('Dan', '2026-05-04T20:00:00Z', { action: 'Vote: Jelly', id: 'p2' }),
    ]);
    cleanup.push(() => d.close());
    const server = await startWebServer(d.desk, { token: TOKEN });
    cleanup.push(() => server.close());
    expect(server.token).toBe(TOKEN);
    const cookie = `moddesk_token=${TOKEN}`;
    const page = await request(`${server.url}games/${d.id}/drafts`, { headers: { cookie } });
    const csrf = csrfOf(page.body);
    const draft = await pendingCount(d);
    const flag = (await d.desk.flags(d.id)).find((f) => f.postId === 'p2');
    const form = (path: string, fields: Record<string, string>) =>
      request(`${server.url}games/${d.id}${path}`, { headers: { cookie }, form: { _csrf: csrf, ...fields } });
    expect((await form(`/drafts/${draft!.id}/approve`, { confirm: '1' })).status).toBe(303);
    expect((await form('/rulings', { kind: 'ignore', postId: flag!.postId! })).status).toBe(303);
    const actors = d.running.store.audit
      .entries(d.id)
      .filter((e) => e.action === 'draft.approved' || e.action === 'flag.ignored')
      .map((e) => [e.action, e.actor]);
    expect(actors).toEqual([
      ['draft.approved', 'moderator (token)'],
      ['flag.ignored', 'moderator (token)'],
    ]);
    expect((await request(`${server.url}login`, { headers: { cookie } })).status).toBe(404);
  }, 60_000);
});
