import { ModdeskError } from '../../domain/errors.js';
import type { PageContext, PmPages } from '../common/paged-forum.js';
import { statusWords } from '../http/status-words.js';
import type { BoardDialect } from '../posting/board-dialect.js';
import type { BoardResponse, BoardSession } from '../posting/board-session.js';
import type { PmInbox, PmListing, PmMessage } from './pm-inbox.js';

/** Pages of one conversation read at most (a game's PM conversations are short). */
const MAX_CONVERSATION_PAGES = 10;

/**
 * The moderator's inbox on a paged forum, read through the account's logged-in session (the one the sink posts
 * with): a page shown only to members is read again after logging in, so a session that expired is re-established.
 */
export class BoardPmInbox implements PmInbox {
  private readonly nextPages = new Map<number, string>();

  constructor(
    private readonly pages: PmPages,
    private readonly thread: string,
    private readonly session: BoardSession,
    private readonly dialect: BoardDialect,
    private readonly logIn: () => Promise<void>,
    private readonly ctx: Omit<PageContext, 'pageUrl' | 'now'>,
  ) {}

  async list(page: number): Promise<{ listings: PmListing[]; more: boolean }> {
    const url = page === 1 ? this.pages.inboxUrl(this.thread) : this.nextPages.get(page);
    if (!url) return { listings: [], more: false };
    const res = await this.memberPage(url);
    const { listings, next } = this.pages.parseList(res.body, this.context(res));
    if (next) this.nextPages.set(page + 1, next);
    return { listings, more: next !== null };
  }

  async open(listing: PmListing): Promise<PmMessage[]> {
    const out: PmMessage[] = [];
    let url: string | null = listing.url;
    for (let n = 0; url && n < MAX_CONVERSATION_PAGES; n++) {
      const res = await this.memberPage(url);
      const { messages, next } = this.pages.parseConversation(res.body, this.context(res));
      out.push(...messages);
      url = next;
    }
    return out;
  }

  private context(res: BoardResponse): PageContext {
    return { ...this.ctx, pageUrl: res.url, now: Date.now() };
  }

  /** A page for members only: read, and read again after logging in when the session has ended. */
  private async memberPage(url: string): Promise<BoardResponse> {
    const first = this.answered(await this.session.get(url));
    if (this.dialect.loggedIn(first.body)) return first;
    try {
      await this.logIn();
    } catch (err) {
      throw new ModdeskError(
        'http',
        `could not log in to ${this.dialect.name} to read the moderator's PMs: ${(err as Error).message}`,
        { file: url, place: 'login', cause: err },
      );
    }
    const again = this.answered(await this.session.get(url));
    if (this.dialect.loggedIn(again.body)) return again;
    throw new ModdeskError(
      'http',
      `${this.dialect.name} still shows the PM page as to a guest after logging in (does the account have PMs enabled?)`,
      { file: url, place: 'page' },
    );
  }

  private answered(res: BoardResponse): BoardResponse {
    if (res.status === 429 || res.status >= 500)
      throw new ModdeskError('http', `${this.dialect.name} answered ${statusWords(res.status)} for the PM page`, {
        file: res.url,
        place: 'page',
      });
    return res;
  }
}
