import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * Faults a fake injects on demand (issue 5 §4). `drop`: the request is answered (a post or message stored) and the
 * connection closed before the answer leaves: a lost answer, not in FAULT_KINDS (it changes the board).
 */
export type FaultKind = '429' | '503' | '500' | 'hang' | 'truncate' | 'reset' | 'drop';
export const FAULT_KINDS: FaultKind[] = ['429', '503', '500', 'hang', 'truncate', 'reset'];

export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeResponse {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export type FakeRoute = (req: FakeRequest) => FakeResponse | null;

interface PendingFault {
  kind: FaultKind;
  match: RegExp;
  body?: RegExp;
  times: number;
  retryAfter?: string;
}

/**
 * A forum on 127.0.0.1 (port 0). Records every request; a request no route answers is recorded as unexpected, and
 * `assertClean()` fails the test. Serves robots.txt (default: `User-agent: *` disallowing `/ucp.php`).
 */
export class FakeServer {
  readonly requests: FakeRequest[] = [];
  readonly unexpected: string[] = [];
  robotsTxt: string | null = 'User-agent: *\nDisallow: /ucp.php\nDisallow: /posting.php\n';
  gzip = true;
  /** Every answer waits this long (a board that takes its time per page, as MafiaScum's does). */
  delayMs = 0;
  base = '';
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly faults: PendingFault[] = [];
  private readonly saved = new Map<string, FakeResponse>();

  constructor(private readonly route: FakeRoute) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next `times` requests whose path (and body, with `body`) matches get `kind`. */
  inject(kind: FaultKind, opts: { match?: RegExp; body?: RegExp; times?: number; retryAfter?: string } = {}): void {
    this.faults.push({
      kind,
      match: opts.match ?? /^(?!\/robots\.txt)/,
      body: opts.body,
      times: opts.times ?? 1,
      retryAfter: opts.retryAfter,
    });
  }

  /** Serves `body` verbatim at `pathAndQuery` (a saved page). */
  serve(pathAndQuery: string, body: string, headers: Record<string, string> = {}): void {
    this.saved.set(pathAndQuery, {
      status: 200,
      body,
      headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    });
  }

  /** Requests since the last call (robots.txt included), as `METHOD path?query`. */
  take(): string[] {
    return this.requests.splice(0).map((r) => `${r.method} ${r.path}`);
  }

  pendingFaults(): number {
    return this.faults.reduce((n, f) => n + f.times, 0);
  }

  assertClean(): void {
    if (this.unexpected.length > 0) throw new Error(`unexpected requests: ${this.unexpected.join(', ')}`);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', this.base);
    const fr: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      url,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(fr);
    const fault = this.faults.find((f) => f.times > 0 && f.match.test(fr.path) && (!f.body || f.body.test(fr.body)));
    if (fault) {
      fault.times -= 1;
      if (fault.times === 0) this.faults.splice(this.faults.indexOf(fault), 1);
      if (this.applyFault(fault, fr, res)) return;
    }
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    const answer = this.answer(fr);
    if (!answer) {
      this.unexpected.push(`${fr.method} ${fr.path}`);
      this.send(res, fr, { status: 404, body: '<html><body>Not found</body></html>' });
      return;
    }
    this.send(res, fr, answer);
  }

  private answer(req: FakeRequest): FakeResponse | null {
    if (req.path === '/robots.txt') {
      return this.robotsTxt === null
        ? { status: 404, body: 'no robots' }
        : { status: 200, body: this.robotsTxt, headers: { 'content-type': 'text/plain' } };
    }
    return this.saved.get(req.path) ?? this.route(req);
  }

  private applyFault(fault: PendingFault, req: FakeRequest, res: ServerResponse): boolean {
    switch (fault.kind) {
      case '429':
      case '503':
        res.writeHead(Number(fault.kind), fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter });
        res.end('<html><body>Slow down</body></html>');
        return true;
      case '500':
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<html><body>General Error</body></html>');
        return true;
      case 'hang':
        return true;
      case 'drop':
        this.answer(req);
        res.socket?.destroy();
        return true;
      case 'reset':
        req.headers.connection = 'close';
        res.socket?.destroy();
        return true;
      case 'truncate': {
        const full = this.answer(req);
        if (!full) return false;
        const cut = full.body.slice(0, Math.floor(full.body.length / 2));
        res.writeHead(full.status, { ...full.headers, 'content-length': String(Buffer.byteLength(cut)) });
        res.end(cut);
        return true;
      }
    }
  }

  private send(res: ServerResponse, req: FakeRequest, answer: FakeResponse): void {
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', ...answer.headers };
    let body: Buffer = Buffer.from(answer.body, 'utf8');
    if (this.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && body.length > 512) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(answer.status, headers);
    res.end(body);
  }
}
