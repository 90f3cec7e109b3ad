import { ModdeskError } from '../../domain/errors.js';
import { marker } from '../common/idempotency.js';
import type { PostReceipt } from '../types.js';
import type { RedditConfig } from './config.js';
import type { RedditGateway } from './gateway.js';

/** How many of the account's newest comments / sent PMs are searched for an earlier try. */
const SEARCH_DEPTH = 100;
const MAX_TRIES = 3;

/**
 * The key goes into the post as a small superscript line (`^(moddesk: KEY)`), which Reddit keeps in `body`;
 * a retry searches the account's recent comments (or sent PMs) for it before posting again.
 */
export function withMarker(text: string, key: string): string {
  return `${text.trimEnd()}\n\n^(${marker(key)})`;
}

export class RedditSink {
  constructor(
    private readonly cfg: RedditConfig,
    private readonly gateway: () => Promise<RedditGateway>,
  ) {}

  async reply(text: string, idempotencyKey: string): Promise<PostReceipt> {
    const gw = await this.gateway();
    const tag = marker(idempotencyKey);
    const linkId = `t3_${this.cfg.article}`;
    const find = async () =>
      (await gw.ownComments(SEARCH_DEPTH)).find(
        (c) => c.link_id === linkId && (c.body ?? c.body_html ?? '').includes(tag),
      );
    return this.tryTwice(
      async () => {
        const c = await find();
        return c ? { id: c.id, url: c.permalink ? `${this.cfg.linkBase}${c.permalink}` : null } : null;
      },
      async () => {
        const c = await gw.comment(linkId, withMarker(text, idempotencyKey));
        return { id: c.id, url: c.permalink ? `${this.cfg.linkBase}${c.permalink}` : null };
      },
    );
  }

  async sendMessage(to: string, subject: string, text: string, idempotencyKey: string): Promise<PostReceipt> {
    const gw = await this.gateway();
    const tag = marker(idempotencyKey);
    const who = to.replace(/^\/?u\//i, '');
    const find = async () => {
      const m = (await gw.sentMessages(SEARCH_DEPTH)).find(
        (x) => x.dest?.toLowerCase() === who.toLowerCase() && (x.body ?? x.body_html ?? '').includes(tag),
      );
      return m ? { id: m.name ?? `t4_${m.id}`, url: `${this.cfg.linkBase}/message/messages/${m.id}` } : null;
    };
    return this.tryTwice(find, async () => {
      await gw.compose(who, subject.slice(0, 100), withMarker(text, idempotencyKey));
      // /api/compose answers without the message; the sent folder gives its id.
      return (await find()) ?? { id: null, url: null };
    });
  }

  /** Search, post; after a failed post search again (the post may have landed) before posting once more. */
  private async tryTwice(
    find: () => Promise<PostReceipt | null>,
    post: () => Promise<PostReceipt>,
  ): Promise<PostReceipt> {
    let lastError: unknown;
    for (let i = 0; i < MAX_TRIES; i++) {
      const earlier = await find();
      if (earlier) return earlier;
      try {
        return await post();
      } catch (err) {
        // Reddit refused on purpose (RATELIMIT, THREAD_LOCKED, …): retrying now would not help.
        if (err instanceof ModdeskError && /returned errors/.test(err.message)) throw err;
        lastError = err;
      }
    }
    throw new ModdeskError('http', `could not post after ${MAX_TRIES} tries`, { cause: lastError });
  }
}
