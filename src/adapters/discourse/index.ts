import type { PostEdit } from '../../domain/owned-block.js';
import type { ReadOptions, ReadStats } from '../common/paged-forum.js';
import { resolveHttp, type SourceOptions } from '../common/paged-source.js';
import { NotAllowed } from '../common/post-outcome.js';
import { PoliteClient } from '../http/polite-client.js';
import { readWithPms } from '../pms/with-pms.js';
import type { Cursor, EditReceipt, PostReceipt, ReadResult, ThreadSink, ThreadSource } from '../types.js';
import { DiscourseOwnActions } from './own-actions.js';
import { DiscoursePmInbox } from './pm-inbox.js';
import { DiscourseReader } from './reader.js';
import { DiscourseSink } from './sink.js';
import { discourseTopic } from './urls.js';

export interface DiscourseSourceOptions extends SourceOptions {
  /** Ids per posts.json request (the server's cap is not documented; a capped answer is followed up). */
  batchSize?: number;
}

/**
 * A Discourse topic through its JSON API. Replies go through the API when DISCOURSE_API_KEY and
 * DISCOURSE_API_USERNAME are set; otherwise the text is handed back for pasting by hand.
 */
export class DiscourseSource implements ThreadSource, ThreadSink {
  readonly platform = 'discourse';
  readonly thread: string;
  private readonly client: PoliteClient;
  private readonly reader: DiscourseReader;
  private readonly sink: DiscourseSink | null;
  private readonly own: DiscourseOwnActions | null;
  /** The API user's PMs (issue 30): read only with the key, and only when a read passes a PM window. */
  private readonly inbox: { inbox: DiscoursePmInbox; to: string } | null;

  constructor(opts: DiscourseSourceOptions) {
    const ref = discourseTopic(opts.url);
    this.thread = `${ref.base}/t/${ref.topicId}`;
    this.client = new PoliteClient(resolveHttp(opts));
    this.reader = new DiscourseReader(ref, this.client, this.thread, {
      batchSize: opts.batchSize ?? 50,
      checkpointEvery: opts.checkpointEvery ?? 10,
    });
    const apiKey = opts.env.DISCOURSE_API_KEY;
    const username = opts.env.DISCOURSE_API_USERNAME;
    this.sink = apiKey && username ? new DiscourseSink(ref, this.client, { apiKey, username }) : null;
    this.own = apiKey && username ? new DiscourseOwnActions(ref, this.client, { apiKey, username }) : null;
    this.inbox =
      apiKey && username
        ? { inbox: new DiscoursePmInbox(ref.base, this.client, { apiKey, username }), to: username }
        : null;
  }

  get stats(): ReadStats {
    return this.reader.stats;
  }

  /** The topic, then (given `opts.pms` and the API key) the game's new PMs; the cursor keeps both. */
  read(cursor: Cursor | null, opts?: ReadOptions): Promise<ReadResult> {
    return readWithPms((c, o) => this.reader.read(c, o), this.inbox, cursor, opts);
  }

  async reply(text: string, idempotencyKey: string): Promise<PostReceipt> {
    if (!this.sink) return { id: null, url: this.thread };
    return this.sink.reply(text, idempotencyKey);
  }

  /** A private message through the API (a topic of its own); without a key the text is handed back to paste. */
  async sendMessage(to: string, subject: string, text: string, idempotencyKey: string): Promise<PostReceipt> {
    if (!this.sink) return { id: null, url: null };
    return this.sink.sendMessage(to, subject, text, idempotencyKey);
  }

  editPost(postId: string, edit: PostEdit): Promise<EditReceipt> {
    return this.own ? this.own.editPost(postId, edit) : Promise.reject(withoutKey('edit the post'));
  }

  setLocked(locked: boolean): Promise<{ changed: boolean }> {
    return this.own ? this.own.setLocked(locked) : Promise.reject(withoutKey(locked ? 'close the topic' : 'open it'));
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

export function createDiscourseSource(opts: DiscourseSourceOptions): DiscourseSource {
  return new DiscourseSource(opts);
}

export { mapDiscourseResponse } from './parse-page.js';

function withoutKey(what: string): NotAllowed {
  return new NotAllowed(
    'usage',
    `moddesk has no Discourse API key to ${what} with (DISCOURSE_API_KEY and DISCOURSE_API_USERNAME): do it by hand`,
  );
}
