import { type Html, html } from '../html.js';

export interface StackRow {
  /** Attributes of the row (`class="dead"`), already built. */
  attrs?: Html;
  cells: unknown[];
}

/**
 * A table that stays a table on a wide screen and becomes one block per row on a phone (app.css `table.stack`):
 * each cell is labelled with its column's name (`data-label`), so no column runs off a 390 px screen and no cell
 * is squeezed until its words break.
 */
export function stackTable(headers: string[], rows: StackRow[], wrapAttrs: Html | string = '', cls = ''): Html {
  return html`<div class="table-wrap"${wrapAttrs}><table class="stack${cls ? ` ${cls}` : ''}">
<thead><tr>${headers.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>${rows.map(
    (r) =>
      html`<tr${r.attrs ? html` ${r.attrs}` : ''}>${r.cells.map((c, i) => html`<td data-label="${headers[i] ?? ''}">${c}</td>`)}</tr>
`,
  )}</tbody></table></div>`;
}
