import { ModdeskError } from '../../domain/errors.js';
import type { PoliteClient } from '../http/polite-client.js';
import type { PostReceipt } from '../types.js';
import { mapDiscourseResponse } from './parse-page.js';
import { isJson } from './reader.js';
import { discourseCreatedSchema, discoursePostsSchema } from './schema.js';
import { type DiscourseTopicRef, postsJsonUrl, topicJsonUrl } from './urls.js';

export interface DiscourseCredentials {
  apiKey: string;
  username: string;
}

/** How far back a retried reply looks for its own earlier attempt. */
const LOOK_BACK = 30;

/**
 * Replies through the API (`POST /posts.json`) with a user API key. The idempotency key is written into the raw
 * text as an HTML comment; before posting (and after any failed attempt) the last posts are searched for it, so a
 * retry never posts twice.
 */
export class DiscourseSink {
  constructor(
    private readonly ref: DiscourseTopicRef,
    private readonly client: PoliteClient,
    private readonly creds: DiscourseCredentials,
  ) {}

  async reply(text: string, idempotencyKey: string): Promise<PostReceipt> {
    const marker = `<!-- moddesk:${idempotencyKey} -->`;
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const earlier = await this.find(marker);
      if (earlier) return earlier;
      try {
        const res = await this.client.get(`${this.ref.base}/posts.json`, {
          method: 'POST',
          accept: 'application/json',
          attempts: 1,
          headers: {
            'content-type': 'application/json',
            'api-key': this.creds.apiKey,
            'api-username': this.creds.username,
          },
          body: JSON.stringify({ topic_id: this.ref.topicId, raw: `${text}\n\n${marker}` }),
        });
        const created = discourseCreatedSchema.parse(JSON.parse(res.body));
        return { id: String(created.id), url: this.postUrl(created.post_number, created.topic_slug) };
      } catch (err) {
        lastError = err;
      }
    }
    throw new ModdeskError('http', `could not post the reply to ${this.ref.base}/t/${this.ref.topicId}`, {
      cause: lastError,
    });
  }

  private async find(marker: string): Promise<PostReceipt | null> {
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
    const mine = posts.find((p) => p.username === this.creds.username && p.raw?.includes(marker));
    return mine ? { id: String(mine.id), url: this.postUrl(mine.post_number, mapped.slug) } : null;
  }

  private postUrl(postNumber: number, slug: string | undefined): string {
    return `${this.ref.base}/t/${slug ?? this.ref.slug ?? this.ref.topicId}/${this.ref.topicId}/${postNumber}`;
  }
}
