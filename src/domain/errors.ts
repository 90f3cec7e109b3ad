/** Errors for bugs and I/O carry a stable code; invalid game input is a value (diagnostics, flags), not an error. */
export type ErrorCode =
  | 'file-unreadable'
  | 'yaml-invalid'
  | 'game-invalid'
  | 'dump-invalid'
  | 'timestamp-invalid'
  | 'usage'
  | 'platform-unknown'
  | 'post-unknown'
  | 'http'
  | 'storage';

export class ModdeskError extends Error {
  readonly code: ErrorCode;
  /** The file the problem is in, when there is one. */
  readonly file?: string;
  /** Where in the file: `line 3`, `players[2].name`, … */
  readonly place?: string;

  constructor(code: ErrorCode, message: string, opts: { file?: string; place?: string; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ModdeskError';
    this.code = code;
    this.file = opts.file;
    this.place = opts.place;
  }

  /** One line for the terminal: `file: place: message`. */
  oneLine(): string {
    return [this.file, this.place, this.message].filter(Boolean).join(': ');
  }
}

/** Shortens untrusted text for quoting in a message. */
export function quote(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
}
