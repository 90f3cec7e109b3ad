import { ModdeskError } from '../../domain/errors.js';
import * as z from '../../domain/zod.js';
import { contentHash } from '../common/content-hash.js';
import type { ReadOptions, ReadStats } from '../common/paged-forum.js';
import { newVersion, PostBatch } from '../common/versions.js';
import type { PoliteClient } from '../http/polite-client.js';
import type { Cursor, ReadResult } from '../types.js';
import { type DiscourseEntry, type MappedTopic, mapDiscourseResponse } from './parse-page.js';
import { type DiscourseTopicRef, postsJsonUrl, topicJsonUrl } from './urls.js';

const cursorSchema = z.object({
  v: z.literal(1),
  platform: z.literal('discourse'),
  thread: z.string(),
  slug: z.nullable(z.string()),
  /** Highest post number seen: a poll asks for the posts around it. */
  highest: z.int(),
  lastHash: z.nullable(z.string()),
  /** id → [content hash, version, editedAt of the version we hold]. */
  known: z.custom<Record<string, [string, number, string | null]>>(
    isKnownMap,
    'expected [hash, version, editedAt] triples',
  ),
  /** Ids that hold nothing to read: deleted posts, small actions. */
  gone: z.array(z.string()),
  /** Ids in the stream not fetched yet (a read that stopped early). */
  pending: z.array(z.string()),
  robots: z.optional(z.unknown()),
  /** Set by `requestFullRead`: every post is fetched again (edits anywhere). */
  full: z.optional(z.boolean()),
});
type DiscourseCursor = z.infer<typeof cursorSchema>;

export function isJson(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a topic through the JSON API: the topic response carries `post_stream.stream` (every post id), so a poll
 * asks once for the posts around the highest known post number and fetches only ids it has not seen, in batches of
 * `posts.json?post_ids[]=`. Edits: `version` and, for grace-period edits that keep the version, the content hash.
 */
export class DiscourseReader {
  readonly stats: ReadStats = { pagesParsed: 0, postsMapped: 0 };

  constructor(
    private readonly ref: DiscourseTopicRef,
    private readonly client: PoliteClient,
    private readonly thread: string,
    private readonly opts: { batchSize: number; checkpointEvery: number },
  ) {}

  async read(cursor: Cursor | null, ro: ReadOptions = {}): Promise<ReadResult> {
    const state = cursor ? this.load(cursor) : this.fresh();
    this.client.importRobots(state.robots);
    const ref = { ...this.ref, slug: state.slug ?? this.ref.slug };
    const batch = new PostBatch();
    let reported = this.client.requests;
    const result = (): ReadResult => {
      const requests = this.client.requests - reported;
      reported = this.client.requests;
      return {
        posts: batch.take(),
        cursor: { ...structuredClone(state), robots: this.client.exportRobots() },
        requests,
      };
    };

    const url = topicJsonUrl(ref, state.highest > 0 ? state.highest : null);
    const res = await this.client.get(url, { accept: 'application/json', validate: isJson, signal: ro.signal });
    const hash = contentHash(res.body);
    const full = state.full === true;
    state.full = undefined;
    if (hash === state.lastHash && state.pending.length === 0 && !full) return result();
    this.stats.pagesParsed += 1;
    const topic = mapDiscourseResponse(res.body, ref.base, url);
    if (!('stream' in topic))
      throw new ModdeskError('dump-invalid', 'expected a topic response with post_stream.stream', { file: url });
    state.slug = topic.slug;
    state.lastHash = hash;
    ref.slug = topic.slug;
    this.absorb(state, batch, topic.entries, res.date);
    state.pending = full ? this.recheck(state, topic) : this.missing(state, topic);

    let batches = 0;
    let size = this.opts.batchSize;
    const retried = new Set<string>();
    while (state.pending.length > 0) {
      ro.onProgress?.({
        pagesDone: batches + 1,
        pagesTotal: batches + 1 + Math.ceil(state.pending.length / size),
        posts: batch.size,
      });
      const ids = state.pending.slice(0, size);
      const batchUrl = postsJsonUrl(ref, ids);
      const got = await this.client.get(batchUrl, { accept: 'application/json', validate: isJson, signal: ro.signal });
      this.stats.pagesParsed += 1;
      const entries = mapDiscourseResponse(got.body, ref.base, batchUrl).entries;
      const returned = new Set(entries.map((e) => e.id));
      this.absorb(state, batch, entries, got.date);
      // A server that caps the batch returns a prefix: ask again for the rest once; ids never returned are gone.
      if (returned.size > 0 && returned.size < ids.length) size = Math.max(1, returned.size);
      const again = ids.filter((id) => !returned.has(id) && returned.size > 0 && !retried.has(id));
      for (const id of again) retried.add(id);
      for (const id of ids) if (!returned.has(id) && !again.includes(id)) state.gone.push(id);
      state.pending = [...again, ...state.pending.slice(ids.length)];
      batches += 1;
      if (state.pending.length > 0 && batches % this.opts.checkpointEvery === 0 && ro.onCheckpoint)
        await ro.onCheckpoint(result());
    }
    ro.onProgress?.({ pagesDone: batches + 1, pagesTotal: batches + 1, posts: batch.size });
    return result();
  }

  private absorb(state: DiscourseCursor, batch: PostBatch, entries: DiscourseEntry[], observedAt: number): void {
    for (const e of entries) {
      state.highest = Math.max(state.highest, e.number);
      const known = state.known[e.id];
      if (e.empty) {
        if (!known && !state.gone.includes(e.id)) state.gone.push(e.id);
        continue;
      }
      if (known && known[0] === e.hash) {
        known[1] = Math.max(known[1], e.version);
        continue;
      }
      const post = e.toPost();
      this.stats.postsMapped += 1;
      if (!known) {
        batch.addNew(post);
        state.known[e.id] = [e.hash, e.version, post.editedAt];
      } else {
        const version = newVersion(post, known[2], observedAt);
        batch.addVersion(version);
        state.known[e.id] = [e.hash, e.version, version.editedAt];
      }
    }
  }

  private missing(state: DiscourseCursor, topic: MappedTopic): string[] {
    const seen = new Set([...Object.keys(state.known), ...state.gone]);
    const out = new Set(state.pending.filter((id) => !seen.has(id)));
    for (const n of topic.stream) if (!seen.has(String(n))) out.add(String(n));
    return [...out];
  }

  /** A full read asks again for every post of the stream except those just seen in the topic response. */
  private recheck(state: DiscourseCursor, topic: MappedTopic): string[] {
    const inResponse = new Set(topic.entries.map((e) => e.id));
    return topic.stream.map(String).filter((id) => !inResponse.has(id) && !state.gone.includes(id));
  }

  private fresh(): DiscourseCursor {
    return {
      v: 1,
      platform: 'discourse',
      thread: this.thread,
      slug: null,
      highest: 0,
      lastHash: null,
      known: {},
      gone: [],
      pending: [],
    };
  }

  private load(cursor: Cursor): DiscourseCursor {
    const parsed = cursorSchema.safeParse(cursor);
    if (!parsed.success)
      throw new ModdeskError('usage', `the cursor is not a discourse cursor: ${parsed.error.issues[0]?.message}`);
    if (parsed.data.thread !== this.thread)
      throw new ModdeskError(
        'usage',
        `the cursor belongs to ${parsed.data.thread}, not ${this.thread}; use another cursor file`,
      );
    return structuredClone(parsed.data);
  }
}

function isKnownMap(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  for (const e of Object.values(v)) {
    if (!Array.isArray(e) || e.length !== 3 || typeof e[0] !== 'string' || typeof e[1] !== 'number') return false;
    if (e[2] !== null && typeof e[2] !== 'string') return false;
  }
  return true;
}
