/** A thread the fake forums serve: generated posts of any number, changed between polls. */
export interface FakePost {
  id: number;
  author: string;
  authorId: number;
  createdAt: number;
  html: string;
  /** When the forum shows an edit; null for never edited or a silent edit. */
  editedAt: number | null;
  editCount: number;
  deleted: boolean;
  signature?: string;
}

export interface FakeThreadOptions {
  firstId?: number;
  /** Epoch ms of the first post. */
  start?: number;
  stepMs?: number;
  authors?: string[];
  /** Bodies to cycle through (e.g. real MafiaScum posts); default generated ones with votes. */
  bodies?: string[];
  /** Gap between consecutive post ids (phpBB ids are global, so threads skip ids). */
  idStep?: number;
  /** Every n-th post carries a signature (with a bold vote in it, to prove it is left out). */
  signatureEvery?: number;
}

const DEFAULT_AUTHORS = ['Alice', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana'];

export class FakeThread {
  readonly posts: FakePost[] = [];
  /** Bumped on every change (the fakes cache rendered pages per version). */
  version = 0;
  /** Locked or closed: no replies but the moderators'. */
  locked = false;
  /** Each post's source as its author wrote it (bbcode, markdown), where the fake keeps it: the edit forms' text. */
  readonly sources = new Map<number, string>();
  private nextId: number;
  private clock: number;
  private readonly opts: Required<Omit<FakeThreadOptions, 'bodies'>> & { bodies?: string[] };

  constructor(opts: FakeThreadOptions = {}) {
    this.opts = {
      firstId: 1000,
      start: Date.UTC(2026, 0, 5, 18, 0, 0),
      stepMs: 97_000,
      authors: DEFAULT_AUTHORS,
      idStep: 3,
      signatureEvery: 0,
      ...opts,
    };
    this.nextId = this.opts.firstId;
    this.clock = this.opts.start;
  }

  /** Appends `n` posts; returns them. */
  addPosts(n: number): FakePost[] {
    const added: FakePost[] = [];
    for (let i = 0; i < n; i++) {
      const index = this.posts.length;
      const authors = this.opts.authors;
      const author = authors[index % authors.length]!;
      const bodies = this.opts.bodies;
      const html =
        bodies && bodies.length > 0
          ? bodies[index % bodies.length]!
          : `Post ${index + 1} by ${author}.<br>\n<strong class="text-strong">Vote: ${authors[(index + 1) % authors.length]}</strong>`;
      const every = this.opts.signatureEvery;
      const signature = every > 0 && index % every === 0 ? 'My signature: <strong>Vote: Everyone</strong>' : undefined;
      added.push(this.add({ author, html, signature }));
    }
    return added;
  }

  add(p: { author: string; html: string; createdAt?: number; signature?: string }): FakePost {
    this.clock = p.createdAt ?? this.clock + this.opts.stepMs;
    const post: FakePost = {
      id: this.nextId,
      author: p.author,
      authorId: 100 + this.opts.authors.indexOf(p.author),
      createdAt: this.clock,
      html: p.html,
      editedAt: null,
      editCount: 0,
      deleted: false,
      signature: p.signature,
    };
    this.nextId += this.opts.idStep;
    this.posts.push(post);
    this.version += 1;
    return post;
  }

  /** Edits a post; `silent` is phpBB's edit of the last post (no notice, no time). */
  edit(id: number, html: string, opts: { silent?: boolean; at?: number } = {}): FakePost {
    const post = this.get(id);
    post.html = html;
    post.editCount += 1;
    if (!opts.silent) post.editedAt = opts.at ?? Math.max(Date.now(), post.createdAt + 60_000);
    this.version += 1;
    return post;
  }

  /** Locks or unlocks the thread (a change only when the state changes, as the forums count it). */
  setLocked(locked: boolean): boolean {
    if (this.locked === locked) return false;
    this.locked = locked;
    this.version += 1;
    return true;
  }

  remove(id: number): void {
    this.get(id).deleted = true;
    this.version += 1;
  }

  get(id: number): FakePost {
    const post = this.posts.find((p) => p.id === id);
    if (!post) throw new Error(`fake thread has no post ${id}`);
    return post;
  }

  visible(): FakePost[] {
    return this.posts.filter((p) => !p.deleted);
  }
}
