/**
 * Reddit figures for `npm run bench` (issue 5): HTTP requests to read a 5,000-comment thread with each gateway,
 * and the cost of a poll when nothing changed. Runs against the fake Reddit on 127.0.0.1 (in this process).
 */
import { request } from 'undici';
import { createRedditAdapter } from '../src/adapters/reddit/adapter.js';
import { readRedditConfig } from '../src/adapters/reddit/config.js';
import type { Cursor } from '../src/adapters/types.js';
import { FakeThread } from '../test/fakes/reddit-fake-thread.js';
import { FakeRedditServer, partialLikeReddit } from '../test/fakes/reddit-server.js';
import type { BenchFigure } from './run.js';

const COMMENTS = 5000;
const POLLS = 20;

export default async function redditBench(): Promise<BenchFigure[]> {
  const fake = await FakeRedditServer.start({ thread: new FakeThread().generate(COMMENTS, 11) });
  try {
    const cfg = readRedditConfig({ url: fake.threadUrl, env: fake.env({ MODDESK_REDDIT_TIMEOUT_MS: '30000' }) });
    const undici = createRedditAdapter(cfg, 'undici');
    const snoowrap = createRedditAdapter(cfg, 'snoowrap');
    const full = await undici.read(null);
    const viaSnoowrap = await snoowrap.read(null);

    let cursor: Cursor = full.cursor;
    let requests = 0;
    let mapped = 0;
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < POLLS; i++) {
      const r = await undici.read(cursor);
      cursor = r.cursor;
      requests += r.requests;
      mapped += r.mapped;
    }
    const pollCpu = cpuMs(cpu0) / POLLS;

    // Baseline: the same two HTTP exchanges with no adapter (transport and the in-process fake only).
    const base = fake.env().MODDESK_REDDIT_API_BASE;
    const headers = { authorization: `bearer ${await freshToken(fake)}`, 'user-agent': cfg.userAgent };
    const raw0 = process.cpuUsage();
    for (let i = 0; i < POLLS; i++) {
      for (const path of [
        `/comments/${cfg.article}?sort=new&limit=100&raw_json=1`,
        '/message/inbox?limit=100&mark=false&raw_json=1',
      ]) {
        const res = await request(`${base}${path}`, { headers });
        await res.body.json();
      }
    }
    const rawCpu = cpuMs(raw0) / POLLS;

    const partial = await partialRead();
    const snoo = { name: 'requests to read 5,000 comments (snoowrap gateway)', value: viaSnoowrap.requests };
    return [
      {
        name: 'reddit: requests to read 5,000 comments (undici gateway)',
        value: full.requests,
        unit: 'requests',
        baseline: snoo,
        note: 'acceptance: ≤ 55',
      },
      {
        name: 'reddit: requests to read 5,000 comments whose morechildren answers leave ids out (undici gateway)',
        value: partial.requests,
        unit: 'requests',
        baseline: { name: 'the whole thread', value: full.requests },
        note: `${partial.leftOut} ids left out; acceptance: ≤ 55, every comment read`,
      },
      {
        ...snoo,
        name: `reddit: ${snoo.name}`,
        unit: 'requests',
        note: 'morechildren 20 ids a call, one stub at a time',
      },
      {
        name: 'reddit: requests per quiet poll',
        value: requests / POLLS,
        unit: 'requests',
        note: `thread head sorted new + inbox; ${mapped} posts mapped in ${POLLS} polls`,
      },
      {
        name: 'reddit: CPU per quiet poll (5,000 known comments)',
        value: pollCpu,
        unit: 'ms',
        baseline: { name: 'the same 2 requests without the adapter', value: rawCpu },
        note: 'process CPU, fake server included',
      },
    ];
  } finally {
    await fake.close();
  }
}

/** One full read of the same thread from a fake whose morechildren answers are partial, as Reddit's are. */
async function partialRead(): Promise<{ requests: number; leftOut: number }> {
  const fake = await FakeRedditServer.start({
    thread: new FakeThread().generate(COMMENTS, 11),
    leftOut: partialLikeReddit,
  });
  try {
    const r = await createRedditAdapter(
      readRedditConfig({ url: fake.threadUrl, env: fake.env({ MODDESK_REDDIT_TIMEOUT_MS: '30000' }) }),
      'undici',
    ).read(null);
    if (r.posts.length !== COMMENTS || r.missing)
      throw new Error(`reddit bench: the partial read got ${r.posts.length} of ${COMMENTS} comments`);
    return { requests: r.requests, leftOut: fake.leftOutCount };
  } finally {
    await fake.close();
  }
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
}

async function freshToken(fake: FakeRedditServer): Promise<string> {
  const {
    REDDIT_CLIENT_ID,
    REDDIT_CLIENT_SECRET,
    REDDIT_USERNAME,
    REDDIT_PASSWORD,
    REDDIT_USER_AGENT,
    MODDESK_REDDIT_AUTH_BASE,
  } = fake.env();
  const res = await request(`${MODDESK_REDDIT_AUTH_BASE}/api/v1/access_token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${REDDIT_CLIENT_ID}:${REDDIT_CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': String(REDDIT_USER_AGENT),
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: String(REDDIT_USERNAME),
      password: String(REDDIT_PASSWORD),
    }).toString(),
  });
  return ((await res.body.json()) as { access_token: string }).access_token;
}
