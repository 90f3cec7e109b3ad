/**
 * The part of a moderator's post that moddesk keeps (issue 30 item 3): the lines between two marker lines,
 * `[moddesk:roster]` … `[/moddesk:roster]` (bbcode and text, in small print) or `[](#moddesk:roster)` …
 * `[](#/moddesk:roster)` (markdown: an empty link, which Reddit and Discourse show as nothing). Only those lines
 * are ever rewritten; what the moderator wrote above or below them is kept byte for byte.
 */
/** The post id that means "the thread's opening post": each adapter finds it (page 1's first post, the submission). */
export const OPENING_POST = 'opening';

export type MarkerStyle = 'bbcode' | 'markdown' | 'text';

/** One change to a post moddesk made: its marked block set to `content`, or its own earlier text replaced. */
export type PostEdit = { kind: 'block'; name: string; content: string } | { kind: 'replace'; was: string; now: string };

/** What applying an edit to a post's source comes to: nothing to do, the new source, or why it cannot be done. */
export type EditPlan =
  | { outcome: 'done' }
  | { outcome: 'change'; source: string }
  | { outcome: 'missing'; why: string };

export function blockMarks(name: string, style: MarkerStyle): { open: string; close: string } {
  if (style === 'markdown') return { open: `[](#moddesk:${name})`, close: `[](#/moddesk:${name})` };
  if (style === 'bbcode')
    return { open: `[size=85][moddesk:${name}][/size]`, close: `[size=85][/moddesk:${name}][/size]` };
  return { open: `[moddesk:${name}]`, close: `[/moddesk:${name}]` };
}

/** The whole block, marker lines included: what the moderator pastes once into the post. */
export function blockText(name: string, content: string, style: MarkerStyle): string {
  const { open, close } = blockMarks(name, style);
  return `${open}\n${content.trim()}\n${close}`;
}

/** The content of a whole block (`blockText`'s inverse); the text itself when it has no markers. */
export function blockContent(name: string, text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const at = findBlock(lines, name);
  return at
    ? lines
        .slice(at.open + 1, at.close)
        .join('\n')
        .trim()
    : text.trim();
}

/** The first marked block named `name`: its marker lines' indexes. */
function findBlock(lines: string[], name: string): { open: number; close: number } | null {
  const open = lines.findIndex((l) => hasMarker(l, name, 'open') && !hasMarker(l, name, 'close'));
  if (open < 0) return null;
  for (let i = open + 1; i < lines.length; i++) if (hasMarker(lines[i]!, name, 'close')) return { open, close: i };
  return null;
}

const WORD = /[\w-]/;

/**
 * Whether `line` holds the marker `moddesk:NAME` (an open one: not after `/` or a word character) or
 * `/moddesk:NAME` (a close one), the name ending there: found by position, not by a pattern built from the name.
 */
function hasMarker(line: string, name: string, kind: 'open' | 'close'): boolean {
  const marker = `moddesk:${name.replace(/[^\w-]/g, '')}`;
  for (let at = line.indexOf(marker); at >= 0; at = line.indexOf(marker, at + 1)) {
    const before = at > 0 ? (line[at - 1] as string) : '';
    if (WORD.test(line[at + marker.length] ?? '')) continue;
    if (kind === 'close' ? before === '/' : before === '' || (before !== '/' && !/\w/.test(before))) return true;
  }
  return false;
}

/**
 * `edit` applied to a post's source as the forum's edit form gives it (line ends normalised). Idempotent: a post
 * already saying what the edit says is `done`. A block edit touches only the lines between the markers; a replace
 * touches only moddesk's own earlier text, found whole.
 */
export function planEdit(source: string, edit: PostEdit): EditPlan {
  const text = source.replace(/\r\n?/g, '\n');
  if (edit.kind === 'replace') {
    const now = edit.now.replace(/\r\n?/g, '\n').trim();
    const was = edit.was.replace(/\r\n?/g, '\n').trim();
    if (text.includes(now)) return { outcome: 'done' };
    const at = text.indexOf(was);
    if (was === '' || at < 0)
      return {
        outcome: 'missing',
        why: 'the post no longer holds the text moddesk posted (edited by hand?), so moddesk will not overwrite it',
      };
    return { outcome: 'change', source: text.slice(0, at) + now + text.slice(at + was.length) };
  }
  const lines = text.split('\n');
  const at = findBlock(lines, edit.name);
  if (!at) {
    const opened = lines.some((l) => hasMarker(l, edit.name, 'open'));
    return {
      outcome: 'missing',
      why: opened
        ? `the post's moddesk:${edit.name} block has lost its end line`
        : `the post has no moddesk:${edit.name} block yet`,
    };
  }
  const content = edit.content.replace(/\r\n?/g, '\n').trim();
  if (
    lines
      .slice(at.open + 1, at.close)
      .join('\n')
      .trim() === content
  )
    return { outcome: 'done' };
  const next = [...lines.slice(0, at.open + 1), ...content.split('\n'), ...lines.slice(at.close)];
  return { outcome: 'change', source: next.join('\n') };
}
