import { ModdeskError } from '../../domain/errors.js';
import type { Post } from '../../domain/post.js';
import * as z from '../../domain/zod.js';
import { contentHash } from '../common/content-hash.js';
import { iso } from '../common/page-helpers.js';
import { type DiscoursePost, discoursePostSchema, discoursePostsSchema, discourseTopicSchema } from './schema.js';

/** Pure mappers for Discourse JSON responses (topic, posts.json) to posts. */

export interface DiscourseEntry {
  id: string;
  number: number;
  version: number;
  hash: string;
  /** A deleted post or a small action ("closed the topic"): nothing a player wrote. */
  empty: boolean;
  toPost(): Post;
}

export interface MappedTopic {
  topicId: number;
  slug: string;
  stream: number[];
  entries: DiscourseEntry[];
}

/** Reads a topic response (`/t/{id}.json`) or a posts response (`posts.json`); `where` names it in errors. */
export function mapDiscourseResponse(
  text: string,
  base: string,
  where: string,
): MappedTopic | { entries: DiscourseEntry[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new ModdeskError('dump-invalid', 'expected Discourse JSON (a /t/{id}.json or posts.json response)', {
      file: where,
      place: 'body',
      cause,
    });
  }
  const topic = discourseTopicSchema.safeParse(json);
  if (topic.success) {
    const t = topic.data;
    return {
      topicId: t.id,
      slug: t.slug,
      stream: t.post_stream.stream,
      entries: t.post_stream.posts.map((p) => entry(p, base, t.slug, t.id)),
    };
  }
  const posts = discoursePostsSchema.safeParse(json);
  if (posts.success) {
    const ids = z.object({ id: z.optional(z.int()), slug: z.optional(z.string()) }).safeParse(json);
    const topicId = ids.success ? (ids.data.id ?? null) : null;
    return {
      entries: posts.data.post_stream.posts.map((p) =>
        entry(p, base, ids.success ? ids.data.slug : undefined, topicId),
      ),
    };
  }
  // Report the deepest problem: that is where the response stopped looking like Discourse's.
  const issue = [...topic.error.issues, ...posts.error.issues].sort((a, b) => b.path.length - a.path.length)[0];
  throw new ModdeskError(
    'dump-invalid',
    `expected a Discourse topic or posts response: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
    { file: where, place: issue?.path.join('.') || 'body' },
  );
}

export function entry(
  p: DiscoursePost,
  base: string,
  slug: string | undefined,
  topicId: number | null,
): DiscourseEntry {
  const version = p.version ?? 1;
  return {
    id: String(p.id),
    number: p.post_number,
    version,
    hash: contentHash(p.cooked),
    empty: p.post_type === 3 || Boolean(p.deleted_at) || p.user_deleted === true,
    toPost(): Post {
      const created = Date.parse(p.created_at);
      if (Number.isNaN(created))
        throw new ModdeskError(
          'dump-invalid',
          `post ${p.id}: created_at is not a time: ${JSON.stringify(p.created_at)}`,
          {
            place: `post ${p.id}`,
          },
        );
      const updated = p.updated_at ? Date.parse(p.updated_at) : Number.NaN;
      const topicPath = slug && topicId !== null ? `/t/${slug}/${topicId}` : topicId !== null ? `/t/${topicId}` : null;
      return {
        id: String(p.id),
        author: p.username,
        createdAt: iso(created),
        editedAt: version > 1 && !Number.isNaN(updated) ? iso(updated) : null,
        html: p.cooked,
        channel: 'thread',
        url: topicPath ? `${base}${topicPath}/${p.post_number}` : undefined,
        number: p.post_number,
      };
    },
  };
}

export { discoursePostSchema };
