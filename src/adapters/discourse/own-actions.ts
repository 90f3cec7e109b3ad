import { ModdeskError, quote } from '../../domain/errors.js';
import { OPENING_POST, type PostEdit, planEdit } from '../../domain/owned-block.js';
import * as z from '../../domain/zod.js';
import { NotAllowed, NotPosted } from '../common/post-outcome.js';
import type { HttpResponse, PoliteClient } from '../http/polite-client.js';
import type { EditReceipt } from '../types.js';
import type { DiscourseCredentials } from './sink.js';
import { type DiscourseTopicRef, topicJsonUrl } from './urls.js';

const postSchema = z.object({ id: z.number(), raw: z.string(), post_number: z.optional(z.number()) });
const topicSchema = z.object({ closed: z._default(z.optional(z.boolean()), false) });
const streamSchema = z.object({ post_stream: z.object({ stream: z.array(z.number()) }) });
const errorsSchema = z.object({ errors: z.optional(z.array(z.string())) });

/**
 * Editing the moderator's own post (`PUT /posts/{id}.json`, `post[raw]`) and closing the topic
 * (`PUT /t/{id}/status.json`, `status=closed&enabled=true|false`) with the user API key, as discourse/discourse's
 * posts_controller#update and topics_controller#status take them (commit 0045e7d1: `guardian.ensure_can_edit!`,
 * `ensure_can_close_topic!`, a refusal is HTTP 403 with `errors`). Both set a state: the post's raw text or the
 * topic's `closed` is read first and after, so a repeat sends nothing. A 429 is waited out by the client
 * (Retry-After) and the request sent again, which is safe because both requests set, never add.
 */
export class DiscourseOwnActions {
  constructor(
    private readonly ref: DiscourseTopicRef,
    private readonly client: PoliteClient,
    private readonly creds: DiscourseCredentials,
  ) {}

  async editPost(wanted: string, edit: PostEdit): Promise<EditReceipt> {
    const postId = wanted === OPENING_POST ? await this.openingId() : wanted;
    const url = `${this.ref.base}/posts/${encodeURIComponent(postId)}.json`;
    const read = async () => postSchema.parse(JSON.parse(this.ok(await this.call(url, 'GET'), 'read the post').body));
    const before = await read();
    const receipt = (changed: boolean) => ({
      id: postId,
      url: `${this.ref.base}/t/${this.ref.slug ?? this.ref.topicId}/${this.ref.topicId}/${before.post_number ?? ''}`,
      changed,
    });
    const plan = planEdit(before.raw, edit);
    if (plan.outcome === 'done') return receipt(false);
    if (plan.outcome === 'missing') throw new NotAllowed('usage', `post ${postId}: ${plan.why}`, { place: url });
    this.ok(await this.call(url, 'PUT', { post: { raw: plan.source, edit_reason: 'moddesk' } }), 'edit the post');
    if (planEdit((await read()).raw, edit).outcome !== 'done')
      throw new ModdeskError('http', `Discourse took the edit of post ${postId} but the post does not show it yet`);
    return receipt(true);
  }

  private async openingId(): Promise<string> {
    const res = this.ok(await this.call(topicJsonUrl(this.ref, null), 'GET'), 'read the topic');
    const first = streamSchema.parse(JSON.parse(res.body)).post_stream.stream[0];
    if (first === undefined) throw new ModdeskError('http', `the topic ${this.ref.topicId} has no posts`);
    return String(first);
  }

  async setLocked(locked: boolean): Promise<{ changed: boolean }> {
    const closed = async () =>
      topicSchema.parse(
        JSON.parse(this.ok(await this.call(topicJsonUrl(this.ref, null), 'GET'), 'read the topic').body),
      ).closed;
    if ((await closed()) === locked) return { changed: false };
    const url = `${this.ref.base}/t/${this.ref.topicId}/status.json`;
    this.ok(
      await this.call(url, 'PUT', { status: 'closed', enabled: locked ? 'true' : 'false' }),
      locked ? 'close the topic' : 'open the topic',
    );
    if ((await closed()) !== locked)
      throw new ModdeskError(
        'http',
        `Discourse took the ${locked ? 'close' : 'open'} but the topic does not show it yet`,
      );
    return { changed: true };
  }

  private call(url: string, method: 'GET' | 'PUT', body?: unknown): Promise<HttpResponse> {
    return this.client.get(url, {
      method,
      accept: 'application/json',
      acceptClientErrors: true,
      headers: {
        'api-key': this.creds.apiKey,
        'api-username': this.creds.username,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  }

  /** A 403 is the account's want of permission (for the hand); another 4xx a refusal in Discourse's words. */
  private ok(res: HttpResponse, what: string): HttpResponse {
    if (res.status < 400) return res;
    const parsed = errorsSchema.safeParse(safeJson(res.body));
    const said = parsed.success && parsed.data.errors?.length ? parsed.data.errors.join(' ') : `HTTP ${res.status}`;
    const words = `Discourse does not let ${quote(this.creds.username)} ${what}: ${quote(said, 200)}`;
    if (res.status === 403 || res.status === 404) throw new NotAllowed('http', words, { place: res.url });
    throw new NotPosted('http', words, { place: res.url });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
