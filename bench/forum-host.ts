/**
 * The bench's platform: `count` local forums (the Reddit API the demo serves) in a process of their own, so the
 * desk bench measures the desk alone. Started by desk.bench.ts over IPC: it answers `{ envs }` once listening,
 * then takes `{ add: game, post }` and `{ close: true }`.
 */
import { systemClock } from '../src/app/clock.js';
import { LocalForum } from '../src/app/demo/local-forum.js';
import type { Post } from '../src/domain/post.js';

type Message = { add: number; post: Post } | { close: true };

const { count, history } = JSON.parse(process.argv[2] ?? '{}') as { count: number; history: Post[] };
const forums: LocalForum[] = [];
for (let i = 0; i < count; i++) {
  forums.push(await LocalForum.start({ posts: [...history], clock: systemClock, moderator: 'Mod', article: `g${i}` }));
}
process.send?.({ envs: forums.map((f) => f.env()) });
process.on('message', (m: Message) => {
  if ('add' in m) forums[m.add]?.add(m.post);
  else void Promise.all(forums.map((f) => f.close())).then(() => process.exit(0));
});
