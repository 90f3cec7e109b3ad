/**
 * The moderator's private messages on a fake forum: what the PM pages of every fake (phpBB, XenForo, vBulletin,
 * Discourse) serve. A message belongs to a conversation (phpBB and vBulletin: one message each; XenForo
 * conversations and Discourse PM topics: every reply in it).
 */
export interface FakePm {
  id: number;
  conversation: number;
  from: string;
  to: string;
  subject: string;
  /** The message as the forum renders it (HTML). */
  html: string;
  sentAt: number;
}

export class FakeInbox {
  readonly messages: FakePm[] = [];
  /** Every request a PM page answered, by path and query (a test counts the message views). */
  readonly views: string[] = [];
  private nextId: number;

  constructor(firstId = 100) {
    this.nextId = firstId;
  }

  /** A new conversation's first message (`conversation` given: a reply in it). */
  send(m: {
    from: string;
    to?: string;
    subject?: string;
    html: string;
    sentAt: number;
    conversation?: number;
  }): FakePm {
    const id = this.nextId++;
    const pm: FakePm = {
      id,
      conversation: m.conversation ?? id,
      from: m.from,
      to: m.to ?? 'Mod',
      subject: m.subject ?? 'Night action',
      html: m.html,
      sentAt: m.sentAt,
    };
    this.messages.push(pm);
    return pm;
  }

  /** The account's conversations, the one with the newest message first. */
  conversations(user: string): { id: number; messages: FakePm[] }[] {
    const byId = new Map<number, FakePm[]>();
    for (const m of this.messages) {
      const first = this.messages.find((x) => x.id === m.conversation)!;
      if (first.to !== user && first.from !== user) continue;
      byId.set(m.conversation, [...(byId.get(m.conversation) ?? []), m]);
    }
    return [...byId]
      .map(([id, messages]) => ({ id, messages }))
      .sort((a, b) => b.messages.at(-1)!.sentAt - a.messages.at(-1)!.sentAt);
  }

  /** Messages to `user`, newest first (phpBB's and vBulletin's inbox folder). */
  inboxOf(user: string): FakePm[] {
    return this.messages.filter((m) => m.to === user).sort((a, b) => b.sentAt - a.sentAt);
  }
}
