import { ModdeskError, quote } from '../../domain/errors.js';
import type { PostEdit } from '../../domain/owned-block.js';
import type { Post } from '../../domain/post.js';
import { hasMarker, marker } from '../common/idempotency.js';
import type { PagedPlatform } from '../common/paged-forum.js';
import { NotAllowed, NotPosted } from '../common/post-outcome.js';
import { statusWords } from '../http/status-words.js';
import type { EditReceipt, PostReceipt, ThreadSink } from '../types.js';
import type { BoardActor, BoardCredentials, FormSinkOptions } from './board-actor.js';
import type { BoardDialect } from './board-dialect.js';
import { type BoardForm, type BoardResponse, type BoardSession, findForm } from './board-session.js';
import { sendWithForms } from './form-message.js';
import { editWithForms, lockWithForms } from './form-own-actions.js';
import { Refused } from './refused.js';

export type { BoardCredentials, FormSinkOptions } from './board-actor.js';
export { Refused } from './refused.js';

const TRIES = 4;
const MAX_FLOOD_WAIT_MS = 120_000;

/**
 * Posts with the moderator's own account through the board's forms: logs in (keeping the session), reads the reply
 * form's hidden tokens, waits out the least form age and the flood interval, posts, and confirms the post is in the
 * thread. The idempotency key is a line of the post; before every try the thread's last pages are searched for it,
 * so a retry (or a restart after a crash) never posts twice. Refusals are retried when waiting can cure them
 * (flood, an expired form, an expired session) and otherwise end in one clear error naming the board's words; the
 * draft is not lost (the caller keeps it approved).
 */
export class FormSink implements ThreadSink, BoardActor {
  /** When the account last posted or sent a message (our clock): boards count both against the flood interval. */
  lastPostAt = 0;

  constructor(
    readonly dialect: BoardDialect,
    readonly engine: PagedPlatform,
    readonly thread: string,
    readonly session: BoardSession,
    readonly creds: BoardCredentials,
    readonly opts: FormSinkOptions,
  ) {}

  /** Edits the account's own post: its marked block, or moddesk's own text (form-own-actions.ts). */
  editPost(postId: string, edit: PostEdit): Promise<EditReceipt> {
    return editWithForms(this, postId, edit);
  }

  /** Locks or unlocks the thread, the state read first (form-own-actions.ts). */
  setLocked(locked: boolean): Promise<{ changed: boolean }> {
    return lockWithForms(this, locked);
  }

  async reply(text: string, idempotencyKey: string): Promise<PostReceipt> {
    const line = marker(idempotencyKey);
    const body = `${text.trimEnd()}\n\n${this.dialect.small(line)}`;
    return this.attempt('reply', async () => {
      const earlier = await this.findInThread(idempotencyKey);
      if (earlier) return earlier;
      const form = await this.formAt(this.dialect.replyUrl(this.thread), this.dialect.message);
      try {
        const res = await this.submit(form, { [this.dialect.message]: body, ...this.dialect.submit });
        this.lastPostAt = this.opts.now();
        this.check(res);
      } catch (err) {
        if (err instanceof Refused) throw err;
        // The board may have stored it before the answer was lost: one look, then the desk settles it by its reads.
        const landed = await this.findInThread(idempotencyKey).catch(() => null);
        if (landed) return landed;
        throw err;
      }
      const landed = await this.findInThread(idempotencyKey);
      if (landed) return landed;
      // Taken without a refusal but not seen: trying again could post it twice; the desk's reads settle it.
      throw new ModdeskError(
        'http',
        `${this.dialect.name} took the reply without a refusal, but it is not among the thread's last pages yet (held for approval?)`,
        { place: this.thread },
      );
    });
  }

  /** A private message through the compose form, exactly once (form-message.ts). */
  sendMessage(to: string, subject: string, text: string, idempotencyKey: string): Promise<PostReceipt> {
    return sendWithForms(this, to, subject, text, idempotencyKey);
  }

  /** Runs one post, retrying what waiting can cure; null from `step` means "not confirmed yet": try again. */
  async attempt<T>(what: string, step: () => Promise<T | null>): Promise<T> {
    let last = 'the post did not appear in the thread';
    for (let n = 0; n < TRIES; n++) {
      try {
        const done = await step();
        if (done) return done;
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        last = err.message;
        if (err.kind === 'denied')
          throw new NotAllowed(
            'http',
            `${this.dialect.name} does not let ${quote(this.creds.username)} do this: ${last}`,
            {
              place: this.thread,
            },
          );
        if (err.kind === 'other') break;
        if (err.kind === 'login') this.session.reset();
        // A board that says how long to wait (vBulletin's PM flood check) is waited out that long, up to two
        // minutes; longer, and the desk's own retry (minutes later) is the better wait.
        if (err.kind === 'flood') {
          const asked = saidSeconds(last) * 1000 + 250;
          if (asked > MAX_FLOOD_WAIT_MS) break;
          await this.opts.sleep(Math.max(this.floodMs(), asked));
        }
      }
    }
    throw new NotPosted(
      'http',
      `${this.dialect.name} did not take the ${what}: ${last}. Nothing was lost: the draft stays approved and is posted at the next try`,
      { place: this.thread },
    );
  }

  private floodMs(): number {
    return (this.opts.floodSeconds ?? this.dialect.floodSeconds) * 1000 + 250;
  }

  /** The form on `url` holding field `name`, logging in first when the board asks for it. */
  async formAt(url: string, name: string): Promise<BoardForm> {
    let page = this.answered(await this.session.get(url));
    if (!this.dialect.loggedIn(page.body)) {
      await this.logIn();
      page = await this.session.get(url);
    }
    return this.formIn(page, name);
  }

  /** A page the board served; its 5xx or 429 is said as such (nothing was sent yet), never read as "logged out". */
  answered(page: BoardResponse): BoardResponse {
    if (page.status === 429) throw new Refused('flood', `the board answered ${statusWords(429)}`);
    if (page.status >= 500) throw new Refused('other', `the board answered ${statusWords(page.status)}`);
    return page;
  }

  formIn(page: BoardResponse, name: string): BoardForm {
    const form = findForm(page, name, this.opts.now());
    if (form) return form;
    const said = this.dialect.refusal(page.body);
    if (said) throw new Refused(this.dialect.kind(said), quote(said, 200));
    if (!this.dialect.loggedIn(page.body)) throw new Refused('login', 'the board shows the form only to members');
    throw new Refused('other', `no form with a "${name}" box on ${page.url} (does the account may post there?)`);
  }

  async logIn(): Promise<void> {
    this.session.reset();
    const { login } = this.dialect;
    const page = this.answered(await this.session.get(this.dialect.loginUrl(this.thread)));
    const form = findForm(page, login.password, this.opts.now());
    if (!form) throw new Refused('other', `no login form on ${page.url}`);
    const res = await this.submit(form, {
      [login.username]: this.creds.username,
      [login.password]: this.creds.password,
      ...login.submit,
    });
    if (this.dialect.loggedIn(res.body)) return;
    const said = this.dialect.refusal(res.body);
    const kind = said ? this.dialect.kind(said) : 'other';
    if (kind === 'form' || kind === 'flood') throw new Refused(kind, quote(said ?? '', 200));
    // A wrong password is not cured by trying again (and boards lock accounts that keep trying).
    throw new NotPosted(
      'http',
      `${this.dialect.name} refused the login of ${quote(this.creds.username)}: ${said ? quote(said, 200) : 'no session after logging in'}. Check MODDESK_FORUM_USERNAME and MODDESK_FORUM_PASSWORD; nothing was posted and the draft stays approved`,
      { place: this.dialect.loginUrl(this.thread) },
    );
  }

  /** Sends a form back once it is old enough and the account's flood interval has passed. */
  async submit(form: BoardForm, fields: Record<string, string>): Promise<BoardResponse> {
    const ready = Math.max(
      form.fetchedAt + this.dialect.minFormAgeMs,
      this.lastPostAt ? this.lastPostAt + this.floodMs() : 0,
    );
    const wait = ready - this.opts.now();
    if (wait > 0) await this.opts.sleep(wait);
    return this.session.post(form.action, { ...form.fields, ...fields });
  }

  check(res: BoardResponse): void {
    // A 5xx may come after the board stored the post: not a refusal, and not "logged out".
    if (res.status >= 500) throw new ModdeskError('http', `${this.dialect.name} answered ${statusWords(res.status)}`);
    if (res.status === 429) throw new Refused('flood', `the board answered ${statusWords(429)}`);
    const said = this.dialect.refusal(res.body);
    if (said) throw new Refused(this.dialect.kind(said), quote(said, 200));
    if (!this.dialect.loggedIn(res.body)) throw new Refused('login', 'the session ended (logged out)');
  }

  /** The moderator's post carrying `key`'s marker on the thread's first page or its last two (a quick look: the desk's own reads settle the rest). */
  private async findInThread(key: string): Promise<PostReceipt | null> {
    const read = async (url: string) => {
      const res = await this.session.get(url);
      return this.engine.parsePage(res.body, { pageUrl: res.url, timeZone: 'UTC', now: this.opts.now() });
    };
    const first = await read(this.engine.pageUrl(this.thread, 1, null));
    const pages = [first];
    if (first.pageCount > 1) pages.push(await read(this.engine.pageUrl(this.thread, first.pageCount, first.perPage)));
    if (first.pageCount > 2)
      pages.push(await read(this.engine.pageUrl(this.thread, first.pageCount - 1, first.perPage)));
    const me = this.creds.username.toLowerCase();
    for (const page of pages) {
      for (const entry of page.entries) {
        const post: Post = entry.toPost();
        if (post.author.toLowerCase() === me && hasMarker(post.html, key))
          return { id: post.id, url: post.url ?? null };
      }
    }
    return null;
  }
}

/** The seconds a refusal asks to wait ("try again in 12 seconds"), or 0. */
function saidSeconds(words: string): number {
  const m = /(?:again in|wait(?: at least)?) (\d+) seconds/i.exec(words);
  return m ? Number(m[1]) : 0;
}
