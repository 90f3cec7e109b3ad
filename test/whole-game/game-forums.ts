import { blockText } from '../../src/domain/owned-block.js';
import type { Post } from '../../src/domain/post.js';
import { startFormsBoard } from '../fakes/board-forms.js';
import { startPhpbbBoard } from '../fakes/board-phpbb.js';
import { startDiscourseFake } from '../fakes/discourse-fake.js';
import type { FakeInbox } from '../fakes/fake-inbox.js';
import { FakeThread } from '../fakes/fake-thread.js';
import { FakeThread as RedditThread } from '../fakes/reddit-fake-thread.js';
import { FakeRedditServer } from '../fakes/reddit-server.js';

/**
 * One forum of each platform the whole-game suites play on, seen through what a game needs: players' posts and
 * PMs put on it at their times, and what the moderator's account did there (PMs sent, edits, locks), each
 * read from the fake's own records.
 */
export const PLATFORMS = ['phpbb', 'xenforo', 'discourse', 'reddit'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Hand-written text of the opening post around moddesk's roster block, which an edit must keep. */
export const HAND_TOP = 'Welcome to the game. Read the rules below before you post.';
export const HAND_BOTTOM = 'Questions about the rules go to the moderator by PM.';

export interface GameForum {
  platform: Platform;
  url: string;
  env: NodeJS.ProcessEnv;
  /** The moderator's account name on this forum. */
  moderator: string;
  /** Puts a player's thread post or PM on the forum, at its own time. */
  put(post: Post): void;
  /** A PM to the moderator from `from`, at `at` (a reply to a role PM). */
  pm(from: string, text: string, at: number): void;
  /** The key in each PM the moderator's account sent, one entry per message the forum holds, and its recipient. */
  sentPms(): { to: string; key: string }[];
  /** Each post by the moderator's account, by its key, one entry per post. */
  postedKeys(): string[];
  /** The opening post's source as the forum keeps it. */
  opening(): string;
  locked(): boolean;
  /** Edits and locks that changed something, in order: `edit <post>`, `lock`, `unlock`. */
  log(): string[];
  /** Calls `f` the moment the forum stores a PM, an edit, a lock or a post, before it answers (null: stop). */
  onWrite(f: (() => void) | null): void;
  /** The opening post's id in `log()`. */
  openingId: string;
  close(): Promise<void>;
}

const KEY = /moddesk: ([\w.:-]+)/;
const keyOf = (...texts: string[]) => texts.map((t) => KEY.exec(t)?.[1]).find(Boolean) ?? '?';

/** A post's HTML as a Reddit comment's Markdown: bold, quotes and paragraphs are all the games use. */
function markdownOf(html: string): string {
  return html
    .replace(/<blockquote>([\s\S]*?)<\/blockquote>/g, (_, q: string) => `> ${q.replace(/<[^>]+>/g, '').trim()}\n\n`)
    .replace(/<\/?strong>/g, '**')
    .replace(/<\/p>\s*/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .trim();
}

function openingText(format: 'bbcode' | 'markdown'): string {
  return `${HAND_TOP}\n\n${blockText('roster', 'Alive: (filled in by moddesk)', format)}\n\n${HAND_BOTTOM}`;
}

/** A forum thread with the moderator's opening post, `start` ms before the game's first phase. */
function openedThread(start: number, opts: { firstId?: number; idStep?: number } = {}): FakeThread {
  const thread = new FakeThread({ start, ...opts });
  thread.add({ author: 'Mod', html: '<p>Welcome to the game.</p>', createdAt: start });
  return thread;
}

function putOnThread(thread: FakeThread, inbox: { send: FakeInboxSend }, post: Post): void {
  const at = Date.parse(post.createdAt);
  if (post.channel === 'pm') inbox.send({ from: post.author, html: post.html, sentAt: at });
  else thread.add({ author: post.author, html: post.html, createdAt: at });
}
/** The keys of the moderator's posts after the opening one, from their source where the fake keeps it. */
function postedOn(thread: FakeThread, sources: Map<number, string>): string[] {
  return thread
    .visible()
    .slice(1)
    .filter((p) => p.author === 'Mod')
    .map((p) => keyOf(sources.get(p.id) ?? p.html));
}

type FakeInboxSend = (m: { from: string; subject?: string; html: string; sentAt: number }) => unknown;

/** What the phpBB and XenForo fakes share: an inbox, the moderator's changes and hooks on what they store. */
interface FormsBoardParts {
  inbox: FakeInbox;
  modLog: string[];
  onPostTaken: (() => void) | null;
  onModTaken: (() => void) | null;
}

/** phpBB 3.3 (a game moderator: `m_lock`, not `m_edit`) or XenForo 2 (a forum moderator), logged in by form. */
async function boardGameForum(platform: 'phpbb' | 'xenforo', start: number): Promise<GameForum> {
  const thread = openedThread(start);
  const op = thread.posts[0]!;
  thread.sources.set(op.id, openingText('bbcode'));
  let board: FormsBoardParts;
  let sentPms: GameForum['sentPms'];
  let fake: { threadUrl: string; close(): Promise<void> };
  if (platform === 'phpbb') {
    const b = await startPhpbbBoard(thread, {
      ignoreFlood: true,
      timeZone: 'UTC',
      permissions: { Mod: { m_lock: true } },
    });
    board = b.board;
    sentPms = () => b.board.pmSent.map((m) => ({ to: m.to, key: keyOf(m.subject, m.message) }));
    fake = b;
  } else {
    const b = await startFormsBoard('xenforo', thread, { mod: { moderators: ['Mod'] } });
    b.board.timeZone = 'UTC';
    board = b.board;
    sentPms = () => b.board.pmSent.map((m) => ({ to: m.to, key: keyOf(m.title, m.message) }));
    fake = b;
  }
  const inbox = board.inbox;
  return {
    platform,
    url: fake.threadUrl,
    env: {
      MODDESK_FORUM_USERNAME: 'Mod',
      MODDESK_FORUM_PASSWORD: 'correct horse',
      MODDESK_MIN_GAP_MS: '1',
      MODDESK_FORUM_FLOOD_SECONDS: '0',
      MODDESK_FORUM_TIMEZONE: 'UTC',
    },
    moderator: 'Mod',
    put: (p) => putOnThread(thread, { send: (m) => inbox.send(m) }, p),
    pm: (from, text, at) => inbox.send({ from, subject: 'Re: your role', html: `<p>${text}</p>`, sentAt: at }),
    sentPms,
    postedKeys: () => postedOn(thread, thread.sources),
    opening: () => thread.sources.get(op.id) ?? '',
    locked: () => thread.locked,
    log: () => board.modLog,
    onWrite: (f) => {
      board.onPostTaken = f;
      board.onModTaken = f;
    },
    openingId: String(op.id),
    close: () => fake.close(),
  };
}

export async function startGameForum(platform: Platform, start: number): Promise<GameForum> {
  if (platform === 'phpbb' || platform === 'xenforo') return boardGameForum(platform, start);
  if (platform === 'discourse') {
    const thread = openedThread(start, { firstId: 500, idStep: 1 });
    const op = thread.posts[0]!;
    const f = await startDiscourseFake({ thread, apiKey: 'k-game', apiUsername: 'Mod', moderators: ['Mod'] });
    f.raws.set(op.id, openingText('markdown'));
    return {
      platform,
      url: f.threadUrl,
      env: { DISCOURSE_API_KEY: 'k-game', DISCOURSE_API_USERNAME: 'Mod', MODDESK_MIN_GAP_MS: '1' },
      moderator: 'Mod',
      put: (p) => putOnThread(thread, { send: (m) => f.inbox.send(m) }, p),
      pm: (from, text, at) => f.inbox.send({ from, subject: 'Re: your role', html: `<p>${text}</p>`, sentAt: at }),
      sentPms: () => f.pm.sent.map((m) => ({ to: String(m.to), key: keyOf(m.title, m.raw) })),
      postedKeys: () => postedOn(thread, f.raws),
      opening: () => f.raws.get(op.id) ?? '',
      locked: () => thread.locked,
      log: () => f.mod.modLog,
      onWrite: (fn) => {
        f.pm.onSent = fn;
        f.mod.onModTaken = fn;
      },
      openingId: String(op.id),
      close: () => f.close(),
    };
  }
  const thread = new RedditThread();
  thread.clock = Math.floor(start / 1000);
  thread.selftext = openingText('markdown');
  const server = await FakeRedditServer.start({ thread });
  const moderator = server.opts.username;
  thread.moderators.add(moderator);
  const at = (ms: number) => {
    // The fake stamps each new thing at its clock plus a gap: the clock is set to just before the post's time.
    thread.clock = Math.floor(ms / 1000) - 1;
  };
  return {
    platform,
    url: server.threadUrl,
    env: server.env(),
    moderator,
    put: (p) => {
      at(Date.parse(p.createdAt));
      if (p.channel === 'pm') thread.message(p.author, moderator, 'Night action', markdownOf(p.html), 1);
      else thread.add(null, p.author, markdownOf(p.html), 1);
    },
    pm: (from, text, ms) => {
      at(ms);
      thread.message(from, moderator, 're: your role', text, 1);
    },
    sentPms: () =>
      thread.messages.filter((m) => m.author === moderator).map((m) => ({ to: m.dest, key: keyOf(m.subject, m.body) })),
    postedKeys: () => [...thread.comments.values()].filter((c) => c.author === moderator).map((c) => keyOf(c.body)),
    opening: () => thread.selftext,
    locked: () => thread.locked,
    log: () => thread.modLog,
    // The Reddit fake has no hook: its kills fall at random moments only.
    onWrite: () => undefined,
    openingId: thread.linkId,
    close: () => server.close(),
  };
}
