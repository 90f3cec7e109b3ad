/**
 * The data side of the fake Reddit: one submission with its comment tree, an inbox and sent messages,
 * and a tree builder that answers like Reddit (platforms.md §1.4): `limit` picks comments by sort order,
 * the rest become `more` stubs, depth 10 becomes "continue this thread" stubs, `replies: ''` when none.
 */

export type Sort = 'old' | 'new' | 'confidence';

export interface FakeComment {
  id: string;
  /** Fullname of the parent: `t3_…` for top level, else `t1_…`. */
  parent: string;
  author: string;
  body: string;
  created: number;
  edited: false | number;
  state: 'live' | 'deleted' | 'removed';
}

export interface FakeMessage {
  id: string;
  author: string;
  dest: string;
  subject: string;
  body: string;
  created: number;
  wasComment?: boolean;
}

export const PLAYERS = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jade', 'Kai', 'Lena'];
const MAX_RECURSION = 10;
const BASE36_START = 36 ** 5;

export class FakeThread {
  readonly article: string;
  readonly subreddit = 'moddesk_test';
  readonly comments = new Map<string, FakeComment>();
  readonly messages: FakeMessage[] = [];
  /** Epoch seconds; every new item is created at `clock` and moves it on. */
  clock = 1_767_787_200;
  /** The submission's own text (the opening post), its lock, who moderates the subreddit (reddit-server.ts). */
  selftext = '';
  locked = false;
  readonly moderators = new Set<string>();
  /** Edits and locks/unlocks that changed something. */
  readonly modLog: string[] = [];
  private readonly kids = new Map<string, string[]>();
  private nextComment = BASE36_START + 1000;
  private nextMessage = BASE36_START + 500_000;

  constructor(article = 'abc123') {
    this.article = article;
  }

  get linkId(): string {
    return `t3_${this.article}`;
  }

  add(parent: string | null, author: string, body: string, gap = 7): FakeComment {
    const parentName = parent ? (parent.startsWith('t') ? parent : `t1_${parent}`) : this.linkId;
    if (parentName !== this.linkId && !this.comments.has(parentName.slice(3)))
      throw new Error(`no parent ${parentName}`);
    this.clock += gap;
    const c: FakeComment = {
      id: (this.nextComment++).toString(36),
      parent: parentName,
      author,
      body,
      created: this.clock,
      edited: false,
      state: 'live',
    };
    this.comments.set(c.id, c);
    const list = this.kids.get(parentName) ?? [];
    list.push(c.id);
    this.kids.set(parentName, list);
    return c;
  }

  edit(id: string, body: string, gap = 30): void {
    const c = this.get(id);
    this.clock += gap;
    c.body = body;
    c.edited = this.clock;
  }

  remove(id: string, how: 'deleted' | 'removed' = 'deleted'): void {
    this.get(id).state = how;
  }

  /** Reddit drops a deleted comment that has no replies from the tree altogether. */
  purge(id: string): void {
    const c = this.get(id);
    if (this.children(`t1_${id}`).length > 0) throw new Error(`${id} has replies`);
    this.comments.delete(id);
    this.kids.set(
      c.parent,
      this.children(c.parent).filter((k) => k !== id),
    );
  }

  message(author: string, dest: string, subject: string, body: string, gap = 5): FakeMessage {
    this.clock += gap;
    const m = { id: (this.nextMessage++).toString(36), author, dest, subject, body, created: this.clock };
    this.messages.push(m);
    return m;
  }

  get(id: string): FakeComment {
    const c = this.comments.get(id);
    if (!c) throw new Error(`no comment ${id}`);
    return c;
  }

  /**
   * Comments whose ids stubs list but that no listing, morechildren answer or permalink serves (Reddit does this with
   * some: caught by its spam filter, a suspended author). A read must report them missing.
   */
  readonly unreachable = new Set<string>();

  children(parent: string): string[] {
    return this.kids.get(parent) ?? [];
  }

  descendants(id: string): number {
    let n = 0;
    for (const k of this.children(`t1_${id}`)) n += 1 + this.descendants(k);
    return n;
  }

  depthOf(id: string): number {
    let d = 0;
    let p = this.get(id).parent;
    while (p !== this.linkId) {
      d += 1;
      p = this.get(p.slice(3)).parent;
    }
    return d;
  }

  /**
   * A game-like thread of `n` comments (seeded, so the same every run): mostly top-level posts, replies to recent
   * comments, ties in `created_utc`, bold votes, quotes, markup characters, and two chains deeper than 10.
   */
  generate(n: number, seed = 1): this {
    let s = seed >>> 0 || 1;
    const rnd = () => {
      s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
      return s / 2 ** 32;
    };
    const ids: string[] = [];
    const chains = [
      { at: Math.floor(n / 3), length: 14 },
      { at: Math.floor((2 * n) / 3), length: 25 },
    ];
    let i = 0;
    while (i < n) {
      const author = PLAYERS[Math.floor(rnd() * PLAYERS.length)]!;
      const target = PLAYERS[Math.floor(rnd() * PLAYERS.length)]!;
      const chain = chains.find((c) => c.at === i);
      if (chain) {
        let parent: string | null = null;
        for (let k = 0; k < chain.length && i < n; k++, i++) {
          parent = this.add(parent, PLAYERS[k % 2]!, `chain reply ${k} & <${k}>`, 3).id;
          ids.push(parent);
        }
        continue;
      }
      const r = rnd();
      const parent =
        r < 0.55 || ids.length === 0 ? null : ids[ids.length - 1 - Math.floor(rnd() * Math.min(50, ids.length))]!;
      const body =
        r < 0.2
          ? `I think **Vote: ${target}** & <that's> it`
          : r < 0.3
            ? `> **Vote: ${target}**\n\nno`
            : `post ${i} by ${author}`;
      ids.push(this.add(parent, author, body, rnd() < 0.1 ? 0 : 1 + Math.floor(rnd() * 20)).id);
      i += 1;
    }
    return this;
  }

  /** The submission and comment Listings of `GET /comments/{article}` (optionally focused on one comment). */
  commentsPage(q: { sort: Sort; limit: number; depth: number; focus?: string }, me: string): unknown[] {
    const maxDepth = Math.min(q.depth > 0 ? q.depth : MAX_RECURSION, MAX_RECURSION);
    const roots = q.focus ? [q.focus] : this.children(this.linkId);
    const picked = this.pick(
      roots,
      q.sort,
      q.limit,
      (id) => (q.focus ? this.depthOf(id) - this.depthOf(q.focus) : this.depthOf(id)) < maxDepth,
    );
    const rel = (id: string) => (q.focus ? this.depthOf(id) - this.depthOf(q.focus) : this.depthOf(id));
    const render = (id: string): unknown => {
      const c = this.get(id);
      const d = rel(id);
      const kids = this.sorted(this.children(`t1_${id}`), q.sort);
      const shown = kids.filter((k) => picked.has(k)).map(render);
      const hidden = kids.filter((k) => !picked.has(k));
      if (hidden.length > 0) {
        if (d + 1 >= maxDepth && maxDepth === MAX_RECURSION) shown.push(continueStub(`t1_${id}`, d + 1));
        else shown.push(this.moreStub(`t1_${id}`, hidden, d + 1));
      }
      return {
        kind: 't1',
        data: { ...this.commentData(c, me), depth: d, replies: shown.length ? listing(shown) : '' },
      };
    };
    const top = this.sorted(roots, q.sort);
    const children: unknown[] = top.filter((id) => picked.has(id)).map(render);
    const hiddenTop = top.filter((id) => !picked.has(id));
    if (hiddenTop.length > 0 && !q.focus) children.push(this.moreStub(this.linkId, hiddenTop, 0));
    return [listing([{ kind: 't3', data: this.submissionData() }]), listing(children)];
  }

  /** `/api/morechildren`: a flat list; with `limitChildren` only the requested ids, else up to `cap` things. */
  moreChildren(ids: string[], sort: Sort, limitChildren: boolean, me: string, cap = 100): unknown[] {
    const wanted = ids.filter(
      (id) => this.comments.has(id) && !this.unreachable.has(id) && this.depthOf(id) < MAX_RECURSION,
    );
    // The requested ids come first (up to `cap`; the rest go back in a smaller stub), then their replies fill the answer.
    const first = this.sorted(wanted, sort === 'confidence' ? 'confidence' : 'old').slice(0, Math.max(cap, 1));
    const picked = limitChildren
      ? new Set(first)
      : this.pick(first, sort, cap, (id) => this.depthOf(id) < MAX_RECURSION, new Set(first));
    const things: unknown[] = [];
    const stubbed = new Set<string>();
    for (const id of this.sorted([...picked], sort)) {
      const c = this.get(id);
      const d = this.depthOf(id);
      things.push({ kind: 't1', data: { ...this.commentData(c, me), depth: d, replies: '' } });
      const hidden = this.sorted(this.children(`t1_${id}`), sort).filter((k) => !picked.has(k));
      if (hidden.length === 0) continue;
      stubbed.add(`t1_${id}`);
      things.push(d + 1 >= MAX_RECURSION ? continueStub(`t1_${id}`, d + 1) : this.moreStub(`t1_${id}`, hidden, d + 1));
    }
    const left = wanted.filter((id) => !picked.has(id));
    for (const parent of new Set(left.map((id) => this.get(id).parent))) {
      if (stubbed.has(parent)) continue;
      stubbed.add(parent);
      const group = left.filter((id) => this.get(id).parent === parent);
      things.push(this.moreStub(parent, group, this.depthOf(group[0]!)));
    }
    return things;
  }

  /** Reddit's candidate walk: repeatedly take the best-sorted candidate, then offer its children. */
  private pick(
    roots: string[],
    sort: Sort,
    limit: number,
    allowed: (id: string) => boolean,
    start = new Set<string>(),
  ): Set<string> {
    const picked = new Set<string>(start);
    const ok = allowed;
    allowed = (id) => ok(id) && !this.unreachable.has(id);
    let candidates =
      start.size > 0 ? roots.flatMap((id) => this.children(`t1_${id}`)).filter(allowed) : roots.filter(allowed);
    while (picked.size < limit && candidates.length > 0) {
      let best = 0;
      for (let i = 1; i < candidates.length; i++) if (this.before(candidates[i]!, candidates[best]!, sort)) best = i;
      const id = candidates[best]!;
      candidates.splice(best, 1);
      picked.add(id);
      candidates = candidates.concat(this.children(`t1_${id}`).filter(allowed));
    }
    return picked;
  }

  private sorted(ids: string[], sort: Sort): string[] {
    return [...ids].sort((a, b) => (this.before(a, b, sort) ? -1 : this.before(b, a, sort) ? 1 : 0));
  }

  /** `confidence` (Reddit's default) is stood in for by a fixed shuffle, so a client that forgets `sort=old` notices. */
  private before(a: string, b: string, sort: Sort): boolean {
    const x = this.get(a);
    const y = this.get(b);
    if (sort === 'confidence') return scramble(a) < scramble(b);
    const byTime = x.created - y.created || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
    return sort === 'old' ? byTime < 0 : byTime > 0;
  }

  private moreStub(parent: string, hidden: string[], depth: number): unknown {
    const count = hidden.reduce((n, id) => n + 1 + this.descendants(id), 0);
    return {
      kind: 'more',
      data: { count, name: `t1_${hidden[0]}`, id: hidden[0], parent_id: parent, depth, children: hidden },
    };
  }

  submissionData(): Record<string, unknown> {
    return {
      id: this.article,
      name: this.linkId,
      title: 'Mafia Game 1: Day 1',
      author: 'TheMod',
      selftext: this.selftext,
      locked: this.locked,
      subreddit: this.subreddit,
      num_comments: this.comments.size,
      permalink: `/r/${this.subreddit}/comments/${this.article}/mafia_game_1/`,
      created_utc: 1_767_787_000,
    };
  }

  commentData(c: FakeComment, _me: string): Record<string, unknown> {
    const gone = c.state !== 'live';
    const body = c.state === 'deleted' ? '[deleted]' : c.state === 'removed' ? '[removed]' : c.body;
    return {
      id: c.id,
      name: `t1_${c.id}`,
      author: gone ? '[deleted]' : c.author,
      body,
      body_html: `<!-- SC_OFF --><div class="md">${renderMarkdown(body)}</div><!-- SC_ON -->`,
      created_utc: c.created,
      created: c.created,
      edited: c.edited,
      parent_id: c.parent,
      link_id: this.linkId,
      permalink: `/r/${this.subreddit}/comments/${this.article}/mafia_game_1/${c.id}/`,
      distinguished: null,
      score: 1,
      subreddit: this.subreddit,
      stickied: false,
    };
  }

  messageData(m: FakeMessage): Record<string, unknown> {
    return {
      id: m.id,
      name: `t4_${m.id}`,
      author: m.author,
      dest: m.dest,
      subject: m.subject,
      body: m.body,
      body_html: `<!-- SC_OFF --><div class="md">${renderMarkdown(m.body)}</div><!-- SC_ON -->`,
      created_utc: m.created,
      created: m.created,
      new: true,
      was_comment: m.wasComment ?? false,
      first_message: null,
      first_message_name: null,
      parent_id: null,
      replies: '',
      context: '',
      distinguished: null,
      subreddit: null,
    };
  }
}

export function listing(children: unknown[], after: string | null = null): unknown {
  return { kind: 'Listing', data: { after, before: null, dist: children.length, modhash: '', children } };
}

function continueStub(parent: string, depth: number): unknown {
  return { kind: 'more', data: { count: 0, name: 't1__', id: '_', parent_id: parent, depth, children: [] } };
}

function scramble(id: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16_777_619) >>> 0;
  return h;
}

/** Just enough of snudown for the fake: escaping, paragraphs, `> ` quotes, `**bold**`, `^(sup)`. */
export function renderMarkdown(md: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const inline = (s: string) =>
    esc(s)
      .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
      .replace(/\^\((.+?)\)/g, '<sup>$1</sup>');
  return md
    .split(/\n{2,}/)
    .map((block) =>
      block.startsWith('> ')
        ? `<blockquote>\n<p>${inline(block.replace(/^> ?/gm, ''))}</p>\n</blockquote>`
        : `<p>${inline(block)}</p>`,
    )
    .join('\n');
}
