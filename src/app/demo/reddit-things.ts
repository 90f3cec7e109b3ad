import type { Post } from '../../domain/post.js';
import { replaceTags } from '../../domain/tags.js';

/** Reddit's JSON shapes (only the fields our adapter reads, platforms.md §1) for the built-in local forum. */

export interface LocalComment {
  id: string;
  author: string;
  html: string;
  createdSec: number;
  editedSec: number | null;
}

export interface LocalMessage {
  id: string;
  author: string;
  dest: string;
  subject: string;
  html: string;
  createdSec: number;
}

export const listing = (children: unknown[], after: string | null = null) => ({
  kind: 'Listing',
  data: { children, after, before: null },
});

export function commentThing(c: LocalComment, article: string, sub: string) {
  return {
    kind: 't1',
    data: {
      id: c.id,
      name: `t1_${c.id}`,
      author: c.author,
      body: textOf(c.html),
      body_html: `<div class="md">${c.html}</div>`,
      created_utc: c.createdSec,
      edited: c.editedSec ?? false,
      parent_id: `t3_${article}`,
      link_id: `t3_${article}`,
      permalink: `/r/${sub}/comments/${article}/demo/${c.id}/`,
      depth: 0,
      replies: '',
    },
  };
}

export function messageThing(m: LocalMessage) {
  return {
    kind: 't4',
    data: {
      id: m.id,
      name: `t4_${m.id}`,
      author: m.author,
      dest: m.dest,
      subject: m.subject,
      body: textOf(m.html),
      body_html: `<div class="md">${m.html}</div>`,
      created_utc: m.createdSec,
      was_comment: false,
      replies: '',
    },
  };
}

export function submissionThing(article: string, sub: string, title: string, createdSec: number, numComments: number) {
  return {
    kind: 't3',
    data: {
      id: article,
      name: `t3_${article}`,
      title,
      author: 'moddesk-demo',
      created_utc: createdSec,
      num_comments: numComments,
      permalink: `/r/${sub}/comments/${article}/demo/`,
    },
  };
}

/** Markdown the mod posts, as the little HTML a reader needs (paragraphs, line breaks, bold). */
export function markdownToHtml(md: string): string {
  const esc = md.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return esc
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>').replace(/ {2}\n|\n/g, '<br>\n')}</p>`)
    .join('\n');
}

export function textOf(html: string): string {
  return replaceTags(html.replace(/<br\s*\/?>/g, '\n'), '', true)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}

/** When each version of a dump's post becomes visible: the first at `createdAt`, later ones at `editedAt`. */
export function scheduleOf(posts: Post[]): { post: Post; visibleAt: number; first: boolean }[] {
  const seen = new Set<string>();
  return posts.map((post) => {
    const first = !seen.has(post.id);
    seen.add(post.id);
    return { post, first, visibleAt: Date.parse(first ? post.createdAt : (post.editedAt ?? post.createdAt)) };
  });
}
