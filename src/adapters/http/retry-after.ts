/** Parses a Retry-After value (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) into milliseconds from `now`. */
export function parseRetryAfter(value: string | undefined | null, now: number): number | null {
  if (value == null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
