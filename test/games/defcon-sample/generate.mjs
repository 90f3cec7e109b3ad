// Writes posts.jsonl for the DEFCON sample game: the scripted actions of the story below, and chatter
// between them from a fixed pseudo-random sequence. Run: node test/games/defcon-sample/generate.mjs
import { writeFileSync } from 'node:fs';

const BASE = Date.parse('2026-03-02T00:00:00Z');
const iso = (hours) => new Date(BASE + Math.round(hours * 60) * 60_000).toISOString().replace('.000Z', 'Z');
const PLAYERS = [
  'Ava',
  'Bea',
  'Cid',
  'Dot',
  'Eve',
  'Fay',
  'Gus',
  'Hal',
  'Ivy',
  'Jon',
  'Kit',
  'Lou',
  'Max',
  'Nia',
  'Oz',
];
// When each player stops posting (hours from D0's start): their death in the story.
const DIES = { Max: 60, Cid: 118, Jon: 135, Hal: 168, Eve: 218, Gus: 220, Dot: 240, Bea: 270, Lou: 290, Oz: 291 };

const items = [];
const t = (hours, author, text, extra = {}) =>
  items.push({ hours, author, html: `<p><strong>${text}</strong></p>`, channel: 'thread', ...extra });
const pm = (hours, author, text) =>
  items.push({ hours, author, html: `<p><strong>${text}</strong></p>`, channel: 'pm', to: 'Mod' });
const raw = (hours, author, html, extra = {}) => items.push({ hours, author, html, channel: 'thread', ...extra });

// D0: requests (the last one counts), a vote that does not count yet.
pm(1, 'Nia', 'Request: Fighter');
pm(2, 'Eve', 'Request: Radar, Special Ops');
pm(3, 'Gus', 'Request: Special Ops, Radar');
pm(4, 'Nia', 'Request: Radar, Missile Silo (abm)');
pm(5, 'Fay', 'Request: Fighter');
t(6, 'Oz', 'Vote: Ava');
// D1 [24, 72): Max is lynched by the eighth vote at 60; his Doomsday PM goes out at 70.
t(26, 'Bea', 'Vote: Ava');
t(27, 'Eve', 'Vote: Ava');
t(28, 'Oz', 'Vote: Ivy');
t(29, 'Gus', 'Vote: Kit');
t(30, 'Max', 'Vote: Ava');
t(31, 'Ava', 'Vote: Max');
raw(32, 'Jon', '<blockquote><strong>Vote: Ava</strong></blockquote><p>Bea, why Ava? Reads like a bandwagon.</p>');
t(34, 'Cid', 'Vote: Max');
t(36, 'Dot', 'Vote: Max');
t(40, 'Lou', 'Vote: Max');
t(41, 'Fay', 'Vote: Max');
t(44, 'Hal', 'Vote: Max');
t(50, 'Lou', 'Unvote');
raw(51, 'Kit', '<p>I think we should vote <strong>Max</strong> too, honestly.</p>');
pm(52, 'Kit', 'Request: Radar');
t(54, 'Ivy', 'Vote: Max');
t(57, 'Jon', 'Vote: Max');
t(60, 'Nia', 'Vote: Max');
t(61, 'Bea', 'Vote: Nia');
pm(70, 'Max', 'Doomsday: Cid');
// N1 [72, 96): results, a kill too early, an action a role does not have.
pm(73, 'Cid', 'Target: Bea');
pm(74, 'Ivy', 'Guess: Eve mafia');
pm(75, 'Gus', 'Target: Cid');
pm(76, 'Hal', 'Target: Oz');
pm(77, 'Dot', 'Target: Ava');
pm(78, 'Eve', 'Target: Cid');
pm(79, 'Bea', 'Kill: Ava');
pm(80, 'Jon', 'Target: Bea');
// D2 [96, 144): the Doomsday missile lands on Cid at 118 mid-day; Jon is lynched at 135.
t(100, 'Bea', 'Vote: Cid');
t(101, 'Oz', 'Vote: Cid');
t(104, 'Cid', 'Vote: Bea');
t(108, 'Ava', 'Vote: Bea');
raw(110, 'Ivy', '<p>Not voting yet.</p>', { id: '9001' });
raw(111, 'Ivy', '<p>Not voting yet. <strong>Vote: Oz</strong></p>', { id: '9001', createdAt: 110, editedAt: 111 });
t(120, 'Bea', 'Vote: Jon');
t(121, 'Eve', 'Vote: Jon');
t(122, 'Oz', 'Vote: Jon');
t(124, 'Gus', 'Vote: Jon');
t(126, 'Kit', 'Vote: Jon');
t(128, 'Lou', 'Vote: Jon');
t(130, 'Dot', 'Vote: Bea');
t(135, 'Nia', 'Vote: Jon');
// N2 [144, 168): the mafia's last Kill counts (Eve on Ivy) and the Battleship saves Ivy; the sk kills Hal.
pm(146, 'Hal', 'Target: Bea');
pm(148, 'Gus', 'Target: Fay');
pm(150, 'Bea', 'Kill: Dot');
pm(152, 'Gus', 'Kill: Hal');
pm(153, 'Dot', 'Target: Ivy');
pm(155, 'Eve', 'Kill: Ivy');
pm(156, 'Ivy', 'Guess: Gus sk');
pm(157, 'Eve', 'Target: Dot');
// D3 [168, 216): launches; the ABM silo intercepts; no lynch at 205.
t(170, 'Ava', 'Nuke: Eve');
t(171, 'Bea', 'Nuke: Ava');
pm(172, 'Kit', 'Nuke: Gus');
t(173, 'Oz', 'Nuke: Nia');
t(174, 'Oz', 'Nuke: Fay');
t(180, 'Ava', 'Nuke: Bea');
t(182, 'Eve', 'Vote: Ava');
t(183, 'Oz', 'Vote: Ava');
t(184, 'Gus', 'Vote: Ivy');
t(185, 'Dot', 'Vote: Oz');
t(190, 'Ava', 'Vote: no lynch');
t(191, 'Bea', 'Vote: no lynch');
t(192, 'Fay', 'Vote: NL');
t(196, 'Ava', 'Abort: Eve');
t(197, 'Ivy', 'Vote: no lynch');
t(199, 'Kit', 'Vote: no lynch');
t(201, 'Lou', 'Vote: no lynch');
t(205, 'Nia', 'Vote: no lynch');
t(207, 'Dot', 'Vote: Bea');
// N3 [216, 240): Eve and Gus are hit at 218 and 220; the mafia kills Dot.
pm(222, 'Dot', 'Target: Ava');
pm(225, 'Bea', 'Kill: Dot');
pm(226, 'Ivy', 'Guess: Oz mafia');
// D4 [240, 288): the Failsafe answers Bea; Oz aborts; Bea is lynched at 270.
t(242, 'Bea', 'Nuke: Lou');
t(243, 'Kit', 'Nuke: Oz');
t(244, 'Ava', 'Nuke: Bea');
pm(245, 'Kit', 'Nuke: Ava');
t(250, 'Oz', 'Nuke: Ava');
t(252, 'Oz', 'Abort: Ava');
t(255, 'Bea', 'Vote: Ivy');
t(256, 'Oz', 'Vote: Ivanka');
t(257, 'Fay', 'Vote: Oz');
t(260, 'Ava', 'Vote: Bea');
t(262, 'Ivy', 'Vote: Bea');
t(264, 'Kit', 'Vote: Bea');
t(266, 'Lou', 'Vote: Bea');
t(270, 'Nia', 'Vote: Bea');
// N4 [288, 312): the dead Oz's kill does not happen; the last missile lands at 292 and the town wins.
pm(289, 'Oz', 'Kill: Ivy');
t(300, 'Ivy', 'Vote: Fay');

const CHATTER = [
  'Morning all. Reading back now.',
  'That vote on the last page reads like a bus to me.',
  'Who has not claimed a role yet? Silos should speak up.',
  'I am not comfortable with how quiet some people are.',
  'Remember the nukes: anyone with a launch silo is a threat from D3 on.',
  'Can we get a vote count, mod?',
  'Not voting yet, I want to hear from the lurkers first.',
  'Bea, your case is thin.',
  'If the ABM is out there, please do not reveal yourself.',
  'Night actions sent. Fingers crossed.',
  'The missile board is getting crowded.',
  'Let us not lynch on a coin flip.',
  'I trust Ava more after that launch.',
  'Interesting that Oz went straight for the silo.',
  'The Failsafe would make any launcher think twice.',
  'Who do you think the anonymous launch came from?',
];
let seed = 1983;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
for (let hours = 8; hours < 300; hours += 2.6) {
  const living = PLAYERS.filter((p) => (DIES[p] ?? 1e9) > hours);
  const author = living[Math.floor(random() * living.length)];
  const line = CHATTER[Math.floor(random() * CHATTER.length)];
  raw(hours + 0.25, author, `<p>${line}</p>`);
}

items.sort((a, b) => a.hours - b.hours);
let n = 1000;
const lines = items.map((it) => {
  if (!it.id) n += 1;
  const id = it.id ?? String(n);
  const createdAt = iso(it.createdAt ?? it.hours);
  const post = {
    id,
    author: it.author,
    createdAt,
    editedAt: it.editedAt === undefined ? null : iso(it.editedAt),
    html: it.html,
    channel: it.channel,
  };
  if (it.channel === 'pm') post.to = it.to;
  else {
    post.number = Number(id) - 1000;
    post.url = `https://forum.example/viewtopic.php?t=42#p${id}`;
  }
  return JSON.stringify(post);
});
writeFileSync(new URL('./posts.jsonl', import.meta.url), `${lines.join('\n')}\n`);
console.log(`wrote ${lines.length} posts`);
