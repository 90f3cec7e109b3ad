import { type Handler, Parser } from 'htmlparser2';
import { TextBuilder } from './long-text.js';

/** Deeper than this, markup is read as plain text: no real post comes near it, a player's prank does. */
export const MAX_MARKUP_DEPTH = 256;

/** What a post read with its deep markup cut says (a page's `readNote`, a parse's `html-malformed`). */
export function deepMarkupNote(depth: number): string {
  return `markup nested ${depth} elements deep; below depth ${MAX_MARKUP_DEPTH} it was read as plain text`;
}

/**
 * htmlparser2's `Parser`, except that no element opens deeper than `maxDepth`: an element that would is dropped
 * (its tags, not its text), and so is everything it holds, and its closing tag. htmlparser2 keeps its open elements
 * in an array it unshifts and searches from the top, so each tag costs time in the depth and 100,000 nested elements
 * cost quadratic time (issue 33); it never goes deeper than `maxDepth` here, and the dropped elements are kept on a
 * stack of their own, pushed and popped at its end. The depth is the handler's (`depth()`: the elements it was told
 * opened and not yet closed, which is htmlparser2's own stack). Parses one string, given whole as `source`.
 */
export class ShallowParser extends Parser {
  /** Each run of dropped markup: where its first tag starts in the source, and the deepest an element in it asked. */
  readonly cuts: Array<{ start: number; deepest: number }> = [];
  /** With `keepTags`: each dropped tag's `[start, end)` in the source, in order. */
  readonly droppedTags: number[] = [];
  private readonly skipped: string[] = [];
  private readonly skippedCount = new Map<string, number>();
  /** Where the opening tag being dropped starts (its `<`), or -1. */
  private dropping = -1;

  constructor(
    cbs: Partial<Handler>,
    private readonly source: string,
    private readonly depth: () => number,
    private readonly maxDepth = MAX_MARKUP_DEPTH,
    private readonly keepTags = false,
  ) {
    super(cbs, { decodeEntities: true });
  }

  override onopentagname(start: number, endIndex: number): void {
    if (this.skipped.length === 0 && this.depth() < this.maxDepth) {
      super.onopentagname(start, endIndex);
      return;
    }
    const name = this.source.slice(start, endIndex).toLowerCase();
    if (this.isVoidElement(name)) {
      super.onopentagname(start, endIndex);
      return;
    }
    this.dropping = this.source.lastIndexOf('<', start);
    if (this.skipped.length === 0) this.cuts.push({ start: this.dropping, deepest: 0 });
    this.skipped.push(name);
    this.skippedCount.set(name, (this.skippedCount.get(name) ?? 0) + 1);
    const cut = this.cuts[this.cuts.length - 1] as { deepest: number };
    cut.deepest = Math.max(cut.deepest, this.depth() + this.skipped.length);
  }

  /** The deepest any element asked to open where markup was cut; 0 when none was. */
  get deepest(): number {
    return this.cuts.reduce((max, c) => Math.max(max, c.deepest), 0);
  }

  override onattribname(start: number, endIndex: number): void {
    if (this.dropping < 0) super.onattribname(start, endIndex);
  }

  override onattribdata(start: number, endIndex: number): void {
    if (this.dropping < 0) super.onattribdata(start, endIndex);
  }

  override onattribentity(codepoint: number): void {
    if (this.dropping < 0) super.onattribentity(codepoint);
  }

  override onattribend(quote: Parameters<Parser['onattribend']>[0], endIndex: number): void {
    if (this.dropping < 0) super.onattribend(quote, endIndex);
  }

  override onopentagend(endIndex: number): void {
    if (this.dropping < 0) super.onopentagend(endIndex);
    else this.dropped(endIndex + 1);
  }

  override onselfclosingtag(endIndex: number): void {
    if (this.dropping < 0) super.onselfclosingtag(endIndex);
    else this.dropped(endIndex + 1);
  }

  override onclosetag(start: number, endIndex: number): void {
    if (this.skipped.length === 0) {
      super.onclosetag(start, endIndex);
      return;
    }
    const name = this.source.slice(start, endIndex).toLowerCase();
    if ((this.skippedCount.get(name) ?? 0) === 0) {
      // It closes an element htmlparser2 holds, or nothing: one it holds closes every element opened after it.
      const before = this.depth();
      super.onclosetag(start, endIndex);
      if (this.depth() < before) {
        this.skipped.length = 0;
        this.skippedCount.clear();
      }
      return;
    }
    for (let top = this.skipped.pop(); ; top = this.skipped.pop()) {
      this.skippedCount.set(top as string, (this.skippedCount.get(top as string) ?? 1) - 1);
      if (top === name) break;
    }
    // htmlparser2 reads a closing tag up to the first `>` after its name.
    const gt = this.source.indexOf('>', endIndex);
    this.dropping = this.source.lastIndexOf('<', start);
    this.dropped(gt < 0 ? this.source.length : gt + 1);
  }

  private dropped(end: number): void {
    if (this.keepTags) this.droppedTags.push(this.dropping, end);
    this.dropping = -1;
  }
}

/**
 * A page's markup with every element nested deeper than `maxDepth` cut out (its tags; its text stays where it was),
 * so that a parser that costs time in the depth for each tag (parse5's scope checks) never reads deeper. `html` is
 * the page itself when nothing was cut; `cuts` gives each run of cut markup, where it was in `html` and the deepest
 * it went.
 */
export function shallowMarkup(
  page: string,
  maxDepth: number,
): { html: string; cuts: Array<{ at: number; deepest: number }> } {
  let depth = 0;
  const counter = {
    onopentagname: () => {
      depth += 1;
    },
    onclosetag: () => {
      depth -= 1;
    },
  };
  const parser = new ShallowParser(counter, page, () => depth, maxDepth, true);
  parser.end(page);
  const tags = parser.droppedTags;
  if (tags.length === 0) return { html: page, cuts: [] };
  const out = new TextBuilder();
  const cuts: Array<{ at: number; deepest: number }> = [];
  let from = 0;
  for (let i = 0, c = 0; i < tags.length; i += 2) {
    const start = tags[i] as number;
    if (start > from) out.add(page.slice(from, start));
    const cut = parser.cuts[c];
    if (cut?.start === start) {
      cuts.push({ at: out.length, deepest: cut.deepest });
      c += 1;
    }
    from = tags[i + 1] as number;
  }
  out.add(page.slice(from));
  return { html: out.take(), cuts };
}
