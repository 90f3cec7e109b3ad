import { createRequire } from 'node:module';
import type { Dispatcher, Agent as UndiciAgent } from 'undici';

// undici's index (its `main`) also loads fetch, WebSocket, EventSource, the mock agents and the cache stores: 70 ms
// of CPU at every start of a desk (610 -> 540 ms to a watcher's first read) or of a command that reads a forum.
// moddesk uses an Agent and `request` alone, loaded here from undici's own files (7.30.2 publishes no `exports` map,
// so they are the package's to import).
// test/adapters/undici-request.test.ts checks this `request` against undici's own.
const load = createRequire(import.meta.url);
const agentClass = load('undici/lib/dispatcher/agent.js') as typeof UndiciAgent;
const apiRequest = load('undici/lib/api/api-request.js') as (
  this: Dispatcher,
  opts: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;
const { getGlobalDispatcher } = load('undici/lib/global.js') as { getGlobalDispatcher(): Dispatcher };

export const Agent = agentClass;
export type Agent = UndiciAgent;

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path' | 'method'> & {
  method?: Dispatcher.HttpMethod;
  dispatcher?: Dispatcher;
};

/**
 * undici's `request(url, options)`: GET (PUT with a body) unless a method is given, through `dispatcher` or
 * undici's global one.
 */
export function request(url: string | URL, opts: RequestOptions = {}): Promise<Dispatcher.ResponseData> {
  const target = new URL(url);
  const { dispatcher = getGlobalDispatcher(), ...rest } = opts;
  return apiRequest.call(dispatcher, {
    ...rest,
    origin: target.origin,
    path: `${target.pathname}${target.search}`,
    method: opts.method ?? (opts.body ? 'PUT' : 'GET'),
  });
}
