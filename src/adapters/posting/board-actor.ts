import type { PagedPlatform } from '../common/paged-forum.js';
import type { BoardDialect } from './board-dialect.js';
import type { BoardForm, BoardResponse, BoardSession } from './board-session.js';

/**
 * What the steps beside the poster (form-own-actions.ts, form-message.ts) need of it: the board's poster,
 * form-sink.ts `FormSink`, passes itself. An interface of its own so those steps import no module that imports them.
 */
export interface BoardActor {
  readonly dialect: BoardDialect;
  readonly engine: PagedPlatform;
  readonly thread: string;
  readonly session: BoardSession;
  readonly creds: BoardCredentials;
  readonly opts: FormSinkOptions;
  lastPostAt: number;
  attempt<T>(what: string, step: () => Promise<T | null>): Promise<T>;
  formAt(url: string, name: string): Promise<BoardForm>;
  formIn(page: BoardResponse, name: string): BoardForm;
  submit(form: BoardForm, fields: Record<string, string>): Promise<BoardResponse>;
  answered(page: BoardResponse): BoardResponse;
  check(res: BoardResponse): void;
  logIn(): Promise<void>;
}

export interface BoardCredentials {
  username: string;
  password: string;
}

export interface FormSinkOptions {
  /** Seconds between two posts of the account (the board's flood interval); default the dialect's. */
  floodSeconds?: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}
