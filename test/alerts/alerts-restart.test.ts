import { afterEach, describe, expect, it } from 'vitest';
import { heldDay, PLAYERS } from '../helpers/held-day.js';
import { smallGame } from '../web/games.js';
import { openWatchDesk, type WatchDesk } from '../web/watch-desk.js';
import { startReceiver } from './receivers.js';

// Issue 31 item 4: what was alerted was kept in memory only, so a restarted desk told the current phase's news again.
const SECRET = 'whsec-restart-5d1e';
let open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.reverse()) await close();
  open = [];
});

describe('alerts across a restart of the desk', () => {
  it('issue 31: a held hammer alerted before a restart is not alerted again by the restarted desk', async () => {
    const receiver = await startReceiver(SECRET);
    open.push(receiver.close);
    const first: WatchDesk = await openWatchDesk(smallGame(PLAYERS), heldDay(), {
      env: { MODDESK_ALERT_WEBHOOK_SECRET: SECRET },
      alerts: { webhook: { url: `${receiver.url}/hook` } },
    });
    await first.running.watcher.alerter!.idle();
    expect(receiver.hooks()).toHaveLength(1);
    expect(JSON.parse(receiver.hooks()[0]!.body)).toMatchObject({ kinds: ['hammer-held'] });

    const second = await first.restart();
    open.push(second.close);
    await second.running.watcher.pollAll();
    await second.running.watcher.pollAll();
    await second.running.watcher.alerter!.idle();
    // The restarted desk did read the game (the hammer still held), and told nothing new.
    expect((await second.desk.flags(second.id)).some((f) => f.code === 'hammer-needs-ruling')).toBe(true);
    expect(receiver.hooks()).toHaveLength(1);
    expect(receiver.refused).toEqual([]);
  }, 60_000);
});
