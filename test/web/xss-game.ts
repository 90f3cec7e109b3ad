import type { GameFile } from '../../src/domain/game-file.js';
import type { Post } from '../../src/domain/post.js';
import { post, smallGame } from './games.js';

/** Scripts that would set `window.__xss` if any of them ran. */
export const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload=window.__xss=1>',
  "'><iframe src=javascript:window.__xss=1></iframe>",
  '</textarea><script>window.__xss=1</script>',
  '</title><script>window.__xss=1</script>',
  '<a href="javascript:window.__xss=1">click</a>',
  '[url=javascript:window.__xss=1]click[/url]',
  '[img]x" onerror="window.__xss=1[/img]',
  '[quote="a" onmouseover="window.__xss=1"]q[/quote]',
  '[click](javascript:window.__xss=1)',
  '<math><mtext></p><script>window.__xss=1</script>',
  '<style>body{display:none}</style>',
  '{{constructor.constructor("window.__xss=1")()}}',
];

export const XSS_NAMES = [
  '<img src=x onerror="window.__xss=1">',
  '"><script>window.__xss=1</script>',
  '[b]Bold[/b][url=javascript:window.__xss=1]x[/url]',
  '**Mark** [x](javascript:window.__xss=1)',
  'Plain',
  'Ann',
  'Ben',
];

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const at = (h: number) =>
  new Date(Date.parse('2026-05-04T18:00:00Z') + h * 3_600_000).toISOString().replace('.000Z', 'Z');

/** A game whose player names and posts are attacks: every page must show them as text and run none of them. */
export function xssGame(format: 'phpbb' | 'reddit' = 'phpbb'): { game: GameFile; posts: Post[] } {
  const game = smallGame(XSS_NAMES, {
    title: '<script>window.__xss=1</script> Mafia',
    thread: { platform: format, url: 'https://forum.example/viewtopic.php?t=9' },
  });
  const posts: Post[] = [];
  let h = 1;
  // Votes for every attacker-named player, from the others, so each name lands in wagons, drafts and history.
  XSS_NAMES.slice(0, 4).forEach((name, i) => {
    posts.push(
      post(XSS_NAMES[(i + 1) % 4] as string, at(h++), { html: `<p><strong>Vote: ${escapeHtml(name)}</strong></p>` }),
    );
  });
  for (const payload of PAYLOADS) {
    // As a forum serves typed text (escaped), and as raw hostile HTML; both with a vote the mod must judge.
    posts.push(
      post('Plain', at(h++), {
        html: `<p>${escapeHtml(payload)} <strong>Vote: Zzqx ${escapeHtml(payload)}</strong></p>`,
      }),
    );
    posts.push(post('Ann', at(h++), { html: `<p>${payload} <strong>Vote: Nobodyatall</strong></p>`, id: `x${h}` }));
  }
  return { game, posts };
}
