import { request as httpRequest } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A plain HTTP request with full control of the headers (fetch forbids setting Host, Origin, Cookie). */
export function request(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    form?: Record<string, string>;
    /** The address the request comes from (a loopback alias such as 127.0.0.2 stands for another machine). */
    localAddress?: string;
  } = {},
): Promise<Reply> {
  const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
  const headers: Record<string, string> = {
    ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    ...opts.headers,
  };
  return new Promise((resolve, reject) => {
    const method = opts.method ?? (body !== undefined ? 'POST' : 'GET');
    const req = httpRequest(url, { method, headers, localAddress: opts.localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** The CSRF token a page carries (every page's body has it). */
export const csrfOf = (html: string): string => /data-csrf="([^"]+)"/.exec(html)?.[1] ?? '';
