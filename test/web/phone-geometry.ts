import type { Page } from 'playwright-core';

/** What is wrong with a page at a phone's width, measured in the browser; every list empty when all is well. */
export interface PhoneFaults {
  /** The document is wider than the screen: it scrolls sideways. */
  overflow: string[];
  /** Two words of the wagon chart drawn over each other, or one outside the chart. */
  chart: string[];
  /** A stacked table's column label (::before) over its cell's words, or past its cell's end. */
  labels: string[];
  /** A form control off the screen, of no size, or covered by something else where a thumb would press it. */
  controls: string[];
}

/** Measures the page as it is now (details opened for the controls, closed again after). */
export function phoneFaults(page: Page): Promise<PhoneFaults> {
  return page.evaluate(() => {
    const apart = (a: DOMRect, b: DOMRect) =>
      a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
    const doc = document.documentElement;
    const overflow = doc.scrollWidth > doc.clientWidth ? [`scrollWidth ${doc.scrollWidth} > ${doc.clientWidth}`] : [];

    const chart: string[] = [];
    for (const svg of document.querySelectorAll('svg.timeline, svg.timeline-narrow')) {
      const box = svg.getBoundingClientRect();
      if (box.width === 0) continue;
      const texts = [...svg.querySelectorAll('text')].map((t) => ({
        text: t.textContent ?? '',
        r: t.getBoundingClientRect(),
      }));
      texts.forEach((a, i) => {
        for (const b of texts.slice(i + 1)) if (!apart(a.r, b.r)) chart.push(`${a.text} / ${b.text}`);
        if (
          a.r.left < box.left - 0.5 ||
          a.r.right > box.right + 0.5 ||
          a.r.top < box.top - 0.5 ||
          a.r.bottom > box.bottom + 0.5
        )
          chart.push(`outside: ${a.text}`);
      });
    }

    const labels: string[] = [];
    for (const td of document.querySelectorAll('main table.stack td[data-label]')) {
      const before = getComputedStyle(td, '::before');
      const cell = td.getBoundingClientRect();
      if (before.content === 'none' || cell.height === 0) continue;
      const style = getComputedStyle(td);
      const left = cell.left + Number.parseFloat(style.paddingLeft) + Number.parseFloat(before.marginLeft);
      const top = cell.top + Number.parseFloat(style.paddingTop);
      const label = new DOMRect(left, top, Number.parseFloat(before.width), Number.parseFloat(before.height));
      const name = td.getAttribute('data-label') ?? '';
      if (label.bottom > cell.bottom + 0.5) labels.push(`${name}: past its cell`);
      const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects())
          if (r.width > 0 && !apart(r, label)) labels.push(`${name}: over "${n.textContent?.trim().slice(0, 30)}"`);
      }
    }

    const closed = [...document.querySelectorAll('details:not([open])')] as HTMLDetailsElement[];
    for (const d of closed) d.open = true;
    const controls: string[] = [];
    const all = document.querySelectorAll('main input:not([type=hidden]), main select, main textarea, main button');
    for (const el of all as NodeListOf<HTMLElement>) {
      if (!el.checkVisibility()) continue;
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      const name = el.id || el.getAttribute('name') || el.textContent?.trim().slice(0, 20) || el.tagName;
      if (r.width < 1 || r.height < 1) controls.push(`${name}: no size`);
      else if (r.left < -0.5 || r.right > window.innerWidth + 0.5) controls.push(`${name}: off the screen`);
      // WCAG 2.2's smallest target (24 px), the control's own box or a label that presses it.
      else if (
        ![r, ...[...((el as HTMLInputElement).labels ?? [])].map((l) => l.getBoundingClientRect())].some(
          (t) => t.width >= 24 && t.height >= 24,
        )
      )
        controls.push(`${name}: under 24 px to press`);
      else {
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(el === hit || el.contains(hit) || hit.closest('label')?.control === el))
          controls.push(`${name}: covered by ${hit?.tagName ?? 'nothing'}`);
      }
    }
    for (const d of closed) d.open = false;
    window.scrollTo(0, 0);
    return { overflow, chart, labels, controls };
  });
}

/** A PNG's width in pixels, from its header. */
export const pngWidth = (png: Buffer): number => png.readUInt32BE(16);
