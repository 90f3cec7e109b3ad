import type { ThreadSink, ThreadSource } from '../types.js';
import type { RedditConfig } from './config.js';
import type { GatewayName, RedditGateway } from './gateway.js';
import { RedditOwnActions } from './own-actions.js';
import { PoliteQueue } from './polite-queue.js';
import { type ReadOpts, RedditReader, type RedditReadResult } from './reader.js';
import { RedditSink } from './sink.js';
import { UndiciGateway } from './undici-gateway.js';

export interface RedditAdapter extends ThreadSource, ThreadSink {
  read(cursor: Parameters<ThreadSource['read']>[0], opts?: ReadOpts): Promise<RedditReadResult>;
  sendMessage(
    to: string,
    subject: string,
    text: string,
    idempotencyKey: string,
  ): Promise<import('../types.js').PostReceipt>;
  /** The gateway in use (created on first use); exposes `requests` and, for tests, its queue. */
  gateway(): Promise<RedditGateway>;
}

/** Builds the adapter from a config; the snoowrap gateway is loaded only when asked for (it pulls in `request`). */
export function createRedditAdapter(cfg: RedditConfig, gatewayName: GatewayName = 'undici'): RedditAdapter {
  let made: Promise<RedditGateway> | null = null;
  const gateway = (): Promise<RedditGateway> => {
    made ??=
      gatewayName === 'snoowrap'
        ? import('./snoowrap-gateway.js').then((m) => m.createSnoowrapGateway(cfg, new PoliteQueue(cfg.politeness)))
        : Promise.resolve(new UndiciGateway(cfg));
    return made;
  };
  const reader = new RedditReader(cfg, gateway);
  const sink = new RedditSink(cfg, gateway);
  const own = new RedditOwnActions(cfg, gateway);
  return {
    platform: 'reddit',
    read: (cursor, opts) => reader.read(cursor, opts),
    reply: (text, key) => sink.reply(text, key),
    sendMessage: (to, subject, text, key) => sink.sendMessage(to, subject, text, key),
    editPost: (postId, edit) => own.editPost(postId, edit),
    setLocked: (locked) => own.setLocked(locked),
    gateway,
  };
}
