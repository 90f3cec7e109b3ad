import { ModdeskError } from '../../domain/errors.js';
import { loadPage } from '../common/load-page.js';
import { request } from '../http/undici-request.js';

export interface BoardResponse {
  url: string;
  status: number;
  body: string;
}

/** A form as the board served it: where it posts and every field it carries (hidden tokens included). */
export interface BoardForm {
  action: string;
  fields: Record<string, string>;
  /** When the page holding the form arrived (our clock): boards refuse forms sent back too soon or too late. */
  fetchedAt: number;
}

export interface BoardSessionOptions {
  userAgent: string;
  timeoutMs: number;
  /** Least gap between two requests (a logged-in account is one visitor: one request at a time). */
  minGapMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/**
 * A logged-in visitor of one board: cookies kept across requests (and across the redirect that follows a login,
 * which is where boards set them), one request at a time. Not a crawler: robots.txt rules reading, not posting.
 * Never logs or stores what it sends (the password is in a login form).
 */
export class BoardSession {
  private readonly cookies = new Map<string, string>();
  private last = 0;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: BoardSessionOptions) {}

  /** Forgets the session (an expired login is replaced by a fresh one). */
  reset(): void {
    this.cookies.clear();
  }

  get hasCookies(): boolean {
    return this.cookies.size > 0;
  }

  get(url: string): Promise<BoardResponse> {
    return this.send('GET', url, null);
  }

  post(url: string, fields: Record<string, string>): Promise<BoardResponse> {
    return this.send('POST', url, new URLSearchParams(fields).toString());
  }

  private send(method: 'GET' | 'POST', url: string, body: string | null): Promise<BoardResponse> {
    const run = this.chain.then(() => this.follow(method, url, body));
    // The chain keeps only that the request settled, not the page it returned.
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async follow(method: 'GET' | 'POST', url: string, body: string | null): Promise<BoardResponse> {
    let target = new URL(url);
    let verb = method;
    let payload = body;
    for (let hop = 0; hop < 6; hop++) {
      const res = await this.once(verb, target, payload);
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && typeof location === 'string') {
        target = new URL(location, target);
        verb = 'GET';
        payload = null;
        continue;
      }
      return { url: target.href, status: res.status, body: res.body };
    }
    throw new ModdeskError('http', `too many redirects from ${url}`);
  }

  private async once(method: 'GET' | 'POST', url: URL, body: string | null) {
    const wait = this.last + this.opts.minGapMs - this.opts.now();
    if (wait > 0) await this.opts.sleep(wait);
    this.last = this.opts.now();
    const headers: Record<string, string> = { 'user-agent': this.opts.userAgent, accept: 'text/html' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== null) headers['content-type'] = 'application/x-www-form-urlencoded';
    let res: Awaited<ReturnType<typeof request>>;
    try {
      res = await request(url, {
        method,
        headers,
        body: body ?? undefined,
        headersTimeout: this.opts.timeoutMs,
        bodyTimeout: this.opts.timeoutMs,
      });
    } catch (cause) {
      throw new ModdeskError('http', `${method} ${url.origin}${url.pathname}: ${this.lostWords(cause, url)}`, {
        cause,
      });
    }
    const text = await res.body.text();
    this.keepCookies(res.headers['set-cookie']);
    return { status: res.statusCode, headers: res.headers, body: text };
  }

  /** Why a request got no answer, in words that name the host and what timed out. */
  private lostWords(cause: unknown, url: URL): string {
    const code = (cause as { code?: string }).code ?? (cause as Error).name;
    const seconds = Math.round(this.opts.timeoutMs / 1000);
    if (code === 'UND_ERR_HEADERS_TIMEOUT') return `${url.host} did not answer within ${seconds} s`;
    if (code === 'UND_ERR_BODY_TIMEOUT') return `${url.host} stopped sending its page for ${seconds} s`;
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET')
      return `${url.host} closed the connection before answering (the request may have been taken)`;
    if (code === 'ECONNREFUSED') return `${url.host} refused the connection (is the board down?)`;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `cannot find the host ${url.hostname} (DNS lookup failed)`;
    return `${url.host}: ${(cause as Error).message}`;
  }

  private keepCookies(raw: string | string[] | undefined): void {
    for (const line of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired =
        attrs.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a)) || value === '' || value === 'deleted';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * The form on `page` that holds a field named `marker` (the message box, the password box), with every input,
 * textarea and selected option it would send. Null when the page has no such form (not logged in, no permission).
 */
export function findForm(page: BoardResponse, marker: string, now: number): BoardForm | null {
  const { $ } = loadPage(page.body);
  const form = $('form')
    .toArray()
    .find((f) => $(f).find(`[name="${marker}"]`).length > 0);
  if (!form) return null;
  const fields: Record<string, string> = {};
  $(form)
    .find('input[name], textarea[name], select[name]')
    .each((_, el) => {
      const node = $(el);
      const name = node.attr('name')!;
      const type = (node.attr('type') ?? '').toLowerCase();
      if (type === 'submit' || type === 'button' || type === 'image' || type === 'file') return;
      if ((type === 'checkbox' || type === 'radio') && node.attr('checked') === undefined) return;
      if (el.tagName === 'select') fields[name] = node.find('option[selected]').attr('value') ?? '';
      else if (el.tagName === 'textarea') fields[name] = node.text();
      else fields[name] = node.attr('value') ?? (type === 'checkbox' ? 'on' : '');
    });
  const action = new URL($(form).attr('action') ?? page.url, page.url).href;
  return { action, fields, fetchedAt: now };
}
