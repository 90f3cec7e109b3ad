import { inPmWindow, type PmWindow } from '../../domain/pm-window.js';
import type { Post } from '../../domain/post.js';
import { formatInstant } from '../../domain/time.js';
import * as z from '../../domain/zod.js';

/**
 * One conversation as the inbox's list shows it (a phpBB or vBulletin message is a conversation of one; a XenForo
 * conversation or a Discourse PM topic holds many messages).
 */
export interface PmListing {
  /** The conversation's id on the platform. */
  key: string;
  /** Changes whenever the conversation gains a message (its last message's id or time). */
  stamp: string;
  /** Where its messages are read. */
  url: string;
  /** When its last message was sent (epoch ms), when the list says. */
  lastAt: number | null;
  /** Who wrote its messages, when the list tells them all (a conversation of one); null: open it to know. */
  authors: string[] | null;
}

/** One message read from a conversation. */
export interface PmMessage {
  /** The platform's id of the message, prefixed so it never collides with a post id of the thread. */
  id: string;
  author: string;
  sentAt: number;
  html: string;
  url?: string;
  subject?: string;
}

/** A platform's PM inbox, newest conversations first. */
export interface PmInbox {
  list(page: number): Promise<{ listings: PmListing[]; more: boolean }>;
  open(listing: PmListing): Promise<PmMessage[]>;
}

/** What the cursor keeps of the inbox: each conversation's last stamp, and the ids of the messages returned. */
const pmCursorSchema = z.object({
  stamps: z.record(z.string(), z.string()),
  returned: z.array(z.string()),
});
export type PmCursor = z.infer<typeof pmCursorSchema>;

/** Pages of the inbox list read at most in one poll (the newest conversations come first). */
const MAX_LIST_PAGES = 5;
const KEEP_STAMPS = 500;
const KEEP_RETURNED = 2000;

/**
 * The game's new PMs as `channel: "pm"` posts (interfaces §1). Conversations are opened only when their stamp moved
 * since the cursor's and the list does not already show them to be from no player; a message becomes a post only
 * when `window` takes it (a player's account, sent during the game) and it was not returned before. Nothing else of
 * the inbox is kept: the cursor holds stamps and ids, never a sender, subject or text.
 */
export async function readPms(
  inbox: PmInbox,
  window: PmWindow,
  cursorIn: unknown,
  to: string,
): Promise<{ posts: Post[]; cursor: PmCursor }> {
  const prev = pmCursorSchema.safeParse(cursorIn ?? { stamps: {}, returned: [] });
  const stamps = { ...(prev.success ? prev.data.stamps : {}) };
  const returned = new Set(prev.success ? prev.data.returned : []);
  const fresh = new Set<string>();
  const posts: Post[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const { listings, more } = await inbox.list(page);
    // A conversation older than the game, or unchanged since the last read, ends the walk: the rest are older.
    let reachedKnown = false;
    for (const l of listings) {
      if ((l.lastAt !== null && l.lastAt < window.since) || stamps[l.key] === l.stamp) {
        reachedKnown = true;
        continue;
      }
      const fromPlayer = l.authors === null || l.authors.some((a) => window.senders.includes(a.trim().toLowerCase()));
      if (fromPlayer) {
        for (const m of await inbox.open(l)) {
          if (returned.has(m.id) || fresh.has(m.id) || !inPmWindow(window, m.author, m.sentAt)) continue;
          fresh.add(m.id);
          posts.push(toPmPost(m, to));
        }
      }
      delete stamps[l.key];
      stamps[l.key] = l.stamp;
    }
    if (reachedKnown || !more) break;
  }
  return {
    posts,
    cursor: {
      stamps: Object.fromEntries(Object.entries(stamps).slice(-KEEP_STAMPS)),
      returned: [...returned, ...fresh].slice(-KEEP_RETURNED),
    },
  };
}

function toPmPost(m: PmMessage, to: string): Post {
  const post: Post = {
    id: m.id,
    author: m.author,
    createdAt: formatInstant(m.sentAt),
    editedAt: null,
    html: m.html,
    channel: 'pm',
    to,
  };
  if (m.url) post.url = m.url;
  if (m.subject) post.subject = m.subject;
  return post;
}
