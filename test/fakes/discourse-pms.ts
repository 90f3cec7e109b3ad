import type { FakeInbox, FakePm } from './fake-inbox.js';
import type { FakeRequest, FakeResponse } from './fake-server.js';

/**
 * The moderator's private messages on the Discourse fake, as discourse/discourse serves them (routes.rb
 * `topics/private-messages/:username` → `list#private_messages`, a TopicListItemSerializer list with `users`,
 * `topic_list.topics[].posters` and `more_topics_url`, the fields of discourse/discourse's own
 * `app/assets/javascripts/discourse/tests/fixtures/private-messages-fixtures.js` at commit 0c42a1e5; a PM topic is `topics#show` with `archetype:
 * "private_message"`). As the real API does: without a valid `Api-Key` (or for another user's messages, or a PM
 * topic the API user is not in) the answer is 403 `invalid_access`; the API's rate limit (`max_user_api_reqs_per_minute`,
 * `max_admin_api_reqs_per_minute` in config/discourse_defaults.conf) answers 429 with `Retry-After` and
 * `error_type: "rate_limit"` (lib/rate_limiter). The list shows 30 topics a page (`per_page`).
 */
export interface DiscoursePmOptions {
  apiKey?: string;
  apiUsername?: string;
  /** Every n-th PM request is refused with 429 first. */
  pmRateLimitEvery?: number;
}

export function discoursePmRoute(
  inbox: FakeInbox,
  opts: DiscoursePmOptions,
  json: (body: unknown, status?: number) => FakeResponse,
): (req: FakeRequest) => FakeResponse | null {
  let requests = 0;
  const forbidden = () =>
    json({ errors: ['You are not permitted to view the requested resource.'], error_type: 'invalid_access' }, 403);
  const userId = (name: string) => 10 + [...name.toLowerCase()].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 9973, 7);
  const postJson = (m: FakePm, n: number) => ({
    id: m.id,
    name: m.from,
    username: m.from.toLowerCase(),
    created_at: new Date(m.sentAt).toISOString(),
    updated_at: new Date(m.sentAt).toISOString(),
    cooked: m.html,
    post_number: n,
    post_type: 1,
    version: 1,
    deleted_at: null,
    user_deleted: false,
    topic_id: m.conversation,
  });
  return (req) => {
    const path = req.url.pathname;
    const list = /^\/topics\/private-messages\/([^/]+)\.json$/.exec(path);
    const topic = /^\/t\/(?:[^/]+\/)?(\d+)\.json$/.exec(path);
    const posts = /^\/t\/(\d+)\/posts\.json$/.exec(path);
    const id = Number((topic ?? posts)?.[1]);
    const pmTopic = (topic || posts) && inbox.messages.some((m) => m.conversation === id);
    if (req.method !== 'GET' || (!list && !pmTopic)) return null;
    inbox.views.push(`${path}${req.url.search}`);
    const user = String(req.headers['api-username'] ?? '');
    if (
      !opts.apiKey ||
      req.headers['api-key'] !== opts.apiKey ||
      user.toLowerCase() !== (opts.apiUsername ?? '').toLowerCase()
    )
      return forbidden();
    requests += 1;
    if (opts.pmRateLimitEvery && requests % opts.pmRateLimitEvery === 1)
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
    const mine = inbox.conversations(user);
    if (list) {
      if (decodeURIComponent(list[1]!).toLowerCase() !== user.toLowerCase()) return forbidden();
      const page = Number(req.url.searchParams.get('page') ?? 0);
      const shown = mine.slice(page * 30, page * 30 + 30);
      const names = new Set(shown.flatMap((c) => c.messages.map((m) => m.from)));
      return json({
        users: [...names].map((n) => ({ id: userId(n), username: n.toLowerCase(), name: n })),
        primary_groups: [],
        topic_list: {
          can_create_topic: true,
          per_page: 30,
          topics: shown.map((c) => ({
            id: c.id,
            title: c.messages[0]!.subject,
            slug: 'night-action',
            posts_count: c.messages.length,
            highest_post_number: c.messages.length,
            created_at: new Date(c.messages[0]!.sentAt).toISOString(),
            last_posted_at: new Date(c.messages.at(-1)!.sentAt).toISOString(),
            archetype: 'private_message',
            last_poster_username: c.messages.at(-1)!.from.toLowerCase(),
            posters: [...new Set(c.messages.map((m) => m.from))].slice(0, 5).map((n, i) => ({
              extras: i === 0 ? 'latest' : null,
              description: 'Original Poster',
              user_id: userId(n),
            })),
          })),
          ...(mine.length > page * 30 + 30
            ? { more_topics_url: `/topics/private-messages/${user}?page=${page + 1}` }
            : {}),
        },
      });
    }
    const conv = mine.find((c) => c.id === id);
    if (!conv) return forbidden();
    if (posts) {
      const ids = req.url.searchParams.getAll('post_ids[]').map(Number);
      return json({
        post_stream: {
          posts: conv.messages.flatMap((m, i) => (ids.includes(m.id) ? [postJson(m, i + 1)] : [])),
        },
      });
    }
    return json({
      id: conv.id,
      title: conv.messages[0]!.subject,
      slug: 'night-action',
      archetype: 'private_message',
      posts_count: conv.messages.length,
      post_stream: {
        posts: conv.messages.slice(0, 20).map((m, i) => postJson(m, i + 1)),
        stream: conv.messages.map((m) => m.id),
      },
    });
  };
}
