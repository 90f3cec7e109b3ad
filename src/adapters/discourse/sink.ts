import { ModdeskError, quote } from '../../domain/errors.js';
import { hasMarker, keyedSubject, marker } from '../common/idempotency.js';
import { NotAllowed, NotPosted } from '../common/post-outcome.js';
import type { PoliteClient } from '../http/polite-client.js';
import type { PostReceipt } from '../types.js';
import { mapDiscourseResponse } from './parse-page.js';
import { isJson } from './reader.js';
import {
  discourseCreatedSchema,
  discourseErrorsSchema,
  discoursePmListSchema,
  discoursePostsSchema,
} from './schema.js';
import { type DiscourseTopicRef, postsJsonUrl, topicJsonUrl } from './urls.js';

export interface DiscourseCredentials {
  apiKey: string;
  username: string;
}

/** How far back a retried reply looks for its own earlier attempt. */
const LOOK_BACK = 30;

/**
 * Replies through the API (`POST /posts.json`) with a user API key. The idempotency key is written into the post
 * as a small line (`moddesk: KEY`, the line every sink writes, which the desk's own reads of the topic see);
 * before posting (and after a failed attempt) the last posts are searched for it.
 */
export class DiscourseSink {
  constructor(
    private readonly ref: DiscourseTopicRef,
    private readonly client: PoliteClient,
    private readonly creds: DiscourseCredentials,
  ) {}

  async reply(text: string, idempotencyKey: string): Promise<PostReceipt> {
    const earlier = await this.find(idempotencyKey);
    if (earlier) return earlier;
    let res: Awaited<ReturnType<PoliteClient['get']>>;
    try {
      res = await this.createPost({ topic_id: this.ref.topicId }, text, idempotencyKey);
    } catch (err) {
      // The post may have been stored before the answer was lost: one look; a miss goes up, and the desk settles
      // it by its own reads of the topic before it ever tries again.
      const landed = await this.find(idempotencyKey).catch(() => null);
      if (landed) return landed;
      const words = `could not post the reply to ${this.ref.base}/t/${this.ref.topicId}: ${(err as Error).message}`;
      throw new ModdeskError('http', words, { cause: err });
    }
    const created = discourseCreatedSchema.parse(JSON.parse(res.body));
    return { id: String(created.id), url: this.postUrl(created.post_number, created.topic_slug) };
  }

  /** `POST /posts.json` (a reply, or a PM's topic) with the key's line under the text; one attempt, never repeated. */
  private createPost(
    fields: Record<string, unknown>,
    text: string,
    key: string,
    opts: { acceptClientErrors?: boolean } = {},
  ) {
    return this.client.get(`${this.ref.base}/posts.json`, {
      method: 'POST',
      accept: 'application/json',
      attempts: 1,
      ...opts,
      headers: this.apiHeaders(true),
      body: JSON.stringify({ ...fields, raw: `${text.trimEnd()}\n\n<small>${marker(key)}</small>` }),
    });
  }

  /**
   * A private message: a topic of its own (`POST /posts.json` with `archetype: private_message`,
   * `target_recipients`, `title`, `raw`; posts_controller.rb and lib/topic_creator.rb). The key's line is in the
   * title (the account's sent list, `/topics/private-messages-sent/{username}.json`, shows titles) and the raw text;
   * that list is searched before sending and after an answer that was lost. Discourse refusing in words (an unknown
   * recipient, a key or account that may not send PMs) is `NotAllowed`; its rate limit (429) sent nothing.
   */
  async sendMessage(to: string, subject: string, text: string, idempotencyKey: string): Promise<PostReceipt> {
    const earlier = await this.findSent(idempotencyKey);
    if (earlier) return earlier;
    const title = keyedSubject(subject, idempotencyKey, 255);
    let res: Awaited<ReturnType<PoliteClient['get']>>;
    try {
      const pm = { archetype: 'private_message', target_recipients: to, title };
      res = await this.createPost(pm, text, idempotencyKey, { acceptClientErrors: true });
    } catch (err) {
      const words = (err as Error).message;
      if (/HTTP 429/.test(words))
        throw new NotPosted('http', `Discourse asked to wait before the next message: ${words}`, { cause: err });
      const landed = await this.findSent(idempotencyKey).catch(() => null);
      if (landed) return landed;
      throw new ModdeskError('http', `could not send the message to ${quote(to)}: ${words}`, { cause: err });
    }
    if (res.status >= 400) {
      const said = discourseErrorsSchema.safeParse(safeJson(res.body));
      const why = said.success && said.data.errors?.length ? said.data.errors.join(' ') : `HTTP ${res.status}`;
      throw new NotAllowed(
        'http',
        `Discourse will not take a private message from ${quote(this.creds.username)} to ${quote(to)}: ${quote(why, 200)}. Send it by hand (the text is on the draft)`,
        { place: `${this.ref.base}/posts.json` },
      );
    }
    const created = discourseCreatedSchema.parse(JSON.parse(res.body));
    return {
      id: String(created.topic_id),
      url: `${this.ref.base}/t/${created.topic_slug ?? 'message'}/${created.topic_id}`,
    };
  }

  private apiHeaders(json: boolean): Record<string, string> {
    return {
      ...(json ? { 'content-type': 'application/json' } : {}),
      'api-key': this.creds.apiKey,
      'api-username': this.creds.username,
    };
  }

  private async findSent(key: string): Promise<PostReceipt | null> {
    const url = `${this.ref.base}/topics/private-messages-sent/${encodeURIComponent(this.creds.username)}.json`;
    const res = await this.client.get(url, {
      accept: 'application/json',
      validate: isJson,
      headers: this.apiHeaders(false),
    });
    const topics = discoursePmListSchema.parse(JSON.parse(res.body)).topic_list.topics;
    const mine = topics.find((t) => hasMarker(t.title, key));
    return mine ? { id: String(mine.id), url: `${this.ref.base}/t/${mine.slug ?? 'message'}/${mine.id}` } : null;
  }

  private async find(key: string): Promise<PostReceipt | null> {
    const topicUrl = topicJsonUrl(this.ref, null);
    const topic = await this.client.get(topicUrl, { accept: 'application/json', validate: isJson });
    const mapped = mapDiscourseResponse(topic.body, this.ref.base, topicUrl);
    if (!('stream' in mapped)) return null;
    const ids = mapped.stream.slice(-LOOK_BACK).map(String);
    if (ids.length === 0) return null;
    const res = await this.client.get(postsJsonUrl(this.ref, ids, true), {
      accept: 'application/json',
      validate: isJson,
    });
    const posts = discoursePostsSchema.parse(JSON.parse(res.body)).post_stream.posts;
    const mine = posts.find((p) => p.username === this.creds.username && hasMarker(p.raw ?? '', key));
    return mine ? { id: String(mine.id), url: this.postUrl(mine.post_number, mapped.slug) } : null;
  }

  private postUrl(postNumber: number, slug: string | undefined): string {
    return `${this.ref.base}/t/${slug ?? this.ref.slug ?? this.ref.topicId}/${this.ref.topicId}/${postNumber}`;
  }
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}
