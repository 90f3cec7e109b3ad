import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { discordWebhook } from '../../src/adapters/alerts/discord-webhook.js';
import { Alerter } from '../../src/app/alerts/alerter.js';
import type { Post } from '../../src/domain/post.js';
import type { GameContext } from '../../src/machine/context.js';
import { at, GUESS_AT, heldDay, PLAYERS } from '../helpers/held-day.js';
import { post, smallGame } from '../web/games.js';
import { openWatchDesk, type WatchDesk } from '../web/watch-desk.js';
import { startReceiver, startSmtp } from './receivers.js';

// Issue 31 item 1: alerts from the live desk (`watch`) through real parts on 127.0.0.1: a signed JSON webhook, a
// Discord-shaped webhook and e-mail through a local SMTP server.

const HOOK_SECRET = 'whsec-7c1f0e9a2b44d1';
const DISCORD_TOKEN = 'dTok-9f8e7d6c5b4a39281';
const SMTP_PASSWORD = 'smtp-pw-41af93c2e7';
/** Words in the players' posts that no alert may carry (only names, counts and links). */
const PRIVATE = 'Kit-said-this-in-private';

type Parts = Awaited<ReturnType<typeof setUp>>;
let open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.reverse()) await close();
  open = [];
});

async function setUp(posts: Post[], o: { throttle?: number; at?: number } = {}) {
  const receiver = await startReceiver(HOOK_SECRET, o);
  const smtp = await startSmtp('mod', SMTP_PASSWORD);
  const logs: string[] = [];
  const log = pino(
    { level: 'debug' },
    new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  );
  const desk: WatchDesk = await openWatchDesk(smallGame(PLAYERS), posts, {
    at: o.at,
    log,
    env: {
      MODDESK_DISCORD_WEBHOOK_URL: `${receiver.url}/api/webhooks/1234/${DISCORD_TOKEN}`,
      MODDESK_ALERT_WEBHOOK_SECRET: HOOK_SECRET,
      MODDESK_SMTP_PASSWORD: SMTP_PASSWORD,
    },
    alerts: {
      discord: {},
      webhook: { url: `${receiver.url}/hook` },
      email: { host: '127.0.0.1', port: smtp.port, user: 'mod', from: 'desk@moddesk.test', to: ['mod@moddesk.test'] },
    },
  });
  open.push(receiver.close, smtp.close, desk.close);
  await desk.running.watcher.alerter!.idle();
  return { receiver, smtp, desk, logs };
}

/** Every alert body any channel received, and every log line. */
const everything = (p: Parts) => [...p.receiver.got.map((r) => r.body), ...p.smtp.mails, ...p.logs].join('\n');

function noSecretsNorPrivateText(p: Parts): void {
  const all = everything(p);
  for (const s of [HOOK_SECRET, DISCORD_TOKEN, SMTP_PASSWORD, PRIVATE]) expect(all).not.toContain(s);
}

describe('alerts from the live desk, to real receivers on 127.0.0.1', () => {
  it('issue 31: a hammer held for a ruling is one alert per channel, and only one after more polls', async () => {
    const p = await setUp(heldDay());
    await p.desk.running.watcher.pollAll();
    await p.desk.running.watcher.pollAll();
    await p.desk.running.watcher.alerter!.idle();
    expect(p.receiver.hooks()).toHaveLength(1);
    expect(p.receiver.discords()).toHaveLength(1);
    expect(p.smtp.mails).toHaveLength(1);
    expect(p.receiver.refused).toEqual([]);
    const hook = JSON.parse(p.receiver.hooks()[0]!.body) as { kinds: string[]; lines: string[]; links: string[] };
    expect(hook.kinds).toEqual(['hammer-held']);
    expect(hook.lines[0]).toContain('Kit');
    expect(hook.links).toEqual(['https://forum.example/viewtopic.php?p=7#p7']);
    expect((JSON.parse(p.receiver.discords()[0]!.body) as { content: string }).content).toContain('hammer is held');
    expect(p.smtp.mails[0]).toContain('Subject: moddesk: small-town: a hammer is held');
    noSecretsNorPrivateText(p);
  }, 60_000);

  it('R-V3: a sure hammer ends the day: one "D1 has ended" alert per channel', async () => {
    const day = heldDay().map((q) =>
      q.id === 'p7' ? post('Kit', GUESS_AT, { action: 'VOTE: Pre77er', id: 'p7' }) : q,
    );
    const p = await setUp(day);
    await p.desk.running.watcher.pollAll();
    await p.desk.running.watcher.alerter!.idle();
    for (const body of [p.receiver.hooks(), p.receiver.discords()].flat().map((r) => r.body))
      expect(body).toContain('D1 has ended');
    expect(p.receiver.hooks()).toHaveLength(1);
    expect(p.receiver.discords()).toHaveLength(1);
    expect(p.smtp.mails).toHaveLength(1);
    noSecretsNorPrivateText(p);
  }, 60_000);

  it('H-CR1: 100 count requests in one poll are one grouped alert per channel, not a flood', async () => {
    const p = await setUp([post('Ann', at(0), { action: 'VOTE: Bea', id: 'p1' })]);
    const burst = Array.from({ length: 100 }, (_, i) =>
      post(PLAYERS[i % PLAYERS.length]!, at(1 + i / 10), {
        html: `<p>${PRIVATE} <strong>vote count please</strong></p>`,
        id: `p${i + 2}`,
      }),
    );
    await p.desk.addPosts(burst);
    await p.desk.running.watcher.alerter!.idle();
    expect(p.receiver.hooks()).toHaveLength(1);
    expect(p.receiver.discords()).toHaveLength(1);
    expect(p.smtp.mails).toHaveLength(1);
    const hook = JSON.parse(p.receiver.hooks()[0]!.body) as { lines: string[]; links: string[] };
    expect(hook.lines).toEqual([expect.stringMatching(/^100 count requests by Ann, Bea, Cal, Dee, Eli and 8 more$/)]);
    expect(hook.links.length).toBeLessThanOrEqual(5);
    noSecretsNorPrivateText(p);
  }, 60_000);

  it('V-P2: a night action by PM is told by its sender alone: not its target, not a word of the PM', async () => {
    const pm: Post = {
      ...post('Bea', '2026-05-06T19:00:00Z', {
        html: `<p>${PRIVATE} <strong>Kill: Ann</strong></p>`,
        channel: 'pm',
        id: 'pm1',
      }),
      to: 'Mod',
    };
    const p = await setUp([post('Ann', at(0), { action: 'VOTE: Cal', id: 'p1' }), pm], {
      at: Date.parse('2026-05-06T20:00:00Z'),
    });
    expect((await p.desk.desk.state(p.desk.id)).phase?.name).toBe('N1');
    const hook = JSON.parse(p.receiver.hooks()[0]!.body) as { kinds: string[]; lines: string[] };
    expect(hook).toMatchObject({ kinds: ['night-action'], lines: ['1 night action received by PM from Bea'] });
    for (const body of everything(p)
      .split('\n')
      .filter((l) => !l.startsWith('{"level"')))
      expect(body).not.toMatch(/Kill|Ann/);
    expect(p.receiver.discords()).toHaveLength(1);
    expect(p.smtp.mails).toHaveLength(1);
    noSecretsNorPrivateText(p);
  }, 60_000);

  it("Discord's 429: the alert is sent again after its retry_after, once, and the desk's health says it was sent", async () => {
    const p = await setUp(heldDay(), { throttle: 1 });
    await p.desk.running.watcher.alerter!.idle();
    expect(p.receiver.refused).toHaveLength(1);
    expect(p.receiver.discords()).toHaveLength(1);
    const discord = p.desk.running.watcher.alerter!.channels().find((c) => c.name === 'discord');
    expect(discord).toMatchObject({ sent: 1, failing: null });
    expect(p.logs.join('\n')).toContain('alert not sent; will retry');
    noSecretsNorPrivateText(p);
  }, 60_000);
});

describe('a channel that cannot be reached', () => {
  it('is retried with a backoff, then said in words (host only: no token, no secret) on the desk and in the log', async () => {
    const receiver = await startReceiver(HOOK_SECRET);
    await receiver.close(); // nothing listens there now
    const logs: string[] = [];
    const log = pino(
      { level: 'debug' },
      new Writable({
        write(chunk, _enc, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    );
    const alerter = new Alerter({
      limits: { deadlineHours: 2, failingMinutes: 15, draftWaitingMinutes: 30 },
      routes: [
        {
          channel: discordWebhook({ url: `${receiver.url}/api/webhooks/1234/${DISCORD_TOKEN}`, timeoutMs: 2000 }),
          kinds: new Set(['read-failing'] as const),
        },
      ],
      now: () => Date.parse('2026-05-04T20:00:00Z'),
      log,
      tries: 3,
      backoffMs: 5,
    });
    const ctx = { phase: null, flags: [], nightActions: [], slots: [] } as unknown as GameContext;
    alerter.afterRound({ gameId: 'g', ctx, posts: [], failures: 1, drafts: [] });
    alerter.afterRound({ gameId: 'g', ctx, posts: [], failures: 2, drafts: [] });
    await alerter.idle();
    const [discord] = alerter.channels();
    // failingMinutes 15: a read failing since this instant is not yet an alert; none was sent nor tried.
    expect(discord).toMatchObject({ sent: 0, failing: null });
    const later = new Alerter({
      limits: { deadlineHours: 2, failingMinutes: 0, draftWaitingMinutes: 30 },
      routes: [
        {
          channel: discordWebhook({ url: `${receiver.url}/api/webhooks/1234/${DISCORD_TOKEN}`, timeoutMs: 2000 }),
          kinds: new Set(['read-failing'] as const),
        },
      ],
      now: () => Date.parse('2026-05-04T20:00:00Z'),
      log,
      tries: 3,
      backoffMs: 5,
    });
    later.afterRound({ gameId: 'g', ctx, posts: [], failures: 1, drafts: [] });
    await later.idle();
    const [failing] = later.channels();
    expect(failing).toMatchObject({ name: 'discord', sent: 0, failing: { tries: 3 } });
    expect(failing?.failing?.message).toContain('could not reach 127.0.0.1:');
    expect(logs.filter((l) => l.includes('alert not sent'))).toHaveLength(3);
    expect([JSON.stringify(failing), ...logs].join('\n')).not.toContain(DISCORD_TOKEN);
  });
});
