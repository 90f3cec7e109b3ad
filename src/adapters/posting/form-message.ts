import { ModdeskError, quote } from '../../domain/errors.js';
import { replaceTags } from '../../domain/tags.js';
import { keyedSubject, marker } from '../common/idempotency.js';
import { loadPage } from '../common/load-page.js';
import { NotAllowed } from '../common/post-outcome.js';
import { statusWords } from '../http/status-words.js';
import type { PostReceipt } from '../types.js';
import type { BoardActor } from './board-actor.js';
import type { BoardResponse } from './board-session.js';
import { Refused } from './refused.js';

/**
 * A private message through a board's compose form, exactly once (issue 30 item 1). The key's line goes into the
 * subject (sent lists show subjects) and the body; the account's sent lists are searched before every try, and
 * once more after a try whose answer was lost, so a retry or a restart after kill -9 finds the message it already
 * sent. A board saying the message cannot go (no permission, an unknown recipient, one refusing PMs) is
 * `NotAllowed`, said in its words, never retried; a flood, a stale form or an expired session are retried as
 * replies are (form-sink.ts `attempt`).
 */
export async function sendWithForms(
  sink: BoardActor,
  to: string,
  subject: string,
  text: string,
  key: string,
): Promise<PostReceipt> {
  const { dialect } = sink;
  const pm = dialect.pm;
  if (!pm)
    throw new NotAllowed('usage', `moddesk cannot send private messages on ${dialect.name}: paste the text by hand`);
  const line = marker(key);
  const title = keyedSubject(subject, key, pm.subjectMax);
  const body = `${text.trimEnd()}\n\n${dialect.small(line)}`;
  return sink.attempt('message', async () => {
    const earlier = await findSent(sink, line);
    if (earlier) return earlier;
    const compose = sink.answered(await composePage(sink, pm.composeUrl(sink.thread, to)));
    deniedBy(sink, compose, to);
    let form = sink.formIn(compose, dialect.message);
    if (pm.addRecipient) {
      const added = await sink.submit(form, pm.addRecipient(to));
      refusedBy(sink, added, to);
      form = sink.formIn(added, dialect.message);
    }
    const fields = { ...pm.fields(to, title), [dialect.message]: body, ...dialect.submit };
    let res: BoardResponse;
    try {
      res = await sink.submit(form, fields);
      sink.lastPostAt = sink.opts.now();
    } catch (err) {
      // The board may have stored it before the answer was lost: one look, then the desk settles it later.
      const landed = await findSent(sink, line).catch(() => null);
      if (landed) return landed;
      throw err;
    }
    refusedBy(sink, res, to);
    const landed = await findSent(sink, line);
    if (landed) return landed;
    // Taken without a refusal but in no sent list: sending again could send it twice; the next try looks first.
    throw new ModdeskError(
      'http',
      `${dialect.name} took the message to ${quote(to)} without a refusal, but it is not in the account's sent messages yet`,
      { place: pm.sentUrls(sink.thread)[0] },
    );
  });
}

/** The compose page, logging in first when the board asks for it. */
async function composePage(sink: BoardActor, url: string): Promise<BoardResponse> {
  const page = sink.answered(await sink.session.get(url));
  if (sink.dialect.loggedIn(page.body)) return page;
  await sink.logIn();
  return sink.session.get(url);
}

/** The message cannot go, and asking again will not change that: said in the board's words. */
function deniedBy(sink: BoardActor, res: BoardResponse, to: string): void {
  const said = sink.dialect.refusal(res.body);
  if (said && sink.dialect.pm!.denied.test(said) && sink.dialect.loggedIn(res.body))
    throw new NotAllowed(
      'http',
      `${sink.dialect.name} will not take a private message from ${quote(sink.creds.username)} to ${quote(to)}: ${quote(said, 200)}. Send it by hand (the text is on the draft)`,
      { place: res.url },
    );
}

function refusedBy(sink: BoardActor, res: BoardResponse, to: string): void {
  if (res.status >= 500) throw new ModdeskError('http', `${sink.dialect.name} answered ${statusWords(res.status)}`);
  if (res.status === 429) throw new Refused('flood', `the board answered ${statusWords(429)}`);
  deniedBy(sink, res, to);
  sink.check(res);
}

/** The sent message carrying `line` in one of the account's sent lists: its link, or the line when it has none. */
async function findSent(sink: BoardActor, line: string): Promise<PostReceipt | null> {
  for (const url of sink.dialect.pm!.sentUrls(sink.thread)) {
    let res = sink.answered(await sink.session.get(url));
    if (!sink.dialect.loggedIn(res.body)) {
      await sink.logIn();
      res = sink.answered(await sink.session.get(url));
    }
    const found = linkHolding(res.body, line, res.url);
    if (found) return found;
  }
  return null;
}

/** The receipt of the sent message whose link's words hold `line` (the key); the page's own address if none does. */
export function linkHolding(body: string, line: string, pageUrl: string): PostReceipt | null {
  if (!body.includes(line)) return null;
  const { $ } = loadPage(body);
  for (const a of $('a[href]').toArray()) {
    const link = $(a);
    if (!link.text().includes(line) && !replaceTags(link.html() ?? '', '').includes(line)) continue;
    const url = new URL(link.attr('href') ?? '', pageUrl);
    const id = url.searchParams.get('p') ?? url.searchParams.get('pmid') ?? /\.(\d+)\/?$/.exec(url.pathname)?.[1];
    return { id: id ?? line, url: url.href };
  }
  return { id: line, url: pageUrl };
}
