/**
 * HTML built by the dashboard. Every interpolated value is escaped unless it is already `Html` (built here
 * from escaped parts), so untrusted post text and player names cannot become markup by accident.
 */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
  '=': '&#61;',
};

/** Escapes text for an element's content or a quoted attribute. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`=]/g, (c) => ESCAPES[c] as string);
}

function piece(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(piece).join('');
  return esc(value);
}

/** `html\`<p>${name}</p>\``: a template whose values are escaped (arrays joined, null and false dropped). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += piece(v) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** Marks trusted, already-built markup (only for text this module or the renderers produced). */
export const trusted = (markup: string): Html => new Html(markup);

export const joinHtml = (parts: Html[], sep = ''): Html => new Html(parts.map((p) => p.value).join(esc(sep)));

/** A URL safe to put in an href: http(s), or a path on this server. Anything else (javascript:, data:) is null. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const u = url.trim();
  if (/^https?:\/\/[^\s"'<>]+$/i.test(u)) return u;
  if (/^\/(?!\/)[^\s"'<>]*$/.test(u)) return u;
  return null;
}
