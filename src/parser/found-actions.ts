import type { ExtractedAction } from '../domain/action.js';
import type { Span } from './html-scan.js';
import { unionOf } from './spans.js';

/**
 * The actions of one post as each form finds them, with where each sits in the scan's text: two arrays, not an
 * object per action, because everything here lives as long as the reading does, and a long post's reading is paid
 * mostly in the garbage collector moving what lives (issue 33: 106,382 actions at 5 MB).
 */
export class FoundActions {
  private ats: number[] = [];
  private actions: ExtractedAction[] = [];

  push(at: number, action: ExtractedAction): void {
    this.ats.push(at);
    this.actions.push(action);
  }

  /** Puts `action` in place of the latest one found at `at` with its kind (`<b>Vote:</b> Alice`'s continuation). */
  replaceLast(at: number, action: ExtractedAction): void {
    for (let i = this.actions.length - 1; i >= 0; i -= 1) {
      if (this.ats[i] === at && this.actions[i]?.kind === action.kind) {
        this.actions[i] = action;
        return;
      }
    }
  }

  /** The latest action found at `at` that `test` accepts, looking back only over those found at `at` or later. */
  findBack(at: number, test: (action: ExtractedAction) => boolean): ExtractedAction | undefined {
    for (let i = this.actions.length - 1; i >= 0 && (this.ats[i] as number) >= at; i -= 1) {
      const action = this.actions[i] as ExtractedAction;
      if (this.ats[i] === at && test(action)) return action;
    }
    return undefined;
  }

  /** Puts them in document order: by offset, the order found kept at one offset. */
  sort(): void {
    const { ats, actions } = this;
    for (let i = 1; i < ats.length; i += 1) {
      if ((ats[i] as number) < (ats[i - 1] as number)) {
        // Array.prototype.sort is stable.
        const order = Array.from(ats.keys()).sort((a, b) => (ats[a] as number) - (ats[b] as number));
        this.ats = order.map((k) => ats[k] as number);
        this.actions = order.map((k) => actions[k] as ExtractedAction);
        return;
      }
    }
  }

  /**
   * Leaves out those at an offset inside one of `spans` (once sorted): how many, and the first of them. One walk
   * over both in order, however many spans a post holds.
   */
  dropInside(spans: readonly Span[]): { count: number; first: ExtractedAction | undefined } {
    if (spans.length === 0) return { count: 0, first: undefined };
    const union = unionOf(spans);
    const ats: number[] = [];
    const actions: ExtractedAction[] = [];
    let first: ExtractedAction | undefined;
    let s = 0;
    for (let i = 0; i < this.ats.length; i += 1) {
      const at = this.ats[i] as number;
      const action = this.actions[i] as ExtractedAction;
      while (s < union.length && (union[s] as Span).end <= at) s += 1;
      if (s < union.length && (union[s] as Span).start <= at) {
        first ??= action;
        continue;
      }
      ats.push(at);
      actions.push(action);
    }
    const count = this.ats.length - ats.length;
    this.ats = ats;
    this.actions = actions;
    return { count, first };
  }

  /** The actions, in the order they are now. */
  list(): ExtractedAction[] {
    return this.actions;
  }
}
