import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDump } from '../../src/app/load-dump.js';
import { loadGameFile } from '../../src/app/load-game-file.js';
import { ROOT } from '../desk/helpers.js';
import { openWatchDesk, type WatchDesk } from '../web/watch-desk.js';
import { startReceiver, startSmtp } from './receivers.js';

// Issue 31's acceptance: a hammer in a replayed real thread is exactly one alert per channel. The real MafiaScum
// game of ../shared/eval-data whose day 4 ends on a sure majority: the desk reads the day up to the post before the
// deciding vote, then the vote arrives, then the moderator's own day-end post and the night's talk.
const GAME_DIR = join(ROOT, '..', 'shared', 'eval-data', 'mafiascum-donbot', 'games', '71047');
const SECRET = 'whsec-real-thread-31';
const SMTP_PASSWORD = 'smtp-real-thread-31';

describe('alerts on a replayed real thread (issue 31)', () => {
  let desk: WatchDesk | undefined;
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await desk?.close();
    for (const close of closers) await close();
  });

  it('the real hammer of a day is one "day ended" alert per channel, and no second one as the thread goes on', async () => {
    expect(existsSync(join(GAME_DIR, 'posts.jsonl')), `the real game is missing: looked in ${GAME_DIR}`).toBe(true);
    const game = loadGameFile(join(GAME_DIR, 'day-4.game.yaml'));
    const posts = loadDump(join(GAME_DIR, 'posts.jsonl'));
    const day = (
      JSON.parse(readFileSync(join(GAME_DIR, 'expected.json'), 'utf8')) as {
        days: { day: number; hammerWindow: { to: { id: string } } }[];
      }
    ).days.find((d) => d.day === 4)!;
    const hammer = posts.findIndex((p) => p.id === day.hammerWindow.to.id);
    expect(hammer).toBeGreaterThan(0);

    const receiver = await startReceiver(SECRET);
    const smtp = await startSmtp('mod', SMTP_PASSWORD);
    closers.push(receiver.close, smtp.close);
    desk = await openWatchDesk(game, posts.slice(0, hammer), {
      log: pino({ level: 'silent' }),
      env: {
        MODDESK_DISCORD_WEBHOOK_URL: `${receiver.url}/api/webhooks/31/discord-token-31`,
        MODDESK_ALERT_WEBHOOK_SECRET: SECRET,
        MODDESK_SMTP_PASSWORD: SMTP_PASSWORD,
      },
      alerts: {
        discord: { kinds: ['day-ended', 'hammer-held'] },
        webhook: { url: `${receiver.url}/hook`, kinds: ['day-ended', 'hammer-held'] },
        email: {
          host: '127.0.0.1',
          port: smtp.port,
          user: 'mod',
          from: 'desk@moddesk.test',
          to: ['mod@moddesk.test'],
          kinds: ['day-ended', 'hammer-held'],
        },
      },
    });
    const alerter = desk.running.watcher.alerter!;
    await alerter.idle();
    expect(receiver.hooks(), 'nothing to tell before the deciding vote').toEqual([]);

    await desk.addPosts([posts[hammer]!]);
    await alerter.idle();
    const dayEnded = (bodies: string[]) => bodies.filter((b) => /D4 has ended/.test(b));
    expect(dayEnded(receiver.hooks().map((r) => r.body))).toHaveLength(1);
    expect(dayEnded(receiver.discords().map((r) => r.body))).toHaveLength(1);
    expect(dayEnded(smtp.mails)).toHaveLength(1);
    expect(receiver.refused).toEqual([]);

    await desk.addPosts(posts.slice(hammer + 1, hammer + 40));
    await alerter.idle();
    expect(receiver.hooks()).toHaveLength(1);
    expect(receiver.discords()).toHaveLength(1);
    expect(smtp.mails).toHaveLength(1);
  }, 120_000);
});
