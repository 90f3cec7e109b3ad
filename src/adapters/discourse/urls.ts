import { ModdeskError } from '../../domain/errors.js';
import { parseUrlOr } from '../common/page-helpers.js';

export interface DiscourseTopicRef {
  /** Origin plus any subfolder the forum lives under. */
  base: string;
  topicId: number;
  slug: string | null;
}

/** `/t/{slug}/{id}`, `/t/{id}`, with an optional `/{post_number}` or `.json`. */
export function discourseTopic(url: string): DiscourseTopicRef {
  const u = parseUrlOr(url, badUrl);
  const m = /^(.*?)\/t\/(?:([^/]+)\/)?(\d+)(?:\/\d+)?(?:\.json)?\/?$/.exec(u.pathname);
  if (!m) throw badUrl(url);
  const slug = m[2] && !/^\d+$/.test(m[2]) ? m[2] : null;
  return { base: `${u.origin}${m[1]}`, topicId: Number(m[3]), slug };
}

export function topicJsonUrl(t: DiscourseTopicRef, postNumber: number | null): string {
  const path = t.slug ? `/t/${t.slug}/${t.topicId}` : `/t/${t.topicId}`;
  return `${t.base}${path}${postNumber ? `/${postNumber}` : ''}.json`;
}

export function postsJsonUrl(t: DiscourseTopicRef, ids: string[], includeRaw = false): string {
  const q = ids.map((id) => `post_ids[]=${encodeURIComponent(id)}`).join('&');
  return `${t.base}/t/${t.topicId}/posts.json?${q}${includeRaw ? '&include_raw=true' : ''}`;
}

function badUrl(url: string): ModdeskError {
  return new ModdeskError(
    'usage',
    `expected a Discourse topic URL such as https://forum.example/t/game-thread/123, got ${JSON.stringify(url)}`,
  );
}
