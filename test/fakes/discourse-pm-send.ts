import type { FakeInbox } from './fake-inbox.js';
import type { FakeRequest, FakeResponse } from './fake-server.js';

/**
 * Private messages on the Discourse fake, as discourse/discourse takes them (app/controllers/posts_controller.rb
 * `create`, lib/topic_creator.rb `process_private_message`/`add_users`): `POST /posts.json` with
 * `archetype: "private_message"`, `title`, `raw` and `target_recipients` (comma-separated usernames; the older
 * `target_usernames` too), under an API key; every name must be a user (`target_user_not_found`) whom the sender may
 * message (`cant_send_pm`, e.g. the account's trust level or the recipient's settings); the key must be valid and
 * allowed to write (403 `invalid_access`). An API create with the same parameters within 120 s answers the first
 * result again without creating anything (`DistributedMemoizer` on the request's signature). The answer is the new
 * post (`topic_id`, `topic_slug`); `GET /topics/private-messages-sent/{username}.json` lists the account's sent
 * messages by title, newest first. Refusals answer 422 `{"errors":[…]}`; the texts are inferred from the error
 * keys (config/locales/server.en.yml was not read).
 */
export interface DiscoursePmRules {
  /** Usernames that exist (lowercase); null: every name does. */
  users: Set<string> | null;
  /** Users the sender may not message. */
  refusePms: Set<string>;
  /** The API key may not send private messages (a read-only or too narrow key). */
  keyMayNotSend: boolean;
}

export interface DiscourseSentPm {
  topicId: number;
  title: string;
  raw: string;
  to: string[];
  at: number;
}

export interface DiscoursePmState {
  rules: DiscoursePmRules;
  sent: DiscourseSentPm[];
  inbox: FakeInbox;
  /** Called the moment a message is stored, before the answer (a test may drop the answer right there). */
  onSent: (() => void) | null;
}

const NOT_FOUND = 'One of the users you are sending this message to could not be found.';
const CANT_SEND = 'Sorry, you cannot send a private message to that user.';
const FORBIDDEN = 'You are not permitted to view the requested resource.';

export function discoursePmSendRoute(
  opts: { apiKey?: string; apiUsername?: string },
  state: DiscoursePmState,
  json: (body: unknown, status?: number) => FakeResponse,
): (req: FakeRequest) => FakeResponse | null {
  const memo = new Map<string, { at: number; answer: FakeResponse }>();
  const me = (opts.apiUsername ?? 'moderator').toLowerCase();
  return (req) => {
    const path = req.url.pathname;
    const sentList = /^\/topics\/private-messages-sent\/([^/]+)\.json$/.exec(path);
    if (req.method === 'GET' && sentList) {
      if (!opts.apiKey || req.headers['api-key'] !== opts.apiKey)
        return json({ errors: [FORBIDDEN], error_type: 'invalid_access' }, 403);
      if (decodeURIComponent(sentList[1]!).toLowerCase() !== me)
        return json({ errors: [FORBIDDEN], error_type: 'invalid_access' }, 403);
      const topics = [...state.sent].reverse().map((m) => ({ id: m.topicId, title: m.title, slug: 'message' }));
      return json({ users: [], topic_list: { can_create_topic: true, topics } });
    }
    if (req.method !== 'POST' || path !== '/posts.json') return null;
    const body = JSON.parse(req.body || '{}') as Record<string, string>;
    if (body.archetype !== 'private_message') return null;
    if (!opts.apiKey || req.headers['api-key'] !== opts.apiKey || state.rules.keyMayNotSend)
      return json({ errors: [FORBIDDEN], error_type: 'invalid_access' }, 403);
    const signature = JSON.stringify(body);
    const seen = memo.get(signature);
    if (seen && Date.now() - seen.at < 120_000) return seen.answer;
    const names = String(body.target_recipients ?? body.target_usernames ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter(Boolean);
    if (names.length === 0) return json({ errors: ['You must select a valid user.'] }, 422);
    const users = state.rules.users;
    if (users && names.some((n) => !users.has(n))) return json({ errors: [NOT_FOUND] }, 422);
    if (names.some((n) => state.rules.refusePms.has(n))) return json({ errors: [CANT_SEND] }, 422);
    // One PM topic for all its recipients, started by the first message (the topic the replies go to).
    const first = state.inbox.send({
      from: opts.apiUsername ?? 'moderator',
      to: String(body.target_recipients ?? body.target_usernames ?? '')
        .split(',')[0]!
        .trim(),
      subject: body.title ?? '',
      html: `<p>${body.raw ?? ''}</p>`,
      sentAt: Date.now(),
    });
    const topicId = first.conversation;
    state.sent.push({ topicId, title: body.title ?? '', raw: body.raw ?? '', to: names, at: Date.now() });
    const answer = json({ id: topicId * 10, post_number: 1, topic_id: topicId, topic_slug: 'message', username: me });
    memo.set(signature, { at: Date.now(), answer });
    state.onSent?.();
    return answer;
  };
}
