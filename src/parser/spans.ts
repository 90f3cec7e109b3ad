import type { Span } from './html-scan.js';

/** The spans as disjoint ones, in order, covering the same offsets: what `isInside` asks. */
export function unionOf(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const union: Span[] = [];
  for (const s of sorted) {
    const last = union[union.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else union.push({ start: s.start, end: s.end });
  }
  return union;
}

/** Whether `at` is inside one of `union`'s spans (`unionOf`'s), by binary search: a post may hold thousands. */
export function isInside(union: readonly Span[], at: number): boolean {
  let lo = 0;
  let hi = union.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((union[mid] as Span).start <= at) lo = mid + 1;
    else hi = mid;
  }
  const span = union[lo - 1];
  return span !== undefined && at < span.end;
}
