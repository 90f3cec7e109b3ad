import type { FakeRequest, FakeResponse } from './fake-server.js';
import type { FakeThread } from './fake-thread.js';

/**
 * Editing a post and closing the topic on the Discourse fake, as discourse/discourse (commit 0045e7d1) takes them:
 * posts_controller#update `PUT /posts/{id}.json` with `post[raw]` (`guardian.ensure_can_edit!`: the author or
 * staff), topics_controller#status `PUT /t/{id}/status.json` requiring `status` and `enabled`
 * (`ensure_can_close_topic!`: staff or a category moderator); without the permission, or without a valid API key,
 * HTTP 403 `{"errors":["You are not permitted to view the requested resource."],"error_type":"invalid_access"}`.
 * `GET /posts/{id}.json` gives the post with its `raw`. The API's rate limit answers 429 with Retry-After and
 * `error_type: "rate_limit"` (lib/rate_limiter: "You’ve performed this action too many times…").
 */
export interface DiscourseModOptions {
  apiKey?: string;
  apiUsername?: string;
  /** Staff accounts: may edit any post and close topics. */
  moderators?: string[];
  /** Every n-th write is refused with 429 first (the API's per-minute limit). */
  rateLimitEvery?: number;
}

export interface DiscourseModState {
  readonly modLog: string[];
  writes: number;
  onModTaken: (() => void) | null;
}

const FORBIDDEN = ['You are not permitted to view the requested resource.'];

export function discourseModRoute(
  thread: FakeThread,
  raws: Map<number, string>,
  topicId: number,
  opts: DiscourseModOptions,
  state: DiscourseModState,
  json: (body: unknown, status?: number) => FakeResponse,
): (req: FakeRequest) => FakeResponse | null {
  const forbidden = () => json({ errors: FORBIDDEN, error_type: 'invalid_access' }, 403);
  return (req) => {
    const path = req.url.pathname;
    const post = /^\/posts\/(\d+)\.json$/.exec(path);
    const status = path === `/t/${topicId}/status.json`;
    if (!post && !status) return null;
    if (post && req.method === 'GET') {
      const p = thread.visible().find((x) => x.id === Number(post[1]));
      if (!p)
        return json({ errors: ['The requested URL or resource could not be found.'], error_type: 'not_found' }, 404);
      return json({
        id: p.id,
        username: p.author.toLowerCase(),
        post_number: thread.posts.indexOf(p) + 1,
        raw: raws.get(p.id) ?? p.html.replace(/<[^>]+>/g, ''),
        topic_id: topicId,
      });
    }
    if (req.method !== 'PUT') return null;
    if (!opts.apiKey || req.headers['api-key'] !== opts.apiKey) return forbidden();
    const user = String(req.headers['api-username'] ?? '');
    const staff = (opts.moderators ?? []).includes(user);
    state.writes += 1;
    if (opts.rateLimitEvery && state.writes % opts.rateLimitEvery === 1)
      return {
        ...json(
          {
            errors: ['You’ve performed this action too many times. Please wait 1 seconds before trying again.'],
            error_type: 'rate_limit',
            extras: { wait_seconds: 1 },
          },
          429,
        ),
        headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' },
      };
    const body = JSON.parse(req.body || '{}') as { post?: { raw?: string }; status?: string; enabled?: string };
    if (post) {
      const p = thread.visible().find((x) => x.id === Number(post[1]));
      if (!p) return forbidden();
      if (p.author.toLowerCase() !== user.toLowerCase() && !staff) return forbidden();
      const raw = body.post?.raw ?? '';
      if (raw !== (raws.get(p.id) ?? '')) {
        thread.edit(p.id, `<p>${raw.replace(/\[\]\(#[^)]*\)/g, '').trim()}</p>`);
        raws.set(p.id, raw);
        state.modLog.push(`edit ${p.id}`);
        state.onModTaken?.();
      }
      return json({ post: { id: p.id, raw } });
    }
    if (body.status === undefined || body.enabled === undefined)
      return json({ errors: ['param is missing or the value is empty: status'] }, 400);
    if (!staff) return forbidden();
    if (body.status === 'closed' && thread.setLocked(body.enabled === 'true'))
      state.modLog.push(body.enabled === 'true' ? 'lock' : 'unlock');
    state.onModTaken?.();
    return json({ success: 'OK', topic_status_update: null });
  };
}
