import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers on every response: no framing, no sniffing, no referrer (the token may be in a first URL), a tight CSP. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

export function send(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'text/html; charset=utf-8',
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': type,
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  res.writeHead(303, { ...SECURITY_HEADERS, location, 'content-length': '0', ...headers });
  res.end();
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY = 1_000_000;

/** A form body (application/x-www-form-urlencoded); other types are refused. Line ends become `\n`. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    throw new HttpError(415, 'expected a form (application/x-www-form-urlencoded)');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'the form is too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(
    Buffer.concat(chunks)
      .toString('utf8')
      .replace(/%0D%0A/gi, '%0A'),
  );
}

/** Whether a request target's path percent-decodes (the query is read leniently by URLSearchParams). */
export function pathDecodes(target: string): boolean {
  try {
    decodeURIComponent(target.split('?')[0] ?? '');
    return true;
  } catch {
    return false;
  }
}
