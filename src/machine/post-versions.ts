import type { ActionForm, ExtractedAction, ParsedPost, ParseFn } from '../domain/action.js';
import type { Post } from '../domain/post.js';
import { type Instant, parseInstant } from '../domain/time.js';
import type { ReceivedPost } from './context.js';

export type { ParseFn };

/**
 * Turns the dump's lines into the post versions the machine sees (interfaces §2, last paragraph): the first
 * line of an id is its first version, seen at `createdAt`; a later line is a later version, seen at its
 * `editedAt`, whose only effect is to flag the actions that the first version did not have (`edited-action`).
 * A post with one version and `editedAt` set counts as it is, flagged `edited-unverified`.
 */
export function postVersions(posts: Post[], syntax: ActionForm[], parse: ParseFn): ReceivedPost[] {
  return postVersionsOf(posts, syntax, parse).map((v) => v.version);
}

/** A line's post version and its line in the dump. */
export interface LineVersion {
  line: number;
  version: ReceivedPost;
}

/** `postVersions` with each version's line, in line order. */
export function postVersionsOf(posts: Post[], syntax: ActionForm[], parse: ParseFn): LineVersion[] {
  const lineCount = new Map<string, number>();
  const firstLine = new Map<string, number>();
  posts.forEach((p, line) => {
    const n = lineCount.get(p.id) ?? 0;
    lineCount.set(p.id, n + 1);
    if (n === 0) firstLine.set(p.id, line);
  });
  const firstOf = new Map<string, ExtractedAction[]>();
  const out: LineVersion[] = [];
  posts.forEach((post, line) => {
    const first = firstLine.get(post.id) === line;
    const parsed = withReadNote(post, parse(post.html, { syntax, channel: post.channel }));
    if (first) {
      firstOf.set(post.id, parsed.actions);
      const unverifiedEdit = post.editedAt !== null && lineCount.get(post.id) === 1;
      const version: ReceivedPost = {
        post,
        at: parseInstant(post.createdAt) as Instant,
        actions: parsed.actions,
        diagnostics: parsed.diagnostics,
        version: 'first',
        unverifiedEdit,
        ...(parsed.announcesReset ? { announcesReset: true as const } : {}),
        ...(parsed.zeroTallies ? { zeroTallies: parsed.zeroTallies } : {}),
      };
      out.push({ line, version });
      return;
    }
    const at = parseInstant(post.editedAt ?? post.createdAt) as Instant;
    const added = addedActions(firstOf.get(post.id) as ExtractedAction[], parsed.actions);
    out.push({ line, version: { post, at, actions: added, diagnostics: [], version: 'edit', unverifiedEdit: false } });
  });
  return out;
}

/** An adapter that could not keep a body as served says why in `readNote` (a body nested too deep): a flag. */
function withReadNote(post: Post, parsed: ParsedPost): ParsedPost {
  if (typeof post.readNote !== 'string' || !post.readNote) return parsed;
  const note = { code: 'html-malformed' as const, message: post.readNote, text: post.html.slice(0, 300) };
  return { ...parsed, diagnostics: [...parsed.diagnostics, note] };
}

const key = (a: ExtractedAction) => `${a.kind}|${a.noLynch}|${(a.argument ?? '').toLowerCase().replace(/\s+/g, '')}`;

/** The actions of `later` that `earlier` does not have (a multiset difference). */
export function addedActions(earlier: ExtractedAction[], later: ExtractedAction[]): ExtractedAction[] {
  const counts = new Map<string, number>();
  for (const a of earlier) counts.set(key(a), (counts.get(key(a)) ?? 0) + 1);
  const added: ExtractedAction[] = [];
  for (const a of later) {
    const n = counts.get(key(a)) ?? 0;
    if (n > 0) counts.set(key(a), n - 1);
    else added.push(a);
  }
  return added;
}
