import { describe, expect, it } from 'vitest';
import type { PmWindow } from '../../domain/pm-window.js';
import { type PmInbox, type PmListing, type PmMessage, readPms } from './pm-inbox.js';

const T = Date.UTC(2026, 0, 5, 18);
const window: PmWindow = { senders: ['alice', 'bob'], since: T };

/** An inbox of conversations, newest first, `perPage` a page; counts what was listed and opened. */
function inbox(convs: { key: string; messages: PmMessage[]; oneOf?: boolean }[], perPage = 2) {
  const opened: string[] = [];
  const pages: number[] = [];
  const box: PmInbox = {
    async list(page) {
      pages.push(page);
      const slice = convs.slice((page - 1) * perPage, page * perPage);
      const listings: PmListing[] = slice.map((c) => ({
        key: c.key,
        stamp: `${c.messages.length}:${c.messages.at(-1)!.sentAt}`,
        url: `/c/${c.key}`,
        lastAt: c.messages.at(-1)!.sentAt,
        authors: c.oneOf ? c.messages.map((m) => m.author) : null,
      }));
      return { listings, more: page * perPage < convs.length };
    },
    async open(l) {
      opened.push(l.key);
      return convs.find((c) => c.key === l.key)!.messages;
    },
  };
  return { box, opened, pages };
}

const msg = (id: number, author: string, hours: number, html = `<p>${author} ${id}</p>`): PmMessage => ({
  id: `pm-x-${id}`,
  author,
  sentAt: T + hours * 3_600_000,
  html,
});

describe('readPms (issue 30 item 2)', () => {
  it('reads page after page while every conversation is new, and stops at one older than the game', async () => {
    const convs = [
      { key: '5', messages: [msg(5, 'Bob', 5)] },
      { key: '4', messages: [msg(4, 'Alice', 4)] },
      { key: '3', messages: [msg(3, 'Zed', 3, '<p>SECRET</p>')], oneOf: true },
      { key: '2', messages: [msg(2, 'Alice', -1)] },
      { key: '1', messages: [msg(1, 'Alice', -2)] },
    ];
    const { box, opened, pages } = inbox(convs);
    const r = await readPms(box, window, undefined, 'Mod');
    expect(r.posts.map((p) => [p.id, p.author, p.channel, p.to])).toEqual([
      ['pm-x-5', 'Bob', 'pm', 'Mod'],
      ['pm-x-4', 'Alice', 'pm', 'Mod'],
    ]);
    expect(pages).toEqual([1, 2]);
    expect(opened).toEqual(['5', '4']);
    expect(JSON.stringify(r.cursor)).not.toMatch(/Zed|SECRET|Alice|Bob/);

    // Again: page 1 is known, nothing opened, nothing returned.
    const again = inbox(convs);
    const r2 = await readPms(again.box, window, r.cursor, 'Mod');
    expect(r2.posts).toEqual([]);
    expect(again.opened).toEqual([]);
    expect(again.pages).toEqual([1]);
  });

  it('a conversation that moved is opened again and gives only its new players’ messages; a bad cursor starts over', async () => {
    const conv = { key: '9', messages: [msg(1, 'Alice', 1), msg(2, 'Mod', 2)] };
    const first = await readPms(inbox([conv]).box, window, null, 'Mod');
    expect(first.posts.map((p) => p.id)).toEqual(['pm-x-1']);
    conv.messages.push(msg(3, 'Alice', 3), msg(4, 'Zed', 4));
    const second = await readPms(inbox([conv]).box, window, first.cursor, 'Mod');
    expect(second.posts.map((p) => p.id)).toEqual(['pm-x-3']);
    const fresh = await readPms(inbox([conv]).box, window, { not: 'a cursor' }, 'Mod');
    expect(fresh.posts.map((p) => p.id)).toEqual(['pm-x-1', 'pm-x-3']);
  });
});
