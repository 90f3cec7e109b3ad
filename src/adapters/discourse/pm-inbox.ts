import { ModdeskError } from '../../domain/errors.js';
import * as z from '../../domain/zod.js';
import { checkFields } from '../common/page-helpers.js';
import type { PoliteClient } from '../http/polite-client.js';
import type { PmInbox, PmListing, PmMessage } from '../pms/pm-inbox.js';
import { pmListingSchema, pmMessageSchema } from '../pms/pm-schema.js';
import { isJson } from './reader.js';
import { discoursePostSchema } from './schema.js';
import type { DiscourseCredentials } from './sink.js';

/**
 * `GET /topics/private-messages/{username}.json` (discourse/discourse `config/routes.rb`, `list#private_messages`;
 * TopicListItemSerializer): the moderator's PM topics, the newest activity first, with the users it names.
 */
const pmListSchema = z.object({
  users: z._default(z.optional(z.array(z.object({ id: z.int(), username: z.string() }))), []),
  topic_list: z.object({
    topics: z.array(
      z.object({
        id: z.int(),
        title: z.optional(z.string()),
        last_posted_at: z.nullable(z.string()),
        highest_post_number: z.optional(z.int()),
        posts_count: z.int(),
        posters: z._default(z.optional(z.array(z.object({ user_id: z.int() }))), []),
      }),
    ),
    more_topics_url: z.optional(z.nullable(z.string())),
  }),
});

/** `GET /t/{id}.json` of a PM topic: its title and posts (the first 20 and the ids of all). */
const pmTopicSchema = z.object({
  id: z.int(),
  title: z.string(),
  post_stream: z.object({ posts: z.array(discoursePostSchema), stream: z.array(z.int()) }),
});
const pmPostsSchema = z.object({ post_stream: z.object({ posts: z.array(discoursePostSchema) }) });

/** Discourse features at most five posters of a topic; fewer than that is every one of them. */
const FEATURED_POSTERS = 5;

/**
 * The moderator's Discourse private messages through the API with the user API key (a PM topic is shown only to
 * its participants): PM topics whose featured posters are all known and none is a player are never opened.
 */
export class DiscoursePmInbox implements PmInbox {
  constructor(
    private readonly base: string,
    private readonly client: PoliteClient,
    private readonly creds: DiscourseCredentials,
  ) {}

  async list(page: number): Promise<{ listings: PmListing[]; more: boolean }> {
    // Discourse's list pages are numbered from 0 (`?page=1` is the second); `more_topics_url` says one follows.
    const url = `${this.base}/topics/private-messages/${encodeURIComponent(this.creds.username)}.json${page > 1 ? `?page=${page - 1}` : ''}`;
    const data = parse(pmListSchema, await this.get(url), url);
    const names = new Map(data.users.map((u) => [u.id, u.username]));
    const listings = data.topic_list.topics.map((t, i) => {
      const posters = t.posters.map((p) => names.get(p.user_id));
      const known = posters.length < FEATURED_POSTERS && posters.every((n) => n !== undefined);
      return checkFields(
        pmListingSchema,
        {
          key: String(t.id),
          stamp: `${t.highest_post_number ?? t.posts_count}:${t.last_posted_at ?? ''}`,
          url: `${this.base}/t/${t.id}.json`,
          lastAt: t.last_posted_at === null ? null : Date.parse(t.last_posted_at),
          authors: known ? (posters as string[]) : null,
        },
        'Discourse PM list',
        url,
        `topic_list.topics.${i}`,
      );
    });
    return { listings, more: Boolean(data.topic_list.more_topics_url) };
  }

  async open(listing: PmListing): Promise<PmMessage[]> {
    const topic = parse(pmTopicSchema, await this.get(listing.url), listing.url);
    const posts = [...topic.post_stream.posts];
    const have = new Set(posts.map((p) => p.id));
    const rest = topic.post_stream.stream.filter((id) => !have.has(id)).slice(-50);
    if (rest.length > 0) {
      const url = `${this.base}/t/${topic.id}/posts.json?${rest.map((id) => `post_ids[]=${id}`).join('&')}`;
      posts.push(...parse(pmPostsSchema, await this.get(url), url).post_stream.posts);
    }
    return posts
      .filter((p) => (p.post_type ?? 1) !== 3 && !p.deleted_at && !p.user_deleted)
      .map((p) =>
        checkFields(
          pmMessageSchema,
          {
            id: `pm-discourse-${p.id}`,
            author: p.username,
            sentAt: Date.parse(p.created_at),
            html: p.cooked,
            url: `${this.base}/t/${topic.id}/${p.post_number}`,
            subject: topic.title,
          },
          'Discourse PM',
          listing.url,
          `post ${p.id}`,
        ),
      );
  }

  private async get(url: string): Promise<string> {
    const res = await this.client.get(url, {
      accept: 'application/json',
      validate: isJson,
      headers: { 'api-key': this.creds.apiKey, 'api-username': this.creds.username },
    });
    return res.body;
  }
}

function parse<T>(schema: z.ZodMiniType<T>, body: string, url: string): T {
  const parsed = schema.safeParse(JSON.parse(body));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ModdeskError('dump-invalid', `Discourse PM answer: ${issue?.message ?? 'unexpected shape'}`, {
    file: url,
    place: issue?.path.join('.') || 'top',
  });
}
