import type { VoteHistoryRow } from '../../app/desk.js';
import { formatShort } from '../../reporter/format-time.js';
import { type Html, html } from '../html.js';

export interface TimelineInput {
  day: string;
  rows: VoteHistoryRow[];
  start: string;
  end: string;
  threshold: number | null;
  /** The deciding vote, when the day ended at a threshold. */
  hammer: { postId: string; target: string } | null;
}

export const COLORS = ['#0b5fff', '#d93025', '#188038', '#f29900', '#9334e6', '#00838f', '#c2185b', '#5d4037'];
/**
 * The chart's two drawings: a wide one, and a narrow one for a phone (CSS shows one), whose letters stay 11 px
 * or more at 390 px: the wide drawing scaled down to a phone's width would draw them at 5 px.
 */
export interface ChartSize {
  w: number;
  h: number;
  m: { left: number; right: number; top: number; bottom: number };
  /** Wagon labels at the line ends, right of the plot (wide) or just above the line inside it (narrow). */
  labelsInside: boolean;
  font: number;
  small: number;
  cls: string;
  id: string;
}

export const WIDE: ChartSize = {
  w: 800,
  h: 320,
  m: { left: 40, right: 130, top: 34, bottom: 34 },
  labelsInside: false,
  font: 13,
  small: 12,
  cls: 'timeline',
  id: 'tl',
};
export const NARROW: ChartSize = {
  w: 340,
  h: 300,
  m: { left: 26, right: 8, top: 30, bottom: 30 },
  labelsInside: true,
  font: 13,
  small: 12,
  cls: 'timeline-narrow',
  id: 'tln',
};
/** About how wide a letter is at `font` px in the sans-serif faces the page uses (for placing labels). */
const letter = (font: number) => font * 0.6;

/** Wagon sizes over time, one step line per target; a wagon is a point list [(at, count)]. */
export function wagonSeries(rows: VoteHistoryRow[]): Map<string, { at: number; count: number }[]> {
  const current = new Map<string, string | null>();
  const counts = new Map<string, number>();
  const series = new Map<string, { at: number; count: number }[]>();
  const push = (target: string, at: number) => {
    const list = series.get(target) ?? [];
    list.push({ at, count: counts.get(target) ?? 0 });
    series.set(target, list);
  };
  for (const r of rows) {
    const at = Date.parse(r.at);
    const old = current.get(r.voter) ?? null;
    if (old === r.target) continue;
    current.set(r.voter, r.target);
    if (old !== null) {
      counts.set(old, (counts.get(old) ?? 1) - 1);
      push(old, at);
    }
    if (r.target !== null) {
      counts.set(r.target, (counts.get(r.target) ?? 0) + 1);
      push(r.target, at);
    }
  }
  return series;
}

/** The SVG chart of wagons over the day, the threshold dashed, the hammer ringed. */
export function wagonTimeline(input: TimelineInput, size: ChartSize = WIDE): Html {
  const { w: W, h: H, m: M, font, small } = size;
  const t0 = Date.parse(input.start);
  const t1 = Math.max(Date.parse(input.end), t0 + 60_000);
  const series = [...wagonSeries(input.rows)]
    .map(([target, points]) => ({ target, points, peak: Math.max(...points.map((p) => p.count)) }))
    .sort((a, b) => b.peak - a.peak)
    .slice(0, COLORS.length);
  const maxY = Math.max(1, input.threshold ?? 0, ...series.map((s) => s.peak));
  const x = (t: number) => M.left + ((Math.min(Math.max(t, t0), t1) - t0) / (t1 - t0)) * (W - M.left - M.right);
  const y = (n: number) => H - M.bottom - (n / maxY) * (H - M.top - M.bottom);
  // Lines that share a count are drawn a little apart, so each stays visible.
  const lift = (i: number) => (i - (series.length - 1) / 2) * 2.2;
  const lines = series.map((s, i) => {
    let d = `M${x(t0).toFixed(1)},${(y(0) + lift(i)).toFixed(1)}`;
    for (const p of s.points) d += ` H${x(p.at).toFixed(1)} V${(y(p.count) + lift(i)).toFixed(1)}`;
    d += ` H${x(t1).toFixed(1)}`;
    return html`<path d="${d}" fill="none" stroke="${COLORS[i] as string}" stroke-width="2.5"><title>${s.target}</title></path>`;
  });
  const labels = endLabels(
    series.map((s, i) => ({
      text: `${s.target} (${s.points.at(-1)?.count ?? 0})`,
      color: COLORS[i] as string,
      count: s.points.at(-1)?.count ?? 0,
    })),
    (n) => (size.labelsInside ? y(n) - 6 : y(n) + 4),
    // A line of text is about 1.2 em tall: a little more apart, so no two touch.
    Math.ceil(font * 1.3),
    M.top + font,
    // Inside the plot on a phone, clear of the time axis's labels under it; inside the drawing on a wide screen.
    size.labelsInside ? H - M.bottom - 3 : H - 4,
  ).map((l) =>
    size.labelsInside
      ? html`<text x="${(x(t1) - 2).toFixed(1)}" y="${l.y.toFixed(1)}" fill="${l.color}" font-size="${font}" text-anchor="end" class="halo">${l.text}</text>`
      : html`<text x="${(x(t1) + 6).toFixed(1)}" y="${l.y.toFixed(1)}" fill="${l.color}" font-size="${font}">${l.text}</text>`,
  );
  const ticks = Array.from({ length: maxY + 1 }, (_, n) => n).filter(
    (n) => maxY <= 10 || n % Math.ceil(maxY / 10) === 0,
  );
  const hammerRow = input.hammer
    ? input.rows.find((r) => r.postId === input.hammer?.postId && r.target === input.hammer.target)
    : undefined;
  const hammerCount = hammerRow
    ? (series.find((s) => s.target === hammerRow.target)?.points.find((p) => p.at === Date.parse(hammerRow.at))
        ?.count ?? maxY)
    : 0;
  const hx = hammerRow ? x(Date.parse(hammerRow.at)) : 0;
  const hy = y(hammerCount);
  const hammerText = hammerRow ? `hammer: ${hammerRow.voter}` : '';
  // Left of the ring, unless that runs past the chart's left edge.
  const hammerLeft = hx - 6 - hammerText.length * letter(font) >= 0;
  const id = size.id;
  return html`<svg class="${size.cls}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-title">Wagons over ${input.day}</title>
<desc id="${id}-desc">Votes on each player from ${formatShort(t0, 'UTC')} to ${formatShort(t1, 'UTC')} UTC${hammerRow ? `; hammer by ${hammerRow.voter} on ${hammerRow.target}` : ''}. The table below lists every vote.</desc>
${ticks.map((n) => html`<line x1="${M.left}" x2="${W - M.right}" y1="${y(n).toFixed(1)}" y2="${y(n).toFixed(1)}" stroke="#e5e7eb"/><text x="${M.left - 8}" y="${(y(n) + 4).toFixed(1)}" text-anchor="end" font-size="${small}" fill="#5b6470">${n}</text>`)}
<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${H - M.bottom}" stroke="#9aa4b2"/>
<line x1="${M.left}" x2="${W - M.right}" y1="${H - M.bottom}" y2="${H - M.bottom}" stroke="#9aa4b2"/>
<text x="${M.left}" y="${H - 10}" font-size="${small}" fill="#5b6470">${formatShort(t0, 'UTC')}</text>
<text x="${W - M.right}" y="${H - 10}" font-size="${small}" fill="#5b6470" text-anchor="end">${formatShort(t1, 'UTC')}</text>
${input.threshold !== null ? html`<line x1="${M.left}" x2="${W - M.right}" y1="${y(input.threshold).toFixed(1)}" y2="${y(input.threshold).toFixed(1)}" stroke="#b3261e" stroke-dasharray="6 4"/><text x="${M.left + 4}" y="${(y(input.threshold) - 5).toFixed(1)}" font-size="${small}" fill="#b3261e" class="halo">to lynch: ${input.threshold}</text>` : ''}
${lines}
${labels}
${hammerRow ? html`<g class="hammer"><circle cx="${hx.toFixed(1)}" cy="${hy.toFixed(1)}" r="9" fill="none" stroke="#b3261e" stroke-width="3"/><text x="${(hammerLeft ? hx - 6 : hx + 6).toFixed(1)}" y="${(hy - 14 < 14 ? hy + 26 : hy - 14).toFixed(1)}" font-size="${font}" font-weight="700" fill="#b3261e" text-anchor="${hammerLeft ? 'end' : 'start'}" class="halo">${hammerText}</text></g>` : ''}
</svg>`;
}

/**
 * Labels at the line ends for wagons still standing, nudged apart: `gap` apart, none above `top` nor below `bottom`
 * (many small wagons near the foot of the chart are stacked up from `bottom`, not pushed over the time axis's labels
 * or out of the drawing: m11).
 */
export function endLabels<T extends { count: number }>(
  items: T[],
  y: (n: number) => number,
  gap: number,
  top: number,
  bottom: number,
): (T & { y: number })[] {
  const placed = items
    .filter((it) => it.count > 0)
    .map((it) => ({ ...it, y: Math.min(bottom, Math.max(top, y(it.count))) }))
    .sort((a, b) => a.y - b.y);
  for (let i = 1; i < placed.length; i += 1) {
    const prev = placed[i - 1] as { y: number };
    const cur = placed[i] as { y: number };
    if (cur.y - prev.y < gap) cur.y = prev.y + gap;
  }
  // Pushed past the foot: back up from it, each `gap` above the next (the room holds every wagon drawn).
  for (let i = placed.length - 1; i >= 0; i -= 1) {
    const cur = placed[i] as { y: number };
    const limit = i === placed.length - 1 ? bottom : (placed[i + 1] as { y: number }).y - gap;
    if (cur.y > limit) cur.y = limit;
  }
  return placed;
}

/** The colour key under the chart (every wagon drawn, standing or not). */
export function wagonLegend(rows: VoteHistoryRow[]): Html {
  const series = [...wagonSeries(rows)]
    .map(([target, points]) => ({ target, peak: Math.max(...points.map((p) => p.count)) }))
    .sort((a, b) => b.peak - a.peak)
    .slice(0, COLORS.length);
  return html`<ul class="legend">${series.map((s, i) => html`<li><svg width="14" height="14" aria-hidden="true"><rect width="14" height="14" rx="3" fill="${COLORS[i] as string}"/></svg> ${s.target} (peak ${s.peak})</li>`)}</ul>`;
}
