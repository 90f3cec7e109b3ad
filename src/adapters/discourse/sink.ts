import { ModdeskError } from '../../domain/errors.js';
import { hasMarker, marker } from '../common/idempotency.js';
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
      res = await this.client.get(`${this.ref.base}/posts.json`, {
        method: 'POST',
        accept: 'application/json',
        attempts: 1,
        headers: {
          'content-type': 'application/json',
          'api-key': this.creds.apiKey,
          'api-username': this.creds.username,
        },
        body: JSON.stringify({
          topic_id: this.ref.topicId,
          raw: `${text.trimEnd()}\n\n<small>${marker(idempotencyKey)}</small>`,
        }),
      });
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
