import { Presets, SingleBar } from 'cli-progress';
import type { ReadProgress } from './types.js';

/**
 * Progress of `moddesk fetch` on stderr: a bar (pages, posts, ETA) on a terminal once a backfill spans several
 * pages; plain lines, at most one every few seconds, when stderr is not a terminal.
 */
export class FetchProgress {
  private bar: SingleBar | null = null;
  private lastLine = 0;
  private last: ReadProgress | null = null;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly now: () => number = Date.now,
  ) {}

  update(p: ReadProgress): void {
    this.last = p;
    const total = p.pagesTotal ?? p.pagesDone;
    if (this.stream.isTTY) {
      if (!this.bar && total >= 3) {
        this.bar = new SingleBar(
          {
            stream: this.stream,
            format: 'fetch [{bar}] page {value}/{total} | {posts} posts | ETA {eta_formatted}',
            hideCursor: true,
          },
          Presets.shades_classic,
        );
        this.bar.start(total, p.pagesDone, { posts: p.posts });
      } else if (this.bar) {
        this.bar.setTotal(total);
        this.bar.update(p.pagesDone, { posts: p.posts });
      }
      return;
    }
    if (this.now() - this.lastLine >= 2000 && total >= 3) {
      this.lastLine = this.now();
      this.stream.write(`fetch: page ${p.pagesDone}/${total}, ${p.posts} posts\n`);
    }
  }

  stop(): void {
    if (this.bar) {
      this.bar.stop();
      this.bar = null;
    } else if (this.last && this.lastLine > 0 && !this.stream.isTTY) {
      const total = this.last.pagesTotal ?? this.last.pagesDone;
      this.stream.write(`fetch: page ${this.last.pagesDone}/${total}, ${this.last.posts} posts\n`);
    }
  }
}
