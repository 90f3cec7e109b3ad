import { ModdeskError } from '../../domain/errors.js';
import { hasMarker, marker } from '../common/idempotency.js';
import { NotPosted } from '../common/post-outcome.js';
import type { PostReceipt } from '../types.js';
import type { RedditConfig } from './config.js';
import type { RedditGateway } from './gateway.js';

/** How many of the account's newest comments / sent PMs are searched for an earlier try. */
const SEARCH_DEPTH = 100;

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
    const linkId = `t3_${this.cfg.article}`;
    const find = async () =>
      (await gw.ownComments(SEARCH_DEPTH)).find(
        (c) => c.link_id === linkId && hasMarker(c.body ?? c.body_html ?? '', idempotencyKey),
      );
    return this.tryOnce(
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
    const who = to.replace(/^\/?u\//i, '');
    const find = async () => {
      const m = (await gw.sentMessages(SEARCH_DEPTH)).find(
        (x) => x.dest?.toLowerCase() === who.toLowerCase() && hasMarker(x.body ?? x.body_html ?? '', idempotencyKey),
      );
      return m ? { id: m.name ?? `t4_${m.id}`, url: `${this.cfg.linkBase}/message/messages/${m.id}` } : null;
    };
    return this.tryOnce(find, async () => {
      await gw.compose(who, subject.slice(0, 100), withMarker(text, idempotencyKey));
      // /api/compose answers without the message; the sent folder gives its id.
      return (await find()) ?? { id: null, url: null };
    });
  }

  /**
   * Search, post. After a failed post (the comment may have landed while the answer was lost) one more search; a
   * miss is not proof (the account's listing can lag), so the failure goes up and the desk settles it by its own
   * reads of the thread before it ever tries again. Reddit refusing in words (RATELIMIT, THREAD_LOCKED) posted
   * nothing.
   */
  private async tryOnce(
    find: () => Promise<PostReceipt | null>,
    post: () => Promise<PostReceipt>,
  ): Promise<PostReceipt> {
    const earlier = await find();
    if (earlier) return earlier;
    try {
      return await post();
    } catch (err) {
      if (err instanceof ModdeskError && /returned errors|HTTP 429/.test(err.message))
        throw new NotPosted('http', `Reddit did not take it: ${err.message}`, { cause: err });
      const landed = await find().catch(() => null);
      if (landed) return landed;
      throw new ModdeskError('http', `Reddit gave no answer we could read: ${(err as Error).message}`, { cause: err });
    }
  }
}
