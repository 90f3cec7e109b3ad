import { request } from '../http/undici-request.js';
import { AlertSendError } from './types.js';

/** A POST of `body` with a timeout; a non-2xx answer is an AlertSendError (429: with the wait it asked for). */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<void> {
  let res: Awaited<ReturnType<typeof request>>;
  try {
    res = await request(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new AlertSendError(`could not reach ${hostOf(url)}: ${(err as Error).message}`);
  }
  const text = await res.body.text().catch(() => '');
  if (res.statusCode >= 200 && res.statusCode < 300) return;
  throw new AlertSendError(
    `${hostOf(url)} answered HTTP ${res.statusCode}`,
    res.statusCode === 429 ? retryAfterMs(res.headers['retry-after'], text) : null,
  );
}

/** Discord puts `retry_after` (seconds) in the JSON body; HTTP's `Retry-After` header is seconds too. */
function retryAfterMs(header: string | string[] | undefined, body: string): number | null {
  try {
    const seconds = (JSON.parse(body) as { retry_after?: unknown }).retry_after;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  } catch {
    // not JSON: the header, if any
  }
  const h = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(h) && h >= 0 ? Math.ceil(h * 1000) : null;
}

/** Only the host is ever named: a Discord webhook's path is its token. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the webhook';
  }
}
