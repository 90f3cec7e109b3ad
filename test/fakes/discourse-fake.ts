import { type DiscourseModState, discourseModRoute } from './discourse-mod.js';
import { type DiscoursePmState, discoursePmSendRoute } from './discourse-pm-send.js';
import { discoursePmRoute } from './discourse-pms.js';
import { FakeInbox } from './fake-inbox.js';
import type { FakeRequest, FakeResponse } from './fake-server.js';
import { type FakePost, FakeThread, type FakeThreadOptions } from './fake-thread.js';
import { type ForumFake, startFake } from './forum-fake.js';

export interface DiscourseFakeOptions extends FakeThreadOptions {
  topicId?: number;
  slug?: string;
  posts?: number;
  thread?: FakeThread;
  /** Most ids one posts.json answers (the real cap is undocumented). */
  maxIds?: number;
  apiKey?: string;
  apiUsername?: string;
  /** Staff accounts and the API's rate limit (discourse-mod.ts). */
  moderators?: string[];
  rateLimitEvery?: number;
  /** Every n-th PM request answered 429 first (discourse-pms.ts). */
  pmRateLimitEvery?: number;
}

export interface DiscourseFake extends ForumFake {
  /** Raw markdown of posts made through the API. */
  raws: Map<number, string>;
  /** Edits and closes taken (discourse-mod.ts). */
  mod: DiscourseModState;
  /** The API user's private messages (discourse-pms.ts serves them). */
  inbox: FakeInbox;
  /** Private messages sent through the API and who may get them (discourse-pm-send.ts). */
  pm: DiscoursePmState;
}

/** Discourse's JSON API (platforms.md §2.4): topic, posts near a number, posts.json by ids, POST /posts.json. */
export async function startDiscourseFake(opts: DiscourseFakeOptions = {}): Promise<DiscourseFake> {
  const thread = opts.thread ?? new FakeThread({ firstId: 500, idStep: 1, ...opts });
  if (!opts.thread) thread.addPosts(opts.posts ?? 45);
  const topicId = opts.topicId ?? 321;
  const slug = opts.slug ?? 'example-mafia-game';
  const raws = new Map<number, string>();
  const numberOf = (p: FakePost) => thread.posts.indexOf(p) + 1;
  const json = (body: unknown, status = 200): FakeResponse => ({
    status,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
  const postJson = (p: FakePost, includeRaw: boolean) => ({
    id: p.id,
    name: p.author,
    username: p.author.toLowerCase(),
    avatar_template: `/user_avatar/forum.example/${p.author.toLowerCase()}/{size}/1_2.png`,
    created_at: new Date(p.createdAt + 123).toISOString(),
    cooked: p.html,
    post_number: numberOf(p),
    post_type: 1,
    updated_at: new Date((p.editedAt ?? p.createdAt) + 456).toISOString(),
    reply_count: 0,
    reply_to_post_number: null,
    version: p.editedAt !== null ? p.editCount + 1 : 1,
    deleted_at: null,
    user_deleted: false,
    hidden: false,
    topic_id: topicId,
    topic_slug: slug,
    ...(includeRaw ? { raw: raws.get(p.id) ?? p.html.replace(/<[^>]+>/g, '') } : {}),
  });
  const topic = (near: number | null): FakeResponse => {
    const visible = thread.visible();
    let start = 0;
    if (near !== null) {
      const idx = visible.findIndex((p) => numberOf(p) >= near);
      start = Math.max(0, (idx < 0 ? visible.length : idx) - 5);
    }
    return json({
      id: topicId,
      title: 'Example Mafia Game',
      slug,
      posts_count: visible.length,
      closed: thread.locked,
      highest_post_number: thread.posts.length,
      chunk_size: 20,
      post_stream: {
        posts: visible.slice(start, start + 20).map((p) => postJson(p, false)),
        stream: visible.map((p) => p.id),
      },
    });
  };
  const route = (req: FakeRequest): FakeResponse | null => {
    const path = req.url.pathname;
    if (req.method === 'POST' && path === '/posts.json') {
      if (!opts.apiKey || req.headers['api-key'] !== opts.apiKey)
        return json({ errors: ['You are not permitted to view the requested resource.'] }, 403);
      const body = JSON.parse(req.body) as { topic_id: number; raw: string };
      if (body.topic_id !== topicId) return null;
      const author = opts.apiUsername ?? 'moderator';
      const p = thread.add({
        author,
        html: `<p>${body.raw.replace(/<!--.*?-->/g, '').trim()}</p>`,
        createdAt: Date.now(),
      });
      raws.set(p.id, body.raw);
      return json({
        id: p.id,
        post_number: numberOf(p),
        topic_id: topicId,
        topic_slug: slug,
        username: author.toLowerCase(),
      });
    }
    if (req.method !== 'GET') return null;
    const t = new RegExp(`^/t/(?:${slug}/)?${topicId}(?:/(\\d+))?\\.json$`).exec(path);
    if (t && req.url.search === '') return topic(t[1] ? Number(t[1]) : null);
    if (path === `/t/${topicId}/posts.json`) {
      const q = req.url.searchParams;
      const ids = q.getAll('post_ids[]').map(Number);
      if (ids.length === 0 || [...q.keys()].some((k) => k !== 'post_ids[]' && k !== 'include_raw')) return null;
      const wanted = ids.slice(0, opts.maxIds ?? 1000);
      const posts = thread.visible().filter((p) => wanted.includes(p.id));
      return json({
        post_stream: { posts: posts.map((p) => postJson(p, q.get('include_raw') === 'true')) },
        id: topicId,
      });
    }
    return null;
  };
  // The API answers change with every post made, so the fake's cache is keyed by the thread's version.
  const mod: DiscourseModState = { modLog: [], writes: 0, onModTaken: null };
  const modRoute = discourseModRoute(thread, raws, topicId, opts, mod, json);
  const inbox = new FakeInbox(1000);
  const pm: DiscoursePmState = {
    rules: { users: null, refusePms: new Set(), keyMayNotSend: false },
    sent: [],
    inbox,
    onSent: null,
  };
  const sendPm = discoursePmSendRoute(opts, pm, json);
  const readPms = discoursePmRoute(inbox, opts, json);
  const fake = await startFake(
    thread,
    (req) => modRoute(req) ?? route(req),
    (base) => `${base}/t/${slug}/${topicId}`,
    // PMs are answered live (never from the page cache: they change without the topic changing).
    (req) => sendPm(req) ?? readPms(req),
  );
  fake.server.robotsTxt = 'User-agent: *\nDisallow: /admin/\nDisallow: /auth/\nDisallow: /u/\n';
  return { ...fake, raws, mod, inbox, pm };
}
