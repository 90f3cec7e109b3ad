import { ModdeskError, quote } from '../../domain/errors.js';
import { OPENING_POST, type PostEdit, planEdit } from '../../domain/owned-block.js';
import { NotAllowed, NotPosted } from '../common/post-outcome.js';
import type { EditReceipt } from '../types.js';
import type { RedditConfig } from './config.js';
import type { RedditGateway } from './gateway.js';

/**
 * Editing the moderator's own comment or self-post (`POST /api/editusertext`; only its author may) and locking the
 * submission (`POST /api/lock`, `/api/unlock`; only a moderator of the subreddit may, else HTTP 403), through the
 * Reddit gateway (either one). Both set a state, read first and after through `GET /api/info`: a repeat sends
 * nothing. A 403 is the account's want of permission, said for the hand; Reddit's `json.errors` a refusal.
 */
export class RedditOwnActions {
  constructor(
    private readonly cfg: RedditConfig,
    private readonly gateway: () => Promise<RedditGateway>,
  ) {}

  async editPost(postId: string, edit: PostEdit): Promise<EditReceipt> {
    const gw = await this.gateway();
    const name = postId === OPENING_POST ? `t3_${this.cfg.article}` : /^t\d_/.test(postId) ? postId : `t1_${postId}`;
    const now = async () => {
      const t = await gw.info(name);
      if (!t) throw new NotAllowed('http', `Reddit has no ${name} to edit (deleted?)`);
      return t;
    };
    const before = await now();
    const receipt = (changed: boolean) => ({ id: postId, url: null, changed });
    const plan = planEdit(before.text, edit);
    if (plan.outcome === 'done') return receipt(false);
    if (plan.outcome === 'missing') throw new NotAllowed('usage', `${name}: ${plan.why}`);
    await this.send(`edit ${name}`, () => gw.editText(name, plan.source));
    if (planEdit((await now()).text, edit).outcome !== 'done')
      throw new ModdeskError('http', `Reddit took the edit of ${name} but does not show it yet`);
    return receipt(true);
  }

  async setLocked(locked: boolean): Promise<{ changed: boolean }> {
    const gw = await this.gateway();
    const name = `t3_${this.cfg.article}`;
    const isLocked = async () => (await gw.info(name))?.locked ?? false;
    if ((await isLocked()) === locked) return { changed: false };
    await this.send(locked ? 'lock the thread' : 'unlock the thread', () => gw.setLocked(name, locked));
    if ((await isLocked()) !== locked)
      throw new ModdeskError(
        'http',
        `Reddit took the ${locked ? 'lock' : 'unlock'} but the thread does not show it yet`,
      );
    return { changed: true };
  }

  private async send(what: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      const message = (err as Error).message;
      const words = `Reddit does not let ${quote(this.cfg.username)} ${what}: ${message}`;
      if (/HTTP 403/.test(message)) throw new NotAllowed('http', words, { cause: err });
      if (/returned errors/.test(message)) throw new NotPosted('http', words, { cause: err });
      throw err;
    }
  }
}
